/*
 * cards.h: the card phases. The deal is a chance point per card (1.0, 8.5);
 * the mulligan is a real decision with the opponent's answer (5.1, RULINGS
 * A.2); the card play is two decisions, York's card unseen by Lancaster, and
 * its reveal decides Player 1 (1.1).
 */
#ifndef R3_CARDS_H
#define R3_CARDS_H

#include "engine/core/decision.h"

#define HAND_SIZE 7
#define MULLIGAN_MAX_AP 13

int hand_ap(uint32_t hand);
/* Player 1 for two played cards (1.1): the event card wins; between two events,
 * or two action cards, the higher AP; on a tie, the Pretender's side. */
int player1_for(int york_card, int lancaster_card, int pretender_side);

int cards_actor(const struct world *w);
void cards_legal(const struct world *w, struct decisions *out);
void cards_apply(struct world *w, decision d);

#endif
