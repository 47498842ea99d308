/*
 * fit_lbfgs.h: the fit every weight tuner makes (docs/tuning.md). It
 * minimises a data loss plus l2 times the squared distance from the start
 * weights by NLopt's L-BFGS within each weight's bounds, with the analytic
 * gradient the tuner gives; a fixed weight's bounds are its start value. The best point seen is the result, whatever NLopt
 * ends with; each evaluation that improves on it is traced, with the loss on
 * the validation data, and printed; a flag set by a signal stops the fit.
 */
#ifndef R3_FIT_LBFGS_H
#define R3_FIT_LBFGS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/text/weights_file.h"

#define FIT_DEFAULT_L2 1e-5
#define FIT_DEFAULT_ITERATIONS 1000
#define FIT_MAX_WEIGHTS 64 /* in any tuner's list */

/* A tuner's options for its fit. */
struct fit_options {
    double l2;                   /* the pull toward the start weights, per squared unit */
    int iterations;              /* the most evaluations of the loss */
    bool fixed[FIT_MAX_WEIGHTS]; /* weights held at their start values, by the list's order (--fix) */
    volatile sig_atomic_t *stop; /* when set (by a signal), the fit stops at the next evaluation */
    FILE *progress;              /* a line per improving evaluation, or NULL */
    double lambda; /* r3 tune eval's: the target's share of the search's win rate, in [0, 1] (0: the result alone) */
};

/* The losses at one improving evaluation, for the loss plot. */
struct fit_point {
    int evaluation;
    double train, validation;
};

/* What a tuner fits: its weights, their bounds, and its losses. */
struct fit_problem {
    const struct weight_list *weights; /* names and bounds */
    const double *start;
    const struct fit_options *options;
    /* The data loss at x on the training data, and its gradient into
     * gradient[] unless NULL; the loss on the validation data. */
    double (*train)(void *context, const double *x, double *gradient);
    double (*validation)(void *context, const double *x);
    void *context;
};

/* How a fit went. */
struct fit_run {
    int evaluations;
    const char *stopped; /* why the optimizer stopped, in words */
    bool interrupted;    /* the stop flag was set: the fit is not to be used */
    struct fit_point *trace;
    int trace_count, trace_capacity;
};

/* Fits p: *run says how it went (free it with fit_run_free). Unless it
 * was interrupted, fitted[] gets the best point seen as it is written: each
 * weight to 6 significant digits, within its bounds, and onto a bound it is
 * next to, a fixed one its start value exactly; at_bound[j] says which
 * ended on one of its bounds (never a fixed one). False with why in why[size]
 * if NLopt failed or never ran. */
bool fit_lbfgs(const struct fit_problem *p, double *fitted, bool *at_bound, struct fit_run *run, char *why,
               size_t size);

void fit_run_free(struct fit_run *run);

/* What a tuner's table puts after a weight's row: "  fixed", "  bound" or "". */
const char *fit_mark(bool fixed, bool at_bound);

#endif
