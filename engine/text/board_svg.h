/*
 * board_svg.h: the board as an SVG picture (r3 show --svg): a schematic map
 * with each area at its principal town (engine/data/area_places.tsv), the
 * borders in the rulebook's colours, the sea zones, and the blocks as
 * labelled squares in their side's colour. Seen by one side, the enemy's
 * face-down blocks are drawn as such.
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

/* Writes the picture of w: the true world (side SIDE_NONE), or what 'side'
 * sees of it. */
void board_svg(const struct world *w, int side, FILE *out);

#endif
