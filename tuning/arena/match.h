/*
 * match.h: a match between two engines under the referee (r3 match): games
 * in pairs on the same seed with the sides swapped, played C at a time, a
 * progress line per game, the results per engine and per side, and the
 * cutechess-style score line; optionally an SPRT that stops it early, and a
 * shard of the pairs for a match split across machines.
 */
#ifndef R3_MATCH_H
#define R3_MATCH_H

#include <stdio.h>

#include "games/referee.h"
#include "tuning/arena/stats.h"
#include "tuning/arena/tally.h"

#define MATCH_ALL_SCENARIOS (-1)
#define MATCH_SCENARIO_LIST (-2) /* the scenarios of 'cycle', in turn */
#define MATCH_MAX_CONCURRENCY 64

struct match_options {
    struct engine_spec engine[2];
    long games;   /* the whole match's games; with sprt, the most it plays */
    int scenario; /* SCENARIO_*, MATCH_ALL_SCENARIOS (pair p plays scenario p % 3) or MATCH_SCENARIO_LIST */
    int cycle[SCENARIO_COUNT], cycle_count; /* with MATCH_SCENARIO_LIST: pair p plays cycle[p % cycle_count] */
    uint64_t seed;
    struct time_control tc;
    int concurrency; /* games at once, each with its own two engine processes */
    bool use_sprt;
    struct sprt sprt;
    long shard, shards;  /* play only pairs p with p % shards == shard - 1 */
    const char *out_dir; /* records, results.tsv and games.pgn, or NULL */
    /* For a run of matches (r3 tune spsa): the games are numbered from
     * first_game + 1 (an even number: pairs stay whole), and the tally is
     * copied to *tally if it is not NULL. */
    long first_game;
    struct tally *tally;
};

/* r3 match's defaults: 2 games of all scenarios, seed 1, a bare go with
 * the referee's timeout, one game at a time, the whole match as one shard. */
extern const struct match_options MATCH_DEFAULT;

/* Plays the match, printing progress and results to out (NULL: nothing);
 * returns 0, or 1 if an engine could not be started or the output directory
 * written. */
int match_run(const struct match_options *o, FILE *out);

#endif
