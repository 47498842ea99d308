/*
 * view_svg.c: see view_svg.h. An area's pile lists what r3 observe lists
 * there, in its order: the side's own blocks, the enemy's identified ones,
 * then its face-down pieces by label. Block order among face-down pieces
 * would tell which piece is which block, so it is never used.
 */
#include "engine/picture/view_svg.h"

#include "engine/core/tables.h"
#include "engine/picture/board_svg.h"

/* A block the view shows face up: its strength, or the range it may have
 * when the side saw a step lost without seeing which block took it. The
 * side's own strengths are always known to it, whatever the enemy knows. */
static void block_text(const struct view *v, int b, char *text, size_t size)
{
    int value, kind = world_strength_knowledge(&v->w, b, &value);
    if (world_block_side(&v->w, b) != v->side && kind == KNOW_AT_MOST)
        snprintf(text, size, "%s 1-%d", BLOCK_INFO[b].id, value + 1);
    else
        snprintf(text, size, "%s %d", BLOCK_INFO[b].id, world_steps(&v->w, b));
}

static void face_up(const struct view *v, int side, int area, struct board_picture *p)
{
    char text[40];
    for (blockset left = blocks_in(&v->w, side, area); left; left &= left - 1) {
        block_text(v, __builtin_ctzll(left), text, sizeof text);
        board_picture_tile(p, area, side, false, text);
    }
}

static void area_blocks(const struct view *v, int area, struct board_picture *p)
{
    int enemy = 1 - v->side;
    face_up(v, v->side, area, p);
    face_up(v, enemy, area, p);
    for (int l = 0; l < MAX_LABELS; l++)
        if (v->piece[l].cand && v->piece[l].area == area) {
            char text[16];
            snprintf(text, sizeof text, "%c?%d", enemy == SIDE_YORK ? 'Y' : 'L', l + 1);
            board_picture_tile(p, area, enemy, true, text);
        }
}

/* The side's hand, the enemy's as a count (or as shown for a redeal), and
 * the cards played as far as they are face up. */
static void cards(const struct view *v, struct board_picture *p)
{
    const struct world *w = &v->w;
    int enemy = 1 - v->side;
    char list[200], line[240];
    board_svg_cards(w->hand[v->side], list, sizeof list);
    snprintf(line, sizeof line, "Your hand: %s", list);
    board_picture_line(p, line);
    snprintf(line, sizeof line, "%s holds %d card%s%s", SIDE_NAME[enemy], v->enemy_hand, v->enemy_hand == 1 ? "" : "s",
             v->enemy_card_down ? " and has played one face-down" : "");
    board_picture_line(p, line);
    if (w->hand[enemy]) {
        board_svg_cards(w->hand[enemy], list, sizeof list);
        snprintf(line, sizeof line, "%s's hand, shown for a redeal: %s", SIDE_NAME[enemy], list);
        board_picture_line(p, line);
    }
    board_picture_played(p, w); /* the view has taken out an enemy card not yet shown */
}

void view_picture(const struct view *v, int to_move, struct board_picture *p)
{
    board_picture_init(p, v->side, to_move);
    for (int a = 0; a < AREA_COUNT; a++)
        area_blocks(v, a, p);
    cards(v, p);
}

void view_svg(const struct view *v, int to_move, FILE *out)
{
    struct board_picture p;
    view_picture(v, to_move, &p);
    board_picture_write(&p, &v->w, out);
}
