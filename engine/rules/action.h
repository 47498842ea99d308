/*
 * action.h: the action phase (1.2, 5.0). Player 1 acts, then Player 2, each
 * spending his card's action points one atomic decision at a time: a land
 * group (area, then each block and each area it enters), a sea move, a
 * recruit, or his event card's action (RULINGS A.1, B.17).
 */
#ifndef R3_ACTION_H
#define R3_ACTION_H

#include "engine/core/decision.h"

/* world.step in PHASE_ACTION. */
enum action_step { ACTION_PLAYER1, ACTION_PLAYER2 };

/* Actions a card gives: its AP, or for an event card the uses of its event
 * (Piracy two sea moves; Muster, Plague, Force March, Surprise, Treason one). */
int card_actions(int card);

int action_actor(const struct world *w);
void action_legal(const struct world *w, struct decisions *out);
void action_apply(struct world *w, decision d);

/* 5.4: can this block, if it is in the pool, be recruited anywhere now?
 * Mercenaries other than the Welsh come out of exile by sea instead. */
bool recruitable(const struct world *w, int block);

/* Starts the action phase after the cards are revealed. */
void action_begin(struct world *w);

#endif
