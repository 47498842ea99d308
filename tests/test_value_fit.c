/*
 * test_value_fit.c: the value network's trainer (tuning/fit/value_fit.h).
 * The back-propagated gradient agrees with finite differences of the loss
 * in every layer; and trained on positions whose target is a known function
 * of the board (York's share of the steps on the map), the network learns
 * it: the held-out loss falls far below the start's, and the weights kept
 * are those of the best held-out epoch.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "eval/eval.h"
#include "eval/features.h"
#include "tests/support.h"
#include "tuning/fit/value_fit.h"

static struct net *net, *gradient;

/* York's steps on the map less Lancaster's, as a chance. */
static float steps_target(const struct world *w)
{
    int balance = 0;
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (world_location(w, b) < AREA_COUNT && world_block_side(w, b) < SIDE_COUNT)
            balance += (world_block_side(w, b) == SIDE_YORK ? 1 : -1) * world_steps(w, b);
    return (float)(1 / (1 + exp(-balance / 8.0)));
}

/* n positions from random games; targets from steps_target, or drawn when 'noise'. */
static void make_data(struct value_data *d, long n, uint64_t seed, bool random_targets)
{
    uint64_t rng = seed;
    struct world w;
    d->samples = n;
    d->index = malloc((size_t)n * FEATURES_MAX_ACTIVE * sizeof *d->index);
    d->first = malloc((size_t)n * sizeof *d->first);
    d->count = malloc((size_t)n * sizeof *d->count);
    d->target = malloc((size_t)n * sizeof *d->target);
    d->base = malloc((size_t)n * sizeof *d->base);
    d->scenario = NULL;
    long used = 0;
    for (long i = 0; i < n; i++) {
        random_decision_point(&w, (int)(i % SCENARIO_COUNT), rng_below(&rng, 500), &rng);
        d->first[i] = used;
        d->count[i] = (uint16_t)features_active(&w, d->index + used);
        used += d->count[i];
        d->target[i] = random_targets ? (float)rng_below(&rng, 1001) / 1000 : steps_target(&w);
        d->base[i] = (float)eval_york_logit(&w, &EVAL_DEFAULT);
    }
}

static void free_data(struct value_data *d)
{
    free(d->index), free(d->first), free(d->count), free(d->target), free(d->base);
}

/* The finite-difference slope of the mean loss in one parameter against the analytic mean gradient. */
static void check_parameter(const struct value_data *d, float *w, const float *g, const char *name)
{
    const float h = 1e-3f, keep = *w;
    *w = keep + h;
    double up = value_loss(net, d, NULL);
    *w = keep - h;
    double down = value_loss(net, d, NULL);
    *w = keep;
    double slope = (up - down) / (2 * h), analytic = *g / (double)d->samples;
    if (fabs(slope - analytic) > 1e-3 * fmax(1, fabs(analytic)) + 2e-5)
        fail_msg("%s: finite differences %.6g, back-propagation %.6g", name, slope, analytic);
}

static void the_gradient_is_the_slope(void **state)
{
    (void)state;
    struct value_data d;
    make_data(&d, 6, 3, true);
    value_init(net, 9);
    for (int v = 0; v < NET_HIDDEN2; v++)
        net->w3[v] *= 100; /* outputs far from 0, targets far from them: large gradients */
    memset(gradient, 0, sizeof *gradient);
    value_loss(net, &d, gradient);
    uint64_t rng = 4;
    for (int k = 0; k < 12; k++) {
        int f = d.index[rng_below(&rng, d.count[0])], u = rng_below(&rng, NET_HIDDEN), v = rng_below(&rng, NET_HIDDEN2);
        check_parameter(&d, &net->w1[f][u], &gradient->w1[f][u], "w1");
        check_parameter(&d, &net->b1[u], &gradient->b1[u], "b1");
        check_parameter(&d, &net->w2[v][u], &gradient->w2[v][u], "w2");
        check_parameter(&d, &net->b2[v], &gradient->b2[v], "b2");
        check_parameter(&d, &net->w3[v], &gradient->w3[v], "w3");
    }
    check_parameter(&d, &net->b3, &gradient->b3, "b3");
    check_parameter(&d, &net->base, &gradient->base, "base");
    free_data(&d);
}

static void it_learns_a_known_function_of_the_board(void **state)
{
    (void)state;
    struct value_data train, validation;
    struct value_epoch history[8];
    int epochs;
    make_data(&train, 1500, 5, false);
    make_data(&validation, 300, 6, false);
    value_init(net, 1);
    double start = value_loss(net, &validation, NULL);
    const struct value_options o = {.rate = 1e-3, .batch = 32, .epochs = 8, .patience = 3, .seed = 2};
    assert_true(value_train(net, &train, &validation, &o, history, &epochs));
    double end = value_loss(net, &validation, NULL), best = INFINITY, floor = 0;
    for (int e = 0; e < epochs; e++)
        best = fmin(best, history[e].validation);
    for (long i = 0; i < validation.samples; i++) { /* the loss of a perfect prediction: the targets' entropy */
        double t = validation.target[i];
        floor -= (t > 0 ? t * log(t) : 0) + (t < 1 ? (1 - t) * log(1 - t) : 0);
    }
    floor /= (double)validation.samples;
    print_message("held-out loss: start %.4f, end %.4f, floor %.4f, %d epochs\n", start, end, floor, epochs);
    assert_true(epochs >= 1 && epochs <= 8);
    assert_float_equal(end, best, 1e-9);              /* the best epoch's weights are kept */
    assert_true(end - floor < 0.3 * (start - floor)); /* most of the way from the start to a perfect fit */
    free_data(&train);
    free_data(&validation);
}

/* A step so large that every epoch ends worse than the start: the start's
 * weights, the 17 weights' value, are kept. */
static void no_better_epoch_keeps_the_start(void **state)
{
    (void)state;
    struct value_data train, validation;
    struct value_epoch history[2];
    int epochs;
    struct net *start = malloc(sizeof *start);
    make_data(&train, 300, 9, false);
    make_data(&validation, 100, 10, false);
    value_init(net, 5);
    *start = *net;
    double before = value_loss(net, &validation, NULL);
    const struct value_options o = {.rate = 1, .batch = 16, .epochs = 2, .patience = 3, .seed = 6, .threads = 1};
    assert_true(value_train(net, &train, &validation, &o, history, &epochs));
    assert_true(history[0].validation > before && history[1].validation > before);
    assert_memory_equal(net, start, sizeof *net);
    free(start);
    free_data(&train);
    free_data(&validation);
}

/* Minibatches shared among threads: the same network again with the same
 * number of threads, and nearly the one thread trains (the gradients are
 * added in another order). */
static void threads_share_the_minibatches(void **state)
{
    (void)state;
    struct value_data train, validation;
    struct value_epoch history[3];
    int epochs;
    struct net *again = malloc(sizeof *again), *alone = malloc(sizeof *alone);
    make_data(&train, 600, 7, false);
    make_data(&validation, 100, 8, false);
    struct value_options o = {.rate = 1e-3, .batch = 64, .epochs = 3, .patience = 3, .seed = 4, .threads = 3};
    value_init(net, 3);
    assert_true(value_train(net, &train, &validation, &o, history, &epochs));
    value_init(again, 3);
    assert_true(value_train(again, &train, &validation, &o, history, &epochs));
    o.threads = 1;
    value_init(alone, 3);
    assert_true(value_train(alone, &train, &validation, &o, history, &epochs));
    assert_memory_equal(net, again, sizeof *net);
    double shared = value_loss(net, &validation, NULL), single = value_loss(alone, &validation, NULL);
    print_message("held-out loss: 3 threads %.6f, 1 thread %.6f\n", shared, single);
    assert_float_equal(shared, single, 1e-3);
    assert_true(memcmp(net, alone, sizeof *net) != 0); /* the threads did share the work */
    free(again), free(alone);
    free_data(&train);
    free_data(&validation);
}

static int setup(void **state)
{
    (void)state;
    net = malloc(sizeof *net), gradient = malloc(sizeof *gradient);
    return !net || !gradient;
}

static int teardown(void **state)
{
    (void)state;
    free(net), free(gradient);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gradient_is_the_slope),
        cmocka_unit_test(it_learns_a_known_function_of_the_board),
        cmocka_unit_test(threads_share_the_minibatches),
        cmocka_unit_test(no_better_epoch_keeps_the_start),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
