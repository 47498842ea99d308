/*
 * belief_quality.h: r3 quality-belief, how well a side's belief names the
 * enemy's face-down blocks (docs/quality.md). Games are played by the search
 * for both sides from their own beliefs; every few transitions, each side's
 * chance of the true block of every face-down enemy piece it cannot name is
 * read off its marginals (engine/hidden/marginals.h), once from the hard facts
 * alone (the uniform consistent sampler) and once leaning to its inference's
 * odds (search/infer.h), and the cross-entropy of the truth is counted in
 * bits: the fewer, the more the belief knew. The same for the enemy's hand,
 * a card at a time. The two beliefs see the same games, so their difference
 * is paired.
 */
#ifndef R3_BELIEF_QUALITY_H
#define R3_BELIEF_QUALITY_H

#include <stdint.h>
#include <stdio.h>

#include "search/infer.h"

#define BELIEF_QUALITY_PHASES 3 /* turns 1-2, 3-5, 6-7 of a campaign */

struct belief_quality_options {
    int scenario;    /* SCENARIO_*, or -1: all three */
    int games;       /* a scenario */
    uint64_t seed;   /* game g of scenario s is dealt and searched from (seed, s, g) */
    long iterations; /* the players' search, a decision */
    int every;       /* a position read every this many transitions */
    int draws;       /* worlds the marginals count */
    struct inference inference;
};

/* Bits summed over one part of the games; per piece (per card) they are the
 * cross-entropy. */
struct belief_quality_cell {
    long pieces;               /* readings of a face-down piece the side could not name */
    double uniform, inferred;  /* bits of the true block */
    double difference_squares; /* of uniform - inferred, a reading, for the error */
    long cards;                /* readings of a card the enemy may hold */
    double hand_uniform, hand_inferred;
};

struct belief_quality {
    struct belief_quality_cell cell[3][BELIEF_QUALITY_PHASES]; /* by scenario and phase */
    long games, transitions, enemy_decisions;
    double infer_seconds;                               /* in infer_observe, both sides */
    double belief_seconds;                              /* in belief_observe alone, both sides, the same transitions */
    long draws;                                         /* worlds drawn for the marginals, each way */
    double uniform_draw_seconds, inferred_draw_seconds; /* drawing and counting them, each way */
};

/* Plays and reads the games, with progress on stderr when 'progress'. False
 * with a reason if a belief could not take in what its side saw (a fault). */
bool belief_quality_run(const struct belief_quality_options *o, struct belief_quality *out, bool progress, char *error,
                        size_t error_size);

/* The report: a row a scenario and phase, then each scenario's and all. */
void belief_quality_print(const struct belief_quality_options *o, const struct belief_quality *q, FILE *out);

#endif
