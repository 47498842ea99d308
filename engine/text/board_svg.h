/*
 * board_svg.h: the board as an SVG picture (r3 show --svg): a schematic map
 * with each area at its principal town (engine/data/area_places.tsv), the
 * borders in the rulebook's colours, the sea zones, and the blocks as
 * labelled squares in their side's colour.
 *
 * board_svg() draws the true world, every block by name and strength: the
 * referee's picture. A side's picture is drawn from its view alone
 * (engine/hidden/view_svg.h), with the parts below, so that it can show only
 * what that side knows.
 */
#ifndef R3_BOARD_SVG_H
#define R3_BOARD_SVG_H

#include <stdio.h>

#include "engine/core/world.h"

/* Where an area is drawn: its town, as in engine/data/area_places.tsv. */
struct area_place {
    const char *town;
    double latitude, longitude;
};
extern const struct area_place AREA_PLACE[AREA_COUNT];

/* The picture of the true world w. */
void board_svg(const struct world *w, FILE *out);

/* The parts of a picture. The frame reads only the public facts of w (the
 * scenario, campaign, turn, phase, crown and battle area) and names the side
 * it is seen by, if not SIDE_NONE. Then come the blocks, each a square: the
 * row'th under an area's town, in its side's colours, with its text; the
 * caption lines under the title (the cards); the end. */
void board_svg_begin(const struct world *w, int seen_by, FILE *out);
void board_svg_square(int area, int row, int side, const char *text, FILE *out);
void board_svg_caption(int line, const char *text, FILE *out);
void board_svg_end(FILE *out);

/* The caption line of the cards played, if any, as w has them: a view's
 * world has an enemy card not yet shown taken out. */
void board_svg_played(int line, const struct world *w, FILE *out);

/* Writes the cards of a set into text, as "3, 7, 12" ("none" if empty). */
void board_svg_cards(uint32_t cards, char *text, size_t size);

#endif
