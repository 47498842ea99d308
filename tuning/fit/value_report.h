/*
 * value_report.h: how well a network values held-out positions, beside the
 * 17 weights (docs/tuning.md, "The value trainer"): the mean cross-entropy
 * against the targets, the correlation with them, and the plots: the loss
 * by epoch, and calibration per scenario (predicted chance against the
 * mean target, in ten bins).
 */
#ifndef R3_VALUE_REPORT_H
#define R3_VALUE_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "eval/net.h"
#include "tuning/fit/value_fit.h"

struct value_report {
    long samples;
    double net_loss, baseline_loss;               /* mean cross-entropy against the targets */
    double net_correlation, baseline_correlation; /* Pearson's, of the chance with the target; NAN if
                                                     either is the same everywhere */
};

/* The mean cross-entropy of the 17 weights' chance (d->base) against d's
 * targets: the baseline a network must beat. */
double value_baseline_loss(const struct value_data *d);

/* Measures n and the 17 weights (d->base) on d. */
void value_report_measure(const struct net *n, const struct value_data *d, struct value_report *r);

/* What the plots are drawn from: history[0 .. epochs) the losses (no loss
 * plot if epochs is 0), d the held-out positions. */
struct value_plots {
    const struct value_epoch *history;
    int epochs;
    const struct net *net;
    const struct value_data *validation;
};

/* Writes loss.svg (if there are epochs) and calibration-1460/1470/1483.svg
 * into dir as temporary files, for the caller to rename: final[] and
 * temporary[] get their names, *count how many, also after a failure. */
bool value_write_plots(const struct value_plots *p, const char *dir, char **final, char **temporary, int *count,
                       char *why, size_t size);

#endif
