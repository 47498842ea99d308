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

#include "search/ismcts.h"

extern const char *const BENCH_POSITION[];
extern const int BENCH_POSITIONS;

#define BENCH_ITERATIONS 10000

/* Runs the bench with the search options given (the signature is that of
 * the engine's defaults); returns 0, or 1 if a position does not read or no
 * memory. */
int bench_run(long iterations, uint64_t seed, const struct ismcts_options *options, FILE *out);

#endif
