/*
 * greedy.h: the greedy player. It draws worlds from the side's view (never the
 * true world), applies every legal decision in each, and takes the decision
 * whose results evaluate best on average (search/evaluate.h), by the weights
 * alone. It is anytime: each greedy_draw adds one world, so a caller stops it
 * at any time or node limit.
 */
#ifndef R3_GREEDY_H
#define R3_GREEDY_H

#include "engine/hidden/sample.h"
#include "engine/rules/rules.h"
#include "eval/weights.h"
#include "search/evaluate.h"

struct greedy {
    struct sampler sampler;
    struct decisions legal;
    double total[MAX_DECISIONS];  /* each decision's evaluations summed over the worlds */
    struct evaluation evaluation; /* the weights alone: the baseline reads no network */
    int side, worlds;
    bool can_sample; /* false if the view admits no world (never for a real one) */
};

/* Starts a choice for 'side', which must be to decide in w, judged by
 * 'weights'; w is the side's own belief, and only its view is read. */
void greedy_begin(struct greedy *g, const struct world *w, int side, const struct eval_weights *weights, uint64_t *rng);

/* Draws one more world and evaluates every legal decision in it; returns the
 * evaluations made (the search's nodes). */
int greedy_draw(struct greedy *g, uint64_t *rng);

/* The best decision so far (a uniform choice among equals), with its mean
 * evaluation if 'mean' is not NULL. */
decision greedy_best(const struct greedy *g, uint64_t *rng, double *mean);

#endif
