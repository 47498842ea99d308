/*
 * scenario.h: the starting positions of the three scenarios (4.0, and the
 * Kingmaker and Richard III appendices), built from the scenario tables.
 */
#ifndef R3_SCENARIO_H
#define R3_SCENARIO_H

#include "engine/core/world.h"

/* SCENARIO_* for a year (1460, 1470, 1483), or -1. */
int scenario_from_year(int year);

/* Fills w with the scenario's opening: every block in its place at full
 * strength, the King and Pretender crowned, all 25 cards in the deck waiting
 * for the deal of the first campaign. */
void scenario_setup(struct world *w, int scenario);

#endif
