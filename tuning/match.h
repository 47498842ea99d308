/*
 * match.h: a match between two engines under the referee (r3 match): games
 * in pairs on the same seed with the sides swapped, a progress line per game,
 * the results per engine and per side, and the cutechess-style score line.
 */
#ifndef R3_MATCH_H
#define R3_MATCH_H

#include <stdio.h>

#include "referee.h"

#define MATCH_ALL_SCENARIOS (-1)

struct match_options {
    struct engine_spec engine[2];
    long games;
    int scenario;   /* SCENARIO_* or MATCH_ALL_SCENARIOS (pair p plays scenario p % 3) */
    uint64_t seed;
    int movetime;   /* ms per decision */
    const char *out_dir; /* one record per game, or NULL */
};

/* Plays the match, printing progress and results to out; returns 0, or 1 if
 * an engine could not be started. */
int match_run(const struct match_options *o, FILE *out);

#endif
