/*
 * board_svg.c: see board_svg.h. The map's shapes are fixed
 * (engine/picture/map_geometry.c); what changes from one picture to the next is
 * laid out here: the panel and the legend in their corners, then the sea
 * zones' names, the areas' names, and each area's pile of tiles, the tallest
 * first, each as near its name as a free spot allows (map_layout.h). A pile
 * that had to move away is tied to its area's name by a thin line.
 */
#include "engine/picture/board_svg.h"

#include <string.h>

#include "engine/core/decision.h"
#include "engine/core/tables.h"
#include "engine/picture/map_geometry.h"

#define FONT "DejaVu Sans, sans-serif"
#define NAME_SIZE 10.5
#define TILE_SIZE 8.0
#define TILE_H 11.0
#define SEA_SIZE 15.0
#define PANEL_W 284.0
#define PANEL_SIZE 11.0
#define PANEL_ROW 15.0
#define LEGEND_W 206.0
#define LEGEND_H 134.0
#define CROWN "\xe2\x99\x94"
#define CATHEDRAL "\xe2\x9c\x9d"
#define PORT "\xe2\x9a\x93"
#define CITY "\xe2\x97\x86"
#define ROW_MAX 240

static const char *const BORDER_COLOUR[] = {"#d4a017", "#2a5caa", "#c0392b"}; /* yellow, blue, red (2.2) */
/* The borders differ by width, and the red by its dashes too, for those who cannot tell the colours apart. */
static const char *const BORDER_WIDTH[] = {"2", "2.8", "3.4"};
#define RED_DASHES " stroke-dasharray=\"7 3\""
static const char *const SEA_LABEL[SEA_COUNT] = {"Irish Sea", "North Sea", "English Channel"};

void board_picture_init(struct board_picture *p, int seen_by, int to_move)
{
    p->seen_by = seen_by;
    p->to_move = to_move;
    p->tiles = p->lines = 0;
}

void board_picture_tile(struct board_picture *p, int area, int side, bool face_down, const char *text)
{
    if (p->tiles == BOARD_TILES)
        return;
    struct board_tile *t = &p->tile[p->tiles++];
    t->area = (uint8_t)area;
    t->side = (uint8_t)side;
    t->face_down = face_down;
    snprintf(t->text, sizeof t->text, "%.*s", (int)sizeof t->text - 1, text);
}

void board_picture_line(struct board_picture *p, const char *text)
{
    if (p->lines < BOARD_LINES)
        snprintf(p->line[p->lines++], sizeof p->line[0], "%.*s", (int)sizeof p->line[0] - 1, text);
}

void board_svg_cards(uint32_t cards, char *text, size_t size)
{
    size_t n = 0;
    snprintf(text, size, "none");
    for (int c = 1; c <= CARD_COUNT && n < size; c++)
        if (cards >> c & 1) {
            const struct card_info *k = &CARD_INFO[c];
            if (k->event == EVENT_NONE)
                n += (size_t)snprintf(text + n, size - n, "%s%d (%d AP)", n ? ", " : "", c, k->ap);
            else
                n += (size_t)snprintf(text + n, size - n, "%s%d %s (%d AP)", n ? ", " : "", c, k->name, k->ap);
        }
}

void board_picture_played(struct board_picture *p, const struct world *w)
{
    char card[SIDE_COUNT][8] = {"-", "-"}, text[80];
    if (!w->played[SIDE_YORK] && !w->played[SIDE_LANCASTER])
        return;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->played[s])
            snprintf(card[s], sizeof card[s], "%d", w->played[s]);
    snprintf(text, sizeof text, "Cards played: York %s, Lancaster %s", card[SIDE_YORK], card[SIDE_LANCASTER]);
    board_picture_line(p, text);
}

/* ---- the labels' text and size ---- */

static void area_label(const struct world *w, int a, char *text, size_t size)
{
    const struct area_info *info = &AREA_INFO[a];
    snprintf(text, size, "%s%s%s%s%s%s", info->name, info->crown ? " " CROWN : "", info->cathedral ? " " CATHEDRAL : "",
             info->city ? " " CITY : "", info->major_port ? " " PORT : "", w->battle.area == a ? " (battle)" : "");
}

static const char *block_name(int block) { return block < BLOCK_COUNT ? BLOCK_INFO[block].id : "none"; }

static const char *actor_name(int actor)
{
    return actor == ACTOR_CHANCE ? "chance (dice or a deal)"
           : actor == ACTOR_NONE ? "nobody: the game is over"
                                 : SIDE_NAME[actor];
}

/* Splits one line at its ", " into rows that fit the panel; a row that
 * goes on from the one above starts with a tab, and is drawn indented. */
static int wrap(const char *text, bool bold, char rows[][ROW_MAX], int most)
{
    int n = 0;
    const char *start = text;
    while (*start && n < most) {
        const char *cut = start + strlen(start);
        char row[ROW_MAX];
        for (;;) {
            snprintf(row, sizeof row, "%s%.*s", start == text ? "" : "\t", (int)(cut - start), start);
            const char *last = NULL;
            for (const char *c = start; (c = strstr(c, ", ")) && c < cut; c += 2)
                last = c;
            if (map_text_width(row, PANEL_SIZE, bold) <= PANEL_W - 16 || !last)
                break;
            cut = last;
        }
        snprintf(rows[n++], ROW_MAX, "%s", row);
        start = cut + (strncmp(cut, ", ", 2) == 0 ? 2 : 0);
    }
    return n;
}

/* The panel's rows: the title, the public facts, then the picture's lines. */
static int panel_rows(const struct board_picture *p, const struct world *w, char rows[][ROW_MAX], int most)
{
    char head[4][ROW_MAX];
    int n = 0, heads = 0;
    snprintf(head[heads++], sizeof head[0], "Richard III, %d: campaign %d, turn %d", SCENARIO_INFO[w->scenario].year,
             w->campaign, w->turn);
    if (w->phase == PHASE_ACTION)
        snprintf(head[heads++], sizeof head[0], "action phase, %d AP left. To move: %s", w->ap_left,
                 actor_name(p->to_move));
    else
        snprintf(head[heads++], sizeof head[0], "%s phase. To move: %s", PHASE_NAME[w->phase], actor_name(p->to_move));
    snprintf(head[heads++], sizeof head[0], "King %s, Pretender %s", block_name(w->king), block_name(w->pretender));
    if (p->seen_by != SIDE_NONE)
        snprintf(head[heads++], sizeof head[0], "Seen by %s", SIDE_NAME[p->seen_by]);
    for (int i = 0; i < heads + p->lines && n < most; i++)
        n += wrap(i < heads ? head[i] : p->line[i - heads], i == 0, rows + n, most - n);
    return n;
}

#define PANEL_ROWS 24

/* ---- layout ---- */

static double tile_width(const struct board_picture *p, int area)
{
    double w = 0;
    for (int i = 0; i < p->tiles; i++)
        if (p->tile[i].area == area) {
            double t = map_text_width(p->tile[i].text, TILE_SIZE, true) + 6;
            w = t > w ? t : w;
        }
    return w;
}

static int tiles_in(const struct board_picture *p, int area)
{
    int n = 0;
    for (int i = 0; i < p->tiles; i++)
        n += p->tile[i].area == area;
    return n;
}

static struct map_box panel_box(const struct board_picture *p, const struct world *w)
{
    char rows[PANEL_ROWS][ROW_MAX];
    int n = panel_rows(p, w, rows, PANEL_ROWS);
    return (struct map_box){MAP_WIDTH - PANEL_W - 8, 8, PANEL_W, 12 + n * PANEL_ROW};
}

static struct map_box legend_box(void) { return (struct map_box){8, MAP_HEIGHT - LEGEND_H - 8, LEGEND_W, LEGEND_H}; }

/* The areas by pile height, tallest first: they have the fewest free spots. */
static void by_pile_height(const struct board_picture *p, int order[AREA_COUNT])
{
    for (int a = 0; a < AREA_COUNT; a++)
        order[a] = a;
    for (int i = 1; i < AREA_COUNT; i++)
        for (int j = i; j > 0 && tiles_in(p, order[j]) > tiles_in(p, order[j - 1]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

void board_picture_layout(const struct board_picture *p, const struct world *w, struct board_layout *out)
{
    char text[96];
    memset(out, 0, sizeof *out);
    map_fix(&out->all, panel_box(p, w));
    map_fix(&out->all, legend_box());
    for (int s = 0; s < SEA_COUNT; s++) {
        double width = map_text_width(SEA_LABEL[s], SEA_SIZE, false);
        map_place(&out->all, MAP_SEA_LABEL[s][0] - width / 2, MAP_SEA_LABEL[s][1] - SEA_SIZE / 2, width,
                  SEA_SIZE * 1.2);
    }
    for (int a = 0; a < AREA_COUNT; a++) {
        area_label(w, a, text, sizeof text);
        double width = map_text_width(text, NAME_SIZE, true);
        out->name[a] = map_place(&out->all, MAP_AREA[a].label_x - width / 2, MAP_AREA[a].label_y - NAME_SIZE * 0.6,
                                 width, NAME_SIZE * 1.25);
    }
    int order[AREA_COUNT];
    by_pile_height(p, order);
    for (int i = 0; i < AREA_COUNT && tiles_in(p, order[i]); i++) {
        int a = order[i];
        double width = tile_width(p, a), height = tiles_in(p, a) * TILE_H;
        const struct map_box *name = &out->name[a];
        out->pile[a] = map_place(&out->all, name->x + name->w / 2 - width / 2, name->y + name->h + 1, width, height);
    }
}

/* ---- drawing ---- */

static void water_and_land(FILE *out)
{
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#cfe3f0\"/>\n", MAP_WIDTH, MAP_HEIGHT);
    fprintf(out, "<path d=\"%s\" fill=\"#dedcd5\" stroke=\"#b9b4aa\" stroke-width=\"0.6\"/>\n", MAP_OTHER_LAND);
    fprintf(out, "<path d=\"%s\" fill=\"none\" stroke=\"#6a9cc0\" stroke-width=\"1.2\" stroke-dasharray=\"6 4\"/>\n",
            MAP_SEA_EDGES);
}

static const char *area_fill(int a)
{
    switch (AREA_INFO[a].kind) {
    case AREA_WALES: return "#e4ebc9";
    case AREA_EXILE: return "#e9e1ef";
    default: return "#f4ead0";
    }
}

static void areas(const struct world *w, FILE *out)
{
    char word[32];
    for (int a = 0; a < AREA_COUNT; a++) {
        area_word(a, word, sizeof word);
        fprintf(out,
                "<path data-area=\"%s\" d=\"%s\" fill=\"%s\" stroke=\"#9a8e76\" stroke-width=\"0.6\">"
                "<title>%s</title></path>\n",
                word, MAP_AREA[a].path, area_fill(a), AREA_INFO[a].name);
    }
    for (int e = 0; e < BORDER_COUNT; e++) {
        int colour = BORDER_INFO[e].colour;
        fprintf(out, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"%s/>\n",
                MAP_BORDER[e], BORDER_COLOUR[colour], BORDER_WIDTH[colour], colour == BORDER_RED ? RED_DASHES : "");
    }
    for (int i = 0; i < MAP_PORT_COUNT; i++) {
        const struct map_port *port = &MAP_PORT[i];
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2f6f9f\" stroke-width=\"1.3\"/>"
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"#2f6f9f\"/>\n",
                port->x0, port->y0, port->x1, port->y1, port->x1, port->y1);
    }
    if (w->battle.area < AREA_COUNT)
        fprintf(out, "<path d=\"%s\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\"/>\n",
                MAP_AREA[w->battle.area].path);
}

/* Text inside a box: x is its left edge, the baseline a fifth of the size above its bottom. */
static void text_at(double x, double baseline, double size, const char *style, const char *text, FILE *out)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" %s>%s</text>\n", x, baseline, size, style, text);
}

static void names(const struct world *w, const struct board_layout *l, FILE *out)
{
    char text[96];
    for (int s = 0; s < SEA_COUNT; s++) {
        const struct map_box *b = &l->all.box[2 + s];
        text_at(b->x, b->y + SEA_SIZE, SEA_SIZE, "font-style=\"italic\" fill=\"#3b6e96\"", SEA_LABEL[s], out);
    }
    char style[160], word[32];
    for (int a = 0; a < AREA_COUNT; a++) {
        area_label(w, a, text, sizeof text);
        area_word(a, word, sizeof word);
        snprintf(style, sizeof style,
                 "data-area=\"%s\" font-weight=\"bold\" fill=\"#3a2f1e\" stroke=\"#fffaf0\" stroke-width=\"2.5\" "
                 "paint-order=\"stroke\"",
                 word);
        text_at(l->name[a].x, l->name[a].y + NAME_SIZE, NAME_SIZE, style, text, out);
    }
}

/* A block's tile; a sample in the legend is no block of the board, and its
 * text says so by its class. A block's tile is a group named by the block
 * ("Y:York 4" names Y:York, "L?2" the face-down piece), with its text as a title. */
static void tile(const struct board_tile *t, double x, double y, double width, bool sample, FILE *out)
{
    bool york = t->side == SIDE_YORK;
    if (!sample)
        fprintf(out, "<g data-block=\"%.*s\"><title>%s</title>\n", (int)strcspn(t->text, " "), t->text, t->text);
    const char *fill = york ? (t->face_down ? "#e2d8c0" : "#fbf7ee") : (t->face_down ? "#7d1717" : "#b22222");
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"1.5\" fill=\"%s\" stroke=\"#3a2f1e\" "
            "stroke-width=\"0.7\"%s/>\n",
            x, y, width, TILE_H - 1, fill, t->face_down ? " stroke-dasharray=\"2 1.5\"" : "");
    char style[96];
    snprintf(style, sizeof style, "class=\"%s\" font-weight=\"bold\" fill=\"%s\"%s", sample ? "sample" : "block",
             york ? "#a01818" : "#ffffff", t->face_down ? " font-style=\"italic\"" : "");
    text_at(x + 3, y + TILE_H - 3, TILE_SIZE, style, t->text, out);
    if (!sample)
        fprintf(out, "</g>\n");
}

static void piles(const struct board_picture *p, const struct board_layout *l, FILE *out)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        const struct map_box *b = &l->pile[a], *name = &l->name[a];
        if (b->w == 0)
            continue;
        if (b->y > name->y + name->h + 2 || b->y + b->h < name->y || b->x > name->x + name->w || b->x + b->w < name->x)
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#3a2f1e\" stroke-width=\"0.8\"/>\n",
                    name->x + name->w / 2, name->y + name->h, b->x + b->w / 2, b->y);
        int row = 0;
        for (int i = 0; i < p->tiles; i++)
            if (p->tile[i].area == a)
                tile(&p->tile[i], b->x, b->y + TILE_H * row++, b->w, false, out);
    }
}

static void panel(const struct board_picture *p, const struct world *w, const struct map_box *b, FILE *out)
{
    char rows[PANEL_ROWS][ROW_MAX];
    int n = panel_rows(p, w, rows, PANEL_ROWS);
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"#fffdf7\" stroke=\"#9a8e76\" "
            "opacity=\"0.95\"/>\n",
            b->x, b->y, b->w, b->h);
    for (int i = 0; i < n; i++) {
        bool more = rows[i][0] == '\t';
        text_at(b->x + (more ? 20 : 8), b->y + 6 + PANEL_ROW * (i + 1) - 3, PANEL_SIZE,
                i == 0 ? "font-weight=\"bold\"" : "", rows[i] + more, out);
    }
}

static void legend(FILE *out)
{
    struct map_box b = legend_box();
    double x = b.x + 8, y = b.y + 16;
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"#fffdf7\" stroke=\"#9a8e76\" "
            "opacity=\"0.95\"/>\n",
            b.x, b.y, b.w, b.h);
    static const char *const limit[] = {"4 blocks", "3", "2, and stop"};
    double at = x;
    text_at(x, y, 9.5, "font-weight=\"bold\"", "Borders: blocks a turn", out);
    for (int c = BORDER_YELLOW; c <= BORDER_RED; c++) {
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
                at, y + 10, at + 16, y + 10, BORDER_COLOUR[c], BORDER_WIDTH[c], c == BORDER_RED ? RED_DASHES : "");
        text_at(at + 17, y + 13, 9, "", limit[c], out);
        at += 17 + map_text_width(limit[c], 9, false) + 8;
    }
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2f6f9f\" stroke-width=\"1.3\"/><circle "
            "cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"#2f6f9f\"/>\n",
            x, y + 27, x + 14, y + 27, x + 14, y + 27);
    text_at(x + 20, y + 30, 9, "", "port: the sea zones an area reaches", out);
    text_at(x, y + 46, 9, "", CROWN " crown  " CATHEDRAL " cathedral  " CITY " city  " PORT " major port", out);
    struct board_tile samples[] = {
        {0, SIDE_YORK, false, "Y:York 3"}, {0, SIDE_LANCASTER, false, "L:Exeter 2"}, {0, SIDE_LANCASTER, true, "L?4"}};
    for (int i = 0; i < 3; i++)
        tile(&samples[i], x + (i == 2 ? 0 : i * 62), y + 56 + (i == 2 ? 14 : 0), i == 2 ? 26 : 58, true, out);
    text_at(x + 32, y + 78, 9, "", "a block not seen: face-down", out);
    fprintf(
        out,
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"9\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n",
        x, y + 86);
    text_at(x + 20, y + 94, 9, "", "the battle area", out);
}

void board_picture_write(const struct board_picture *p, const struct world *w, FILE *out)
{
    struct board_layout layout;
    board_picture_layout(p, w, &layout);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"" FONT "\">\n",
            MAP_WIDTH, MAP_HEIGHT, MAP_WIDTH, MAP_HEIGHT);
    water_and_land(out);
    areas(w, out);
    names(w, &layout, out);
    piles(p, &layout, out);
    panel(p, w, &layout.all.box[0], out);
    legend(out);
    fprintf(out, "</svg>\n");
}

/* Every block by name and strength, both hands and the cards played: the referee sees them all. */
void board_picture_of(const struct world *w, int to_move, struct board_picture *p)
{
    char cards[200], line[240];
    board_picture_init(p, SIDE_NONE, to_move);
    for (int a = 0; a < AREA_COUNT; a++)
        for (blockset left = w->at[a]; left; left &= left - 1) {
            int b = __builtin_ctzll(left);
            snprintf(line, sizeof line, "%s %d", BLOCK_INFO[b].id, world_steps(w, b));
            board_picture_tile(p, a, world_block_side(w, b), false, line);
        }
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->hand[s]) {
            board_svg_cards(w->hand[s], cards, sizeof cards);
            snprintf(line, sizeof line, "%s's hand: %s", SIDE_NAME[s], cards);
            board_picture_line(p, line);
        }
    board_picture_played(p, w);
}

void board_svg(const struct world *w, int to_move, FILE *out)
{
    struct board_picture p;
    board_picture_of(w, to_move, &p);
    board_picture_write(&p, w, out);
}
