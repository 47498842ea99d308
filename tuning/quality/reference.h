/*
 * reference.h: making the decision-quality suite (docs/quality.md). The
 * positions are taken from an r3 selfplay file, a fixed number for each
 * scenario and suite phase; each decision legal there is valued by playing
 * the game on to its end many times after it with the heuristic playout
 * policy on both sides. Each rollout first draws a world from the deciding
 * side's view (never the true one, which that side could not know) and then
 * plays every decision from that same world with the same random numbers,
 * so that the decisions' gaps are measured with far less noise than their
 * values. The value is the game's outcome, not the evaluation's, so that a
 * new evaluation is not graded by how much it agrees with the old one.
 */
#ifndef R3_REFERENCE_H
#define R3_REFERENCE_H

#include <stdint.h>
#include <stdio.h>

struct reference_options {
    const char *positions; /* the r3 selfplay file the positions come from */
    const char *out;       /* the suite file written, all or nothing */
    long rollouts;         /* games played on after each decision */
    int per_cell;          /* positions taken for each scenario and suite phase */
    double min_z;          /* written only if some decision's gap to the best is this many standard errors */
    uint64_t seed;
    long shard, shards;  /* this run makes the Ith of N contiguous blocks of the positions */
    int concurrency;     /* threads */
    const char *made_by; /* the header's "made by" text; shard 0 alone writes the header */
};

/* Takes the positions, makes the shard's references and writes them;
 * progress and a summary on 'report'. 0, or 1 after a message with no file
 * written. */
int reference_run(const struct reference_options *o, FILE *report);

#endif
