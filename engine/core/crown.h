/*
 * crown.h: who reigns and who would succeed (RULINGS B.4, B.7). These facts
 * are read by the rules of several phases and by the knowledge model, so they
 * sit in core, below all of them.
 */
#ifndef R3_CROWN_H
#define R3_CROWN_H

#include <stdbool.h>

#include "engine/core/world.h"

/* The senior heir of a side that is alive and in play (on the map), or BLOCK_NONE
 * (RULINGS B.7). A prisoner is not in play. */
int senior_heir_in_play(const struct world *w, int side);

/* The side whose heirs are royal heirs: the King's, the side that is not the
 * Pretender's, even while the throne is empty (RULINGS B.7). */
int royal_side(const struct world *w);

/* RULINGS B.4: is this area one of an heir's shields? Any York heir may use
 * any York shield; the Lancaster heirs share the common Lancaster shields,
 * and Exeter's, Somerset's and Richmond's own become common once he is dead. */
bool heir_shield(const struct world *w, int heir, int area);
/* The same as a set of areas. */
uint64_t heir_shields(const struct world *w, int heir);

#endif
