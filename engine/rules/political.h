/*
 * political.h: the political turn between campaigns (8.0), in its order:
 * levies, bombards and the Welsh disband and mercenaries go home (8.1); the
 * Pretender may usurp the throne (8.2, RULINGS B.14); the game may end there
 * (9.0, RULINGS B.16); the Pretender's side goes home, then the King's (8.3,
 * 8.4); exile surpluses go to the pool and the campaign is reset (8.5).
 */
#ifndef R3_POLITICAL_H
#define R3_POLITICAL_H

#include "engine/core/decision.h"

/* The political turn's first stage: 8.1, 8.2 and the game's end (9.0). */
void political_disband_and_usurp(struct world *w);
/* Its second stage: 8.3 to 8.5, up to the first choice. */
void political_homing(struct world *w);
/* Both stages. */
void political_begin(struct world *w);
int political_actor(const struct world *w);
void political_legal(const struct world *w, struct decisions *out);
void political_apply(struct world *w, decision d);

/* Nobles, heirs and churches a side has on the map for usurpation, Middlesex
 * counting as one more (RULINGS B.14). */
int usurpation_count(const struct world *w, int side);

#endif
