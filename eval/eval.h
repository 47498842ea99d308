/*
 * eval.h: the evaluation of a world for one side, as a win probability: the
 * logistic of a weighted sum of features, each the side's measure less the
 * enemy's (docs/eval.md; the weights are in eval/weights.h). It reads the
 * whole world, hands and hidden blocks included, so the search must give it
 * worlds drawn from a side's view (engine/hidden/sample.h), never the true one.
 */
#ifndef R3_EVAL_H
#define R3_EVAL_H

#include "engine/core/world.h"
#include "eval/weights.h"

/* The chance that side wins, in [0, 1]: 1, 0 or 0.5 (no winner) for a
 * finished game. The two sides' chances add up to 1. */
double eval_win_probability(const struct world *w, int side, const struct eval_weights *weights);

/* A finished game's result for York: 1 a win, 0 a loss, 1/2 no winner. */
double eval_york_result(const struct world *w);

/* York's score in an unfinished world: the weighted sum whose logistic is
 * York's chance, ln(p / (1 - p)). The search's dynamic komi shifts it. */
double eval_york_logit(const struct world *w, const struct eval_weights *weights);

/* The features of an unfinished world for side, by enum eval_weight: the
 * enemy's are the same negated. eval_win_probability() is the logistic of
 * their dot product with the weights. */
void eval_features(const struct world *w, int side, double features[EVAL_WEIGHT_COUNT]);

#endif
