/*
 * card_root.h: a search whose root is the searching side's card play
 * (rulebook 1.1, 5.1). Both sides choose their cards at once; the rules have
 * York's go down first, face down, so a plain search sees the enemy's card
 * as one edge, "play ?", draws it uniformly, and plays the best reply to a
 * random card: a pure choice, the same whenever the position is, that an
 * enemy could learn. Here an iteration from such a root settles both cards
 * in its world before the descent (docs/search.md, "The mixed card"):
 *
 * - MixedCard: both by regret matching, as simultaneous-move MCTS does
 *   (Lanctot, Lisy & Winands 2013; outcome sampling, exploration
 *   CARD_EXPLORATION): the side's card over its hand, the enemy's over the
 *   cards it could play in the world drawn, with both tables kept at the
 *   root, so that neither side's choice depends on the other's. As
 *   Lancaster, York's face-down card is drawn anew from York's hand and
 *   card by York's table: York chose it without seeing Lancaster's. The
 *   side's average strategy is its mixed card, which the driver draws from.
 * - A peek (measurement only, r3 quality-card): the enemy's card drawn from
 *   odds given from outside, r3's true choice or its strategy, to measure
 *   what knowing it is worth. Nothing that plays a game sets it.
 */
#ifndef R3_CARD_ROOT_H
#define R3_CARD_ROOT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* The share of each draw that is uniform over the cards (gamma). */
#define CARD_EXPLORATION 0.1

/* Measurement only: the odds of the enemy's card this turn, by card number
 * (their sum need not be 1; cards the world drawn cannot hold are skipped). */
struct card_peek {
    double odds[CARD_COUNT + 1];
};

/* A mixed card: the side's legal cards and the share of each, summing to 1. */
struct card_strategy {
    int count;
    decision card[CARD_COUNT];
    double share[CARD_COUNT];
};

/* What a search keeps at a card root. */
struct card_root {
    bool on;         /* the root is the side's card play, and MixedCard or a peek applies */
    bool mixed;      /* MixedCard: regret matching chooses the cards */
    bool enemy_down; /* the enemy's card is already down (the side is Lancaster) */
    int side;
    uint32_t hand;                             /* the side's cards at the root */
    const struct card_peek *peek;              /* NULL but when measuring */
    double regret[SIDE_COUNT][CARD_COUNT + 1]; /* each side's regret of each card */
    double total[CARD_COUNT + 1];              /* the side's strategies summed: its average, unnormalised */
};

/* One iteration's cards. */
struct card_pick {
    decision own;                /* the side's card, chosen here; 0: the tree's selection chooses */
    decision enemy;              /* the enemy's card still to be played this turn; 0: none forced */
    int own_card, enemy_card;    /* the cards chosen, for the update */
    uint32_t own_set, enemy_set; /* the cards each could play, for the update; 0: nothing to learn */
    double own_odds, enemy_odds; /* the chance the chosen card had of being drawn */
};

/* Readies c for a search from 'root' (the side's belief) by a side that
 * plays a mixed card or peeks; c->on says whether the root is its card
 * play. */
void card_root_begin(struct card_root *c, const struct world *root, int side, bool mixed, const struct card_peek *peek);

/* Settles the cards of an iteration's world w, just drawn: the enemy's
 * face-down card put in place, or the one it will play held in its hand
 * and in pick->enemy; when mixed, the side's in pick->own. */
void card_root_deal(struct card_root *c, struct world *w, struct card_pick *pick, uint64_t *rng);

/* The decision to apply for the actor of w, who would play d: the enemy's
 * card pick->enemy (once) when it is the enemy's card play, else d. */
decision card_root_enemy_play(struct card_pick *pick, const struct world *w, int side, decision d);

/* Regret matching's update from an iteration's result for York. */
void card_root_learn(struct card_root *c, const struct card_pick *pick, double york);

/* The average strategy of the roots' summed totals over 'hand'. */
void card_strategy_make(const double *total, uint32_t hand, struct card_strategy *out);

/* A card drawn from s (a decision "play N"). */
decision card_strategy_draw(const struct card_strategy *s, uint64_t *rng);

#endif
