/*
 * komi.h: dynamic komi, as Go programs have it. Where one side is far ahead,
 * every playout's evaluation sits near 0 or 1, and the differences between
 * decisions drown in the noise and the exploration term. Taking the root's
 * own level off each playout's evaluation (as a logit) spreads them around
 * 1/2 again; a game that is over keeps its result, a win stays a win. This
 * module finds the root's level; search/evaluate.h takes it off.
 */
#ifndef R3_KOMI_H
#define R3_KOMI_H

#include <stdint.h>

#include "engine/core/world.h"
#include "engine/hidden/sample.h"
#include "search/evaluate.h"

/* The komi of a root, for e->komi: 'share' (0..1) of York's mean evaluation
 * logit over KOMI_WORLDS worlds drawn by 'sampler', or of the one world
 * 'fixed' when sampler is NULL (a determinized tree), by e's network or
 * weights (search/evaluate.h: evaluate_york_logit). */
#define KOMI_WORLDS 16 /* enough for a centre, cheap beside one iteration */
double komi_of_root(double share, const struct evaluation *e, struct sampler *sampler, const struct world *fixed,
                    uint64_t *rng);

#endif
