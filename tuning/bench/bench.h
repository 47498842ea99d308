/*
 * bench.h: r3 bench, Stockfish style: fixed-iteration ISMCTS searches on one
 * thread from compiled-in positions, then the nodes searched (the decisions
 * applied, tree and playouts) and the speed. The node count is the search's
 * signature: the same build gives the same count on every machine, and a
 * change in the search or the rules moves it.
 */
#ifndef R3_BENCH_H
#define R3_BENCH_H

#include <stdint.h>
#include <stdio.h>

extern const char *const BENCH_POSITION[];
extern const int BENCH_POSITIONS;

#define BENCH_ITERATIONS 10000

/* Runs the bench with the default search options but the playout policy
 * given (enum playout_policy; the signature is that of the default,
 * ISMCTS_DEFAULT's); returns 0, or 1 if a position does not read or no memory. */
int bench_run(long iterations, uint64_t seed, int policy, FILE *out);

#endif
