/*
 * value_fit.h: training the learned value's network (eval/net.h) on
 * labelled positions: the mean cross-entropy of York's predicted chance,
 * the logistic of the net's logit, against each position's target, by Adam
 * over shuffled minibatches, watching the loss on positions of held-out
 * games and stopping when it has not improved for a while (docs/tuning.md).
 * The first layer's rows are updated only where a minibatch used them, as
 * sparse inputs allow ("lazy" Adam); the second layer's weights are kept
 * within the range the int16 copy can hold.
 */
#ifndef R3_VALUE_FIT_H
#define R3_VALUE_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/net.h"

/* Labelled positions: sample i has the active features
 * index[first[i] .. first[i] + count[i]), York's target in [0, 1], the 17
 * default weights' logit for York (the network's base input, eval/net.h;
 * all 0 if NULL) and, for the reports, its scenario. */
struct value_data {
    long samples;
    uint16_t *index;
    long *first;
    uint16_t *count;
    float *target;
    float *base;
    uint8_t *scenario;
};

/* -(t ln p + (1 - t) ln(1 - p)) for p the logistic of logit, without overflow. */
double value_cross_entropy(double logit, double target);

/* York's logit of sample i by n: the network's part and base's term. */
double value_logit(const struct net *n, const struct value_data *d, long i);

/* The mean cross-entropy of n over d's samples; with gradient (a net's
 * worth of zeros on entry) the sum of its gradient over them added in. */
double value_loss(const struct net *n, const struct value_data *d, struct net *gradient);

#define VALUE_THREADS_MOST 64

struct value_options {
    double rate;   /* Adam's step size (1e-3) */
    int batch;     /* samples a minibatch (256) */
    int epochs;    /* the most passes over the training samples */
    int patience;  /* stop after this many epochs without a better validation loss */
    uint64_t seed; /* the start weights and the shuffles */
    int threads;   /* share each minibatch among this many threads, 1 to VALUE_THREADS_MOST */
};

/* One epoch's losses, for the report and the plot: the training loss is the
 * mean over the epoch's minibatches, each before its step. */
struct value_epoch {
    double train, validation;
};

/* Starts n from small random weights, as the seed says. */
void value_init(struct net *n, uint64_t seed);

/* Trains n on train, keeping the weights of the epoch with the lowest loss
 * on validation, or the start's if none is lower (a network that starts as
 * the 17 weights stays them); the epochs' losses go into history[] (o->epochs of room),
 * their number into *epochs. The same seed and number of threads give the
 * same network. False only if memory ran out. */
bool value_train(struct net *n, const struct value_data *train, const struct value_data *validation,
                 const struct value_options *o, struct value_epoch *history, int *epochs);

#endif
