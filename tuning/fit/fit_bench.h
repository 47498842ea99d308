/*
 * fit_bench.h: labelled positions made from random games, in the data format
 * of tuning/fit/fit_read.h, for the tests, for r3 tune eval --synthetic and
 * r3 tune policy --synthetic, and for r3 tune eval --bench, which times
 * reading them (parsing and features) and fitting them (docs/PERFORMANCE.md).
 */
#ifndef R3_FIT_BENCH_H
#define R3_FIT_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/weights.h"
#include "search/policy_weights.h"

/* Which labelled positions to make: uniformly random games (game_play with
 * rules_chance from the seed for every actor), scenario g % 3 for game g, and
 * every n-th point where a side decides. */
struct fit_synthetic {
    long games;
    uint64_t seed;
    int every;
    /* With truth, each position's result is drawn from York's chance under
     * those weights, its winrate is that chance for the side to decide, and
     * each position is a game of its own (so the fit can recover truth);
     * without, the positions of a game are labelled with its own result and
     * winrate '-'. */
    const struct eval_weights *truth;
    /* With policy, only points with more than one legal decision count, and
     * each line ends with a visits column (tuning/selfplay/visits.h): 'visits' visits
     * of the legal decisions drawn from the softmax of those weights. */
    const struct policy_weights *policy;
    int visits;
};

/* Writes the lines; returns how many. */
long fit_synthetic_write(const struct fit_synthetic *s, FILE *out);

/* The weights the bench's and r3 tune eval --synthetic's results are drawn
 * from: the defaults, with the throne, the heirs and the strength counting more. */
struct eval_weights fit_bench_truth(void);

struct fit_bench_options {
    long positions; /* lines read and fitted */
    int threads;    /* for reading */
    uint64_t seed;
};

#define FIT_BENCH_POSITIONS 1000000
#define FIT_BENCH_POOL_GAMES 600 /* the distinct positions come from this many games, read over and over */

/* r3 tune eval --bench: makes the positions, times the features alone, one
 * thread's reading, the reading of o->positions lines on o->threads threads,
 * and a fit of them; writes the figures to out. Returns the exit status. */
int fit_bench_run(const struct fit_bench_options *o, FILE *out);

#endif
