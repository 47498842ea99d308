/*
 * board_svg.h: the board as an SVG picture (r3 show --svg): a map of England
 * and Wales with their real coastline (engine/picture/map_geometry.h), each area
 * drawn as a region, the borders in the rulebook's colours, the sea zones
 * with their port links, the blocks as tiles in their side's colours, a
 * legend, and a panel with the turn, whose move it is and the cards.
 *
 * board_svg() draws the true world, every block by name and strength: the
 * referee's picture. A side's picture is filled from its view alone
 * (engine/picture/view_svg.h) through the same board_picture, so that it can
 * show only what that side knows.
 */
#ifndef R3_BOARD_SVG_H
#define R3_BOARD_SVG_H

#include <stdio.h>

#include "engine/core/world.h"
#include "engine/picture/map_layout.h"

#define BOARD_TILES 96 /* every block, and every face-down piece a side can hold apart */
#define BOARD_LINES 10

struct board_tile {
    uint8_t area, side;
    bool face_down;
    char text[32]; /* "Y:York 4", "L:Warwick 1-3", "L?2" */
};

/* What a picture shows beyond the map's public facts. */
struct board_picture {
    int seen_by; /* enum side, or SIDE_NONE for the referee's picture */
    int to_move; /* enum actor */
    int tiles, lines;
    struct board_tile tile[BOARD_TILES]; /* in the order each area lists them */
    char line[BOARD_LINES][200];         /* the panel's lines after the turn and whose move it is */
};

/* Where each label of a picture went: every box, none covering another, and
 * the area names' and the piles' among them (a pile of no tiles has w 0). */
struct board_layout {
    struct map_layout all;
    struct map_box name[AREA_COUNT], pile[AREA_COUNT];
};

/* The referee's picture of the true world w; to_move is rules_actor(w). */
void board_svg(const struct world *w, int to_move, FILE *out);
void board_picture_of(const struct world *w, int to_move, struct board_picture *p);

void board_picture_init(struct board_picture *p, int seen_by, int to_move);
void board_picture_tile(struct board_picture *p, int area, int side, bool face_down, const char *text);
void board_picture_line(struct board_picture *p, const char *text);

/* Lays out and writes the picture. The map reads only the public facts of w:
 * the scenario, campaign, turn, phase, AP, crown and battle area. */
void board_picture_layout(const struct board_picture *p, const struct world *w, struct board_layout *out);
void board_picture_write(const struct board_picture *p, const struct world *w, FILE *out);

/* The panel's line of the cards played, if any, as w has them: a view's world
 * has an enemy card not yet shown taken out. */
void board_picture_played(struct board_picture *p, const struct world *w);

/* Writes the cards of a set into text with their names or AP, as
 * "3 Piracy (2 AP), 9 (3 AP)" ("none" if empty). */
void board_svg_cards(uint32_t cards, char *text, size_t size);

#endif
