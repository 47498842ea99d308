/*
 * card_peek.h: the games of r3 quality-card (docs/quality.md, "What r3's
 * card gives away"). Both sides are the same engine, each deciding from its
 * own belief through the search driver, chance from the game's seed, as in
 * r3 selfplay. One side, the peeker, may be shown r3's card before it
 * chooses its own: as Lancaster, York's card already down; as York,
 * Lancaster's, which Lancaster decides first on a copy of its belief (its
 * view after York's face-down play is the same whatever York played) and
 * then plays when its turn comes. The peeker's search then draws the enemy's
 * card in every world from what it is shown (search/card_root.h): the card,
 * or, where r3 plays a mixed card (MixedCard), the strategy it drew the card
 * from, which is what an enemy that knew r3's play could know. A game pair
 * plays one seed with and without the showing.
 */
#ifndef R3_CARD_PEEK_H
#define R3_CARD_PEEK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/driver.h"

/* What every game shares. */
struct card_peek_setup {
    const struct player *player; /* both sides'; its weights must outlive the run */
    uint64_t player_seed;        /* the option Seed */
    uint64_t seed;               /* the run's --seed */
    int scenario;                /* SCENARIO_*, or SELFPLAY_ALL_SCENARIOS: pair g plays the (g mod 3)th */
    bool show_card;              /* show the card drawn even where r3 drew it from a mixed strategy */
};

/* Pair g's scenario and its peeker: York for even g / 3, Lancaster for odd,
 * so that the two alternate within each scenario. */
int card_peek_scenario(const struct card_peek_setup *s, long pair);
int card_peek_peeker(long pair);

/* One game of pair 'pair', the peeker shown r3's card or not: the winner
 * (SIDE_NONE: a draw at the decision bound) in *winner, and the card plays
 * the peeker saw in *shown_plays. False, with why, if the game could not be
 * played to a result. */
bool card_peek_play(const struct card_peek_setup *s, long pair, bool shown, int *winner, long *shown_plays, char *why,
                    size_t size);

#endif
