/*
 * board_svg.c: see board_svg.h. The map is a plain projection: x from the
 * longitude, shrunk by the cosine of 54 degrees north so that England keeps
 * its shape, y from the latitude. An area's blocks stand in a column of
 * squares under its town.
 */
#include "engine/text/board_svg.h"

#include <math.h>

#include "engine/core/tables.h"

/* As engine/data/area_places.tsv; tests/test_tables.c compares the two. */
const struct area_place AREA_PLACE[AREA_COUNT] = {
    [AREA_IRELAND] = {"Dublin", 53.35, -6.26},      [AREA_ISLE_OF_MAN] = {"Douglas", 54.15, -4.48},
    [AREA_SCOTLAND] = {"Edinburgh", 55.95, -3.19},  [AREA_NORTHUMBRIA] = {"Newcastle", 54.97, -1.61},
    [AREA_CUMBRIA] = {"Carlisle", 54.89, -2.94},    [AREA_NORTH_YORKS] = {"Richmond", 54.40, -1.74},
    [AREA_EAST_YORKS] = {"Beverley", 53.84, -0.43}, [AREA_SOUTH_YORKS] = {"York", 53.96, -1.08},
    [AREA_LANCASTER] = {"Lancaster", 54.05, -2.80}, [AREA_CAERNARVON] = {"Caernarfon", 53.14, -4.27},
    [AREA_CHESTER] = {"Chester", 53.19, -2.89},     [AREA_DERBY] = {"Derby", 52.92, -1.48},
    [AREA_LINCOLN] = {"Lincoln", 53.23, -0.54},     [AREA_PEMBROKE] = {"Pembroke", 51.67, -4.91},
    [AREA_POWYS] = {"Welshpool", 52.66, -3.15},     [AREA_HEREFORD] = {"Hereford", 52.06, -2.72},
    [AREA_WARWICK] = {"Coventry", 52.41, -1.51},    [AREA_LEICESTER] = {"Leicester", 52.64, -1.13},
    [AREA_RUTLAND] = {"Oakham", 52.67, -0.73},      [AREA_EAST_ANGLIA] = {"Norwich", 52.63, 1.30},
    [AREA_GLAMORGAN] = {"Cardiff", 51.48, -3.18},   [AREA_GLOUCESTER] = {"Gloucester", 51.86, -2.24},
    [AREA_OXFORD] = {"Oxford", 51.75, -1.26},       [AREA_MIDDLESEX] = {"London", 51.51, -0.13},
    [AREA_ESSEX] = {"Colchester", 51.89, 0.90},     [AREA_SOMERSET] = {"Bristol", 51.45, -2.59},
    [AREA_WILTS] = {"Salisbury", 51.07, -1.79},     [AREA_SUSSEX] = {"Lewes", 50.87, 0.01},
    [AREA_KENT] = {"Canterbury", 51.28, 1.08},      [AREA_CORNWALL] = {"Bodmin", 50.47, -4.72},
    [AREA_DORSET] = {"Dorchester", 50.71, -2.44},   [AREA_FRANCE] = {"Rouen", 49.44, 1.10},
    [AREA_CALAIS] = {"Calais", 50.95, 1.86},
};

#define SCALE 130.0 /* pixels a degree of latitude */
#define WEST (-7.0)
#define NORTH 56.4
#define WIDTH 820
#define HEIGHT 1030
#define SQUARE_W 100
#define SQUARE_H 13

static double x_of(int area) { return (AREA_PLACE[area].longitude - WEST) * SCALE * cos(54.0 * M_PI / 180.0) + 20; }
static double y_of(int area) { return (NORTH - AREA_PLACE[area].latitude) * SCALE + 40; }

static const char *const BORDER_COLOUR[] = {"#c9a227", "#2a5caa", "#c0392b"}; /* yellow, blue, red (2.2) */
static const char *const SEA_LABEL[SEA_COUNT] = {"Irish Sea", "North Sea", "English Channel"};
static const double SEA_AT[SEA_COUNT][2] = {{150, 430}, {700, 330}, {430, 880}};

static void borders(FILE *out)
{
    for (int e = 0; e < BORDER_COUNT; e++) {
        const struct border_info *b = &BORDER_INFO[e];
        fprintf(out,
                "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"3\" "
                "opacity=\"0.7\"/>\n",
                x_of(b->a), y_of(b->a), x_of(b->b), y_of(b->b), BORDER_COLOUR[b->colour]);
    }
}

static void areas(const struct world *w, FILE *out)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        const struct area_info *info = &AREA_INFO[a];
        bool battle = w->battle.area == a;
        fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
                x_of(a), y_of(a), battle ? 9 : 6, info->kind == AREA_EXILE ? "#dddddd" : "#f4ecd8",
                battle               ? "#c0392b"
                : area_is_coastal(a) ? "#4a90c2"
                                     : "#555555",
                battle ? 4 : 2);
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" font-weight=\"bold\">%s%s%s</text>\n", x_of(a) + 9,
                y_of(a) - 4, info->name, info->crown ? " \xe2\x99\x94" : "", battle ? " (battle)" : "");
    }
    for (int s = 0; s < SEA_COUNT; s++)
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"16\" font-style=\"italic\" fill=\"#4a90c2\">%s</text>\n",
                SEA_AT[s][0], SEA_AT[s][1], SEA_LABEL[s]);
}

void board_svg_square(int area, int row, int side, const char *text, FILE *out)
{
    bool york = side == SIDE_YORK;
    double x = x_of(area) - SQUARE_W / 2.0, y = y_of(area) + 8 + row * SQUARE_H;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#222222\"/>\n", x, y,
            SQUARE_W, SQUARE_H, york ? "#fbf7ee" : "#b22222");
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"9\" fill=\"%s\">%s</text>\n", x + 3, y + 10,
            york ? "#b22222" : "#ffffff", text);
}

void board_svg_caption(int line, const char *text, FILE *out)
{
    fprintf(out, "<text x=\"20\" y=\"%d\" font-size=\"12\">%s</text>\n", 44 + 16 * line, text);
}

void board_svg_cards(uint32_t cards, char *text, size_t size)
{
    size_t n = 0;
    text[0] = '\0';
    for (int c = 1; c <= CARD_COUNT && n < size; c++)
        if (cards >> c & 1)
            n += (size_t)snprintf(text + n, size - n, "%s%d", n ? ", " : "", c);
    if (!cards)
        snprintf(text, size, "none");
}

static const char *block_name(int block) { return block < BLOCK_COUNT ? BLOCK_INFO[block].id : "none"; }

void board_svg_begin(const struct world *w, int seen_by, FILE *out)
{
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n",
            WIDTH, HEIGHT, WIDTH, HEIGHT);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#e8f1f8\"/>\n", WIDTH, HEIGHT);
    fprintf(out,
            "<text x=\"20\" y=\"24\" font-size=\"15\">Richard III, %d: campaign %d, turn %d, %s phase. King %s, "
            "Pretender %s%s%s</text>\n",
            SCENARIO_INFO[w->scenario].year, w->campaign, w->turn, PHASE_NAME[w->phase], block_name(w->king),
            block_name(w->pretender), seen_by == SIDE_NONE ? "" : ". Seen by ",
            seen_by == SIDE_NONE ? "" : SIDE_NAME[seen_by]);
    borders(out);
    areas(w, out);
}

void board_svg_end(FILE *out) { fprintf(out, "</svg>\n"); }

void board_svg_played(int line, const struct world *w, FILE *out)
{
    char card[SIDE_COUNT][8] = {"-", "-"}, text[80];
    if (!w->played[SIDE_YORK] && !w->played[SIDE_LANCASTER])
        return;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->played[s])
            snprintf(card[s], sizeof card[s], "%d", w->played[s]);
    snprintf(text, sizeof text, "Cards played: York %s, Lancaster %s", card[SIDE_YORK], card[SIDE_LANCASTER]);
    board_svg_caption(line, text, out);
}

/* Both hands and the cards played, where there are any: the referee sees them all. */
static void true_cards(const struct world *w, FILE *out)
{
    char cards[80], line[160];
    int n = 0;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->hand[s]) {
            board_svg_cards(w->hand[s], cards, sizeof cards);
            snprintf(line, sizeof line, "%s's hand: %s", SIDE_NAME[s], cards);
            board_svg_caption(n++, line, out);
        }
    board_svg_played(n, w, out);
}

void board_svg(const struct world *w, FILE *out)
{
    char text[40];
    board_svg_begin(w, SIDE_NONE, out);
    for (int a = 0; a < AREA_COUNT; a++) {
        int row = 0;
        for (blockset left = w->at[a]; left; left &= left - 1, row++) {
            int b = __builtin_ctzll(left);
            snprintf(text, sizeof text, "%s %d", BLOCK_INFO[b].id, world_steps(w, b));
            board_svg_square(a, row, world_block_side(w, b), text, out);
        }
    }
    true_cards(w, out);
    board_svg_end(out);
}
