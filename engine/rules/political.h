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

/* world.step in PHASE_POLITICAL. */
enum political_step {
    POLITICAL_PRETENDER_HOME, /* the Pretender's blocks go home (8.3) */
    POLITICAL_KING_HOME,      /* then the King's (8.4) */
    POLITICAL_EXILE_SURPLUS,  /* blocks over an exile limit go to the pool (RULINGS A.8) */
    POLITICAL_STEP_COUNT,
    /* Set by the supply phase when the campaign's last turn ends. rules_apply()
     * begins the turn only after the knowledge has taken in the decision that
     * ended the campaign, since 8.1's narrowing must start from what the
     * observer knew then (a block recruited by that very decision included). */
    POLITICAL_DUE = POLITICAL_STEP_COUNT,
    /* Set when 8.1 and 8.2 are done: the blocks going home come next, as a
     * stage of their own, since a block that disbanded to the pool and one
     * that went home to it look alike but for when they went. */
    POLITICAL_HOMING_DUE
};

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
