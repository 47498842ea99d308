/*
 * policy_fit.h: the fit of the playout policy's weights to the search's
 * visits (docs/tuning.md). The policy is a softmax over a position's legal
 * decisions: p(d) = exp(w · f(d)) / sum over the legal d' of exp(w · f(d')),
 * f(d) the decision's features (search/policy_weights.h). The fit minimises
 * the mean over positions of the cross-entropy of p against the share of the
 * position's visits each decision had, -sum_d t(d) log p(d), plus l2 times the
 * squared distance from the start weights, by tuning/fit/fit_lbfgs.c within each
 * weight's bounds; the gradient is analytic, sum_d (p(d) - t(d)) f(d).
 */
#ifndef R3_POLICY_FIT_H
#define R3_POLICY_FIT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/rules/rules.h"
#include "search/policy_weights.h"
#include "tuning/fit/fit_lbfgs.h"
#include "tuning/fit/policy_data.h"

/* The mean cross-entropy of the softmax of weights w against the visits'
 * shares over d's positions, and its gradient in gradient[] unless NULL. */
double policy_fit_loss(const struct policy_data *d, const double w[POLICY_WEIGHT_COUNT],
                       double gradient[POLICY_WEIGHT_COUNT]);

/* Top-1 agreement: the share of d's positions where the policy's most likely
 * decision under w is the search's most visited. A tie among the policy's
 * most likely counts the share of them that are most visited. NAN for no
 * positions. */
double policy_fit_agreement(const struct policy_data *d, const double w[POLICY_WEIGHT_COUNT]);

struct policy_fit {
    struct policy_weights start, fitted;
    double start_train, start_validation; /* mean cross-entropy at the start weights */
    double train, validation;             /* and at the fitted ones */
    double start_agreement, agreement;    /* top-1 agreement on the validation positions */
    bool at_bound[POLICY_WEIGHT_COUNT];   /* the fit ended at a bound */
    bool fixed[POLICY_WEIGHT_COUNT];      /* held at the start value (fit_options.fixed) */
    long seen[POLICY_WEIGHT_COUNT];       /* training decisions with each feature */
    struct fit_run run;                   /* how the fit went; run.interrupted: not to be used */
};

/* Fits the weights to train from start, watching the loss on validation (not
 * used by the fit); o->lambda is not used. True with *fit filled (free it
 * with policy_fit_free), or false with why in why[size]. */
bool policy_fit(const struct policy_data *train, const struct policy_data *validation,
                const struct policy_weights *start, const struct fit_options *o, struct policy_fit *fit, char *why,
                size_t size);

void policy_fit_free(struct policy_fit *fit);

/* How the fit stopped, the table of the weights (name, training decisions
 * with it, start, fitted, "bound" or "fixed"), and the top-1 agreement. */
void policy_fit_report(FILE *out, const struct policy_fit *fit);

/* The weights the visits of r3 tune policy --synthetic are drawn from
 * (docs/tuning.md): the defaults, some moved in ways the data can tell. */
struct policy_weights policy_fit_truth(void);

/* Draws n visits of the legal decisions of w (legal->count of them) from the
 * softmax of weights truth into count[]. */
void policy_fit_draw_visits(const struct policy_weights *truth, const struct world *w, const struct decisions *legal,
                            int n, uint64_t *rng, long *count);

#endif
