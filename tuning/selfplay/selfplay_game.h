/*
 * selfplay_game.h: one game of r3 selfplay (docs/selfplay.md). The same
 * player decides for both sides through the search driver, each from its own
 * belief built from its observations alone, as a protocol engine would under
 * the referee; chance comes from the game's seed. Where a side decides among
 * more than one legal decision, the position is a candidate; the kept ones
 * become the game's lines, labelled with the game's result once it is known.
 */
#ifndef R3_SELFPLAY_GAME_H
#define R3_SELFPLAY_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/driver.h"

/* What every game of a run shares. */
struct selfplay_setup {
    const struct player *player; /* both sides'; its weights must outlive the run */
    uint64_t player_seed;        /* the option Seed */
    int scenario;                /* SCENARIO_* or SELFPLAY_ALL_SCENARIOS */
    uint64_t seed;               /* the run's --seed */
    long sample_every;           /* keep one candidate in this many on average */
    bool record_visits;          /* add the root's visits to each line */
};

/* One game's lines and what it came to. */
struct selfplay_game {
    char *text; /* the lines, malloc'd (free it); NULL for a dropped game */
    size_t length;
    long positions; /* lines */
    long decisions; /* transitions, chance included */
    int winner;     /* enum side, or SIDE_NONE at the decision bound (a draw) */
    bool dropped;   /* no result to label it with: 'why' says why */
    char why[400];
};

/* Plays game 'game' of the run (its global number) to its end. False only if
 * memory ran out; a game that has no result is dropped, with why. */
bool selfplay_game_play(const struct selfplay_setup *s, long game, struct selfplay_game *out);

#endif
