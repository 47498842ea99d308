/*
 * fit_lbfgs.c: see fit_lbfgs.h. NLopt calls the objective; the objective
 * adds the l2 pull to the tuner's training loss, keeps the best point it has
 * seen, measures the validation loss at each improvement, and forces NLopt
 * to stop when the caller's flag is set.
 */
#include "tuning/fit/fit_lbfgs.h"

#include <math.h>
#include <nlopt.h>
#include <stdlib.h>
#include <string.h>

#define DIGITS 6 /* significant digits of a fitted weight */

struct objective {
    const struct fit_problem *p;
    nlopt_opt opt;
    double best; /* the lowest objective so far, at best_x */
    double *best_x, *gradient;
    struct fit_run *run;
};

static void *allocate(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fputs("r3: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static void trace_add(struct fit_run *run, struct fit_point point)
{
    if (run->trace_count == run->trace_capacity) {
        run->trace_capacity = run->trace_capacity ? 2 * run->trace_capacity : 64;
        run->trace = realloc(run->trace, (size_t)run->trace_capacity * sizeof *run->trace);
        if (!run->trace) {
            fputs("r3: out of memory\n", stderr);
            exit(1);
        }
    }
    run->trace[run->trace_count++] = point;
}

static void improved(struct objective *b, const double *x, double value, double loss)
{
    const struct fit_problem *p = b->p;
    b->best = value;
    memcpy(b->best_x, x, (size_t)p->weights->count * sizeof *x);
    struct fit_point point = {b->run->evaluations, loss, p->validation(p->context, x)};
    trace_add(b->run, point);
    FILE *progress = p->options->progress;
    if (progress) {
        fprintf(progress, "iteration %d: train loss %.6f, validation loss %.6f\n", point.evaluation, point.train,
                point.validation);
        fflush(progress);
    }
}

static double objective(unsigned n, const double *x, double *gradient, void *context)
{
    struct objective *b = context;
    const struct fit_problem *p = b->p;
    b->run->evaluations++;
    if (p->options->stop && *p->options->stop) {
        b->run->interrupted = true;
        nlopt_force_stop(b->opt);
    }
    double loss = p->train(p->context, x, b->gradient), penalty = 0;
    for (unsigned j = 0; j < n; j++) {
        double away = x[j] - p->start[j];
        penalty += p->options->l2 * away * away;
        if (gradient)
            gradient[j] = b->gradient[j] + 2 * p->options->l2 * away;
    }
    double value = loss + penalty;
    if (value < b->best)
        improved(b, x, value, loss);
    return value;
}

static const char *result_words(nlopt_result result)
{
    switch (result) {
    case NLOPT_SUCCESS: return "converged";
    case NLOPT_STOPVAL_REACHED: return "the loss reached its stop value";
    case NLOPT_FTOL_REACHED: return "the loss stopped improving";
    case NLOPT_XTOL_REACHED: return "the weights stopped moving";
    case NLOPT_MAXEVAL_REACHED: return "the most evaluations allowed (--iterations) were made";
    case NLOPT_MAXTIME_REACHED: return "out of time";
    case NLOPT_ROUNDOFF_LIMITED: return "the loss is as low as rounding lets it be told";
    case NLOPT_FORCED_STOP: return "interrupted";
    case NLOPT_OUT_OF_MEMORY: return "NLopt ran out of memory";
    case NLOPT_INVALID_ARGS: return "NLopt refused its arguments";
    default: return "NLopt's line search failed; the best point seen is kept";
    }
}

static nlopt_result optimize(struct objective *b, double *x)
{
    const struct weight_list *weights = b->p->weights;
    int n = weights->count;
    double *low = allocate((size_t)n * sizeof *low), *high = allocate((size_t)n * sizeof *high), value;
    for (int j = 0; j < n; j++) {
        /* A fixed weight's box is its start value alone: NLopt keeps it there. */
        bool fixed = b->p->options->fixed[j];
        low[j] = fixed ? b->p->start[j] : weights->info[j].min;
        high[j] = fixed ? b->p->start[j] : weights->info[j].max;
        x[j] = b->p->start[j];
    }
    b->opt = nlopt_create(NLOPT_LD_LBFGS, (unsigned)n);
    nlopt_set_lower_bounds(b->opt, low);
    nlopt_set_upper_bounds(b->opt, high);
    nlopt_set_min_objective(b->opt, objective, b);
    nlopt_set_ftol_rel(b->opt, 1e-10);
    nlopt_set_xtol_rel(b->opt, 1e-8);
    nlopt_set_maxeval(b->opt, b->p->options->iterations);
    nlopt_result result = nlopt_optimize(b->opt, x, &value);
    nlopt_destroy(b->opt);
    free(low);
    free(high);
    return result;
}

/* x to DIGITS significant digits, within [min, max], and onto a bound it is
 * next to. */
static double settle(double x, double min, double max)
{
    char text[32];
    snprintf(text, sizeof text, "%.*g", DIGITS, x);
    x = strtod(text, NULL);
    double near = 1e-7 * (max - min);
    if (x <= min + near)
        return min;
    if (x >= max - near)
        return max;
    return x;
}

/* x as it is written (fit_lbfgs's fitted[]); a fixed weight is not
 * rounded, so the file keeps its start value as it was. */
static void settle_all(const struct fit_problem *p, const double *x, double *out, bool *at_bound)
{
    for (int j = 0; j < p->weights->count; j++) {
        const struct weight_info *info = &p->weights->info[j];
        bool fixed = p->options->fixed[j];
        out[j] = fixed ? p->start[j] : settle(x[j], info->min, info->max);
        at_bound[j] = !fixed && (out[j] == info->min || out[j] == info->max);
    }
}

bool fit_lbfgs(const struct fit_problem *p, double *fitted, bool *at_bound, struct fit_run *run, char *why, size_t size)
{
    int n = p->weights->count;
    *run = (struct fit_run){0};
    struct objective b = {.p = p, .best = INFINITY, .run = run};
    b.gradient = allocate((size_t)n * sizeof *b.gradient);
    b.best_x = allocate((size_t)n * sizeof *b.best_x);
    double *x = allocate((size_t)n * sizeof *x);
    memcpy(b.best_x, p->start, (size_t)n * sizeof *b.best_x);
    nlopt_result result = optimize(&b, x);
    if (!run->interrupted)
        settle_all(p, b.best_x, fitted, at_bound);
    free(x);
    free(b.gradient);
    free(b.best_x);
    run->stopped = result_words(result);
    /* NLopt's L-BFGS may end with a failure of its line search near the
     * optimum: the best point seen is still good. Only a fit that never ran fails. */
    bool ok = result != NLOPT_INVALID_ARGS && result != NLOPT_OUT_OF_MEMORY && run->trace_count > 0;
    if (!ok)
        snprintf(why, size, "the fit failed: %s (NLopt %d)", run->stopped, (int)result);
    return ok;
}

const char *fit_mark(bool fixed, bool at_bound) { return fixed ? "  fixed" : at_bound ? "  bound" : ""; }

void fit_run_free(struct fit_run *run)
{
    free(run->trace);
    run->trace = NULL;
    run->trace_count = run->trace_capacity = 0;
}
