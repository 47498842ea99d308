/*
 * eval_fit.h: the logistic (Texel) fit of the evaluation's weights to
 * labelled positions (docs/tuning.md). It minimises the mean cross-entropy of
 * York's predicted chance p = logistic(weights · features) against a target t,
 * the game's result for York mixed with the search's win rate by lambda,
 * plus l2 times the squared distance from the start weights, by NLopt's
 * bounded L-BFGS within each weight's bounds (EVAL_WEIGHT_LIST). Every step
 * is dot products over the features read once (tuning/fit/eval_data.h), the
 * gradient analytic.
 */
#ifndef R3_EVAL_FIT_H
#define R3_EVAL_FIT_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "eval/weights.h"
#include "tuning/fit/eval_data.h"
#include "tuning/fit/fit_lbfgs.h"

#define EVAL_FIT_BINS 10 /* of a calibration chart */

struct eval_fit {
    struct eval_weights start, fitted;
    double start_train, start_validation; /* mean cross-entropy at the start weights */
    double train, validation;             /* and at the fitted ones */
    double se[EVAL_WEIGHT_COUNT];         /* standard error of each fitted weight, or NAN (docs/tuning.md) */
    bool at_bound[EVAL_WEIGHT_COUNT];     /* the fit ended at a bound */
    bool fixed[EVAL_WEIGHT_COUNT];        /* held at the start value (fit_options.fixed) */
    struct fit_run run;                   /* how the fit went; run.interrupted: not to be used */
};

/* The targets of d's rows under lambda: (1 - lambda) result + lambda winrate
 * for York, or the result alone where the win rate is not known. */
void eval_fit_targets(const struct eval_data *d, double lambda, double *target);

/* The mean cross-entropy of logistic(w · features) against target over d's
 * rows, and its gradient in gradient[] unless NULL. */
double eval_fit_loss(const struct eval_data *d, const double *target, const double w[EVAL_WEIGHT_COUNT],
                     double gradient[EVAL_WEIGHT_COUNT]);

/* Fits the weights to train from start, watching the loss on validation (not
 * used by the fit). Returns true with *fit filled (free it with
 * eval_fit_free), or false with why in why[size] (an NLopt failure). */
bool eval_fit(const struct eval_data *train, const struct eval_data *validation, const struct eval_weights *start,
              const struct fit_options *o, struct eval_fit *fit, char *why, size_t size);

void eval_fit_free(struct eval_fit *fit);

/* The table of the weights: name, start, fitted, standard error, "bound" or "fixed". */
void eval_fit_report(FILE *out, const struct eval_fit *fit);

/* York's predictions with weights w against the results of d's rows of one
 * scenario, in EVAL_FIT_BINS bins of the predicted chance. */
void eval_fit_calibration(const struct eval_data *d, const double w[EVAL_WEIGHT_COUNT], int scenario,
                          long count[EVAL_FIT_BINS], double predicted[EVAL_FIT_BINS], double observed[EVAL_FIT_BINS]);

/* Writes the plots into dir (made if missing) as temporary files, whose final
 * and temporary names go into final[] and temporary[], *count of them, for the
 * caller to rename or remove and to free (also after a failure, which leaves
 * why in why[size]): loss.svg and calibration-1460.svg, -1470, -1483. The
 * calibration is of the validation positions. */
#define EVAL_FIT_PLOTS 4
bool eval_fit_write_plots(const char *dir, const struct eval_fit *fit, const struct eval_data *validation,
                          char *final[EVAL_FIT_PLOTS], char *temporary[EVAL_FIT_PLOTS], int *count, char *why,
                          size_t size);

#endif
