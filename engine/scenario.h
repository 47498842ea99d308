/*
 * scenario.h: the starting positions of the three scenarios (4.0, and the
 * Kingmaker and Richard III appendices), built from the scenario tables.
 */
#ifndef R3_SCENARIO_H
#define R3_SCENARIO_H

#include "world.h"

/* SCENARIO_* for a year (1460, 1470, 1483), or -1. */
int scenario_from_year(int year);

/* Fills w with the scenario's opening: every block in its place at full
 * strength, the King and Pretender crowned, all 25 cards in the deck waiting
 * for the deal of the first campaign. */
void scenario_setup(struct world *w, int scenario);

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

#endif
