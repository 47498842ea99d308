/*
 * value_bench.h: r3 bench --value NET, the learned value's speed: worlds
 * from random games of all three scenarios, then on one thread, each part
 * timed alone (their sparse features, the 17 weights' logit, the network's
 * int16 pass) and the whole value as the search reads it, with the mean of
 * the logits as a check that the same build and net give the same numbers.
 */
#ifndef R3_VALUE_BENCH_H
#define R3_VALUE_BENCH_H

#include <stdint.h>
#include <stdio.h>

/* Evaluates 'worlds' worlds 'rounds' times with the net at path; 0, or 1
 * after a message on stderr. */
int value_bench_run(const char *path, long worlds, int rounds, uint64_t seed, FILE *out);

#endif
