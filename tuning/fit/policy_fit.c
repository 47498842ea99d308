/*
 * policy_fit.c: see policy_fit.h. A decision's features are its cell, so
 * a loss evaluation takes each cell's logit and its exp once, then one pass
 * over the flat decisions: a sum of the exps per position (its softmax's
 * denominator) and the gradient gathered per cell, p(d) - t(d), spread onto
 * the features at the end. No exp is taken per decision.
 */
#include "tuning/fit/policy_fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "search/policy.h"

#define N POLICY_WEIGHT_COUNT

_Static_assert(N <= FIT_MAX_WEIGHTS, "fit_options.fixed has a place for every weight");

/* ---- the loss ---- */

double policy_fit_loss(const struct policy_data *d, const double w[N], double gradient[N])
{
    double z[POLICY_CELLS], e[POLICY_CELLS], r[POLICY_CELLS] = {0}, sum = 0;
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        z[cell] = policy_cell_logit(w, cell);
        e[cell] = exp(z[cell]); /* the bounds keep a logit within ±15 */
    }
    for (long i = 0; i < d->count; i++) {
        double total = 0, expected = 0;
        for (long k = d->first[i]; k < d->first[i + 1]; k++) {
            total += e[d->cell[k]];
            expected += d->target[k] * z[d->cell[k]];
        }
        sum += log(total) - expected; /* -sum t log p, the t summing to 1 */
        for (long k = d->first[i]; gradient && k < d->first[i + 1]; k++)
            r[d->cell[k]] += e[d->cell[k]] / total - d->target[k];
    }
    double n = d->count ? (double)d->count : 1;
    if (gradient) {
        memset(gradient, 0, N * sizeof *gradient);
        for (int cell = 0; cell < POLICY_CELLS; cell++) {
            double f[N];
            policy_cell_features(cell, f);
            for (int j = 0; j < N; j++)
                gradient[j] += r[cell] * f[j] / n;
        }
    }
    return sum / n;
}

/* Position i's share of agreement: of the decisions w likes most, the share
 * that are also among the most visited. */
static double agreement_of(const struct policy_data *d, long i, const double z[POLICY_CELLS])
{
    double top = -INFINITY, most = -1;
    for (long k = d->first[i]; k < d->first[i + 1]; k++) {
        top = fmax(top, z[d->cell[k]]);
        most = fmax(most, d->target[k]);
    }
    int liked = 0, both = 0;
    for (long k = d->first[i]; k < d->first[i + 1]; k++)
        if (z[d->cell[k]] == top) {
            liked++;
            both += d->target[k] == most;
        }
    return (double)both / liked;
}

double policy_fit_agreement(const struct policy_data *d, const double w[N])
{
    double z[POLICY_CELLS], sum = 0;
    for (int cell = 0; cell < POLICY_CELLS; cell++)
        z[cell] = policy_cell_logit(w, cell);
    for (long i = 0; i < d->count; i++)
        sum += agreement_of(d, i, z);
    return d->count ? sum / (double)d->count : NAN;
}

/* ---- the fit ---- */

struct fit_data {
    const struct policy_data *train, *validation;
};

static double train_loss(void *context, const double *x, double *gradient)
{
    const struct fit_data *f = context;
    return policy_fit_loss(f->train, x, gradient);
}

static double validation_loss(void *context, const double *x)
{
    const struct fit_data *f = context;
    return policy_fit_loss(f->validation, x, NULL);
}

bool policy_fit(const struct policy_data *train, const struct policy_data *validation,
                const struct policy_weights *start, const struct fit_options *o, struct policy_fit *fit, char *why,
                size_t size)
{
    *fit = (struct policy_fit){.start = *start, .fitted = *start};
    memcpy(fit->fixed, o->fixed, sizeof fit->fixed);
    struct fit_data f = {train, validation};
    fit->start_train = policy_fit_loss(train, start->w, NULL);
    fit->start_validation = policy_fit_loss(validation, start->w, NULL);
    fit->start_agreement = policy_fit_agreement(validation, start->w);
    for (int j = 0; j < N; j++)
        fit->seen[j] = policy_data_seen(train, j);
    struct fit_problem p = {&POLICY_WEIGHTS, start->w, o, train_loss, validation_loss, &f};
    bool ok = fit_lbfgs(&p, fit->fitted.w, fit->at_bound, &fit->run, why, size);
    if (ok && !fit->run.interrupted) {
        fit->train = policy_fit_loss(train, fit->fitted.w, NULL);
        fit->validation = policy_fit_loss(validation, fit->fitted.w, NULL);
        fit->agreement = policy_fit_agreement(validation, fit->fitted.w);
    }
    return ok;
}

void policy_fit_free(struct policy_fit *fit) { fit_run_free(&fit->run); }

void policy_fit_report(FILE *out, const struct policy_fit *fit)
{
    fprintf(out, "stopped after %d evaluations: %s\n\n", fit->run.evaluations, fit->run.stopped);
    fprintf(out, "%-20s %10s %10s %10s\n", "weight", "decisions", "start", "fitted");
    for (int j = 0; j < N; j++)
        fprintf(out, "%-20s %10ld %10.6g %10.6g%s\n", POLICY_WEIGHT_INFO[j].name, fit->seen[j], fit->start.w[j],
                fit->fitted.w[j], fit_mark(fit->fixed[j], fit->at_bound[j]));
    fprintf(out, "\ntop-1 agreement on validation: %.4f -> %.4f\n", fit->start_agreement, fit->agreement);
}

/* ---- made-up visits ---- */

struct policy_weights policy_fit_truth(void)
{
    /* Each group of categories that only ever meet each other (a move's
     * 'to' and 'halt', a battle turn's choices) is moved without moving its
     * mean: a shift of the whole group changes no softmax, so no data can
     * tell it, and the pull toward the start keeps the fit from it. */
    struct policy_weights truth = POLICY_DEFAULT;
    truth.w[POLICY_PASS_WITH_AP] = -2.0;
    truth.w[POLICY_RECRUIT_THRONE] = 1.0;
    truth.w[POLICY_RECRUIT_OTHER] = 0.5;
    truth.w[POLICY_END_GROUP] = -0.5;
    truth.w[POLICY_ENTER_VACANT] += 0.4;
    truth.w[POLICY_ENTER_STRONGER] -= 0.4;
    truth.w[POLICY_FIRE] += 0.4;
    truth.w[POLICY_RETREAT_HOPELESS] -= 0.4;
    truth.w[POLICY_ENTER_CITY] = 0.6;
    truth.w[POLICY_ENTER_CROWN] = -0.4;
    truth.w[POLICY_HEIR_MOVES] = -0.6;
    return truth;
}

void policy_fit_draw_visits(const struct policy_weights *truth, const struct world *w, const struct decisions *legal,
                            int n, uint64_t *rng, long *count)
{
    double p[MAX_DECISIONS], total = 0;
    for (int i = 0; i < legal->count; i++) {
        p[i] = exp(policy_cell_logit(truth->w, policy_cell(w, legal->list[i])));
        total += p[i];
        count[i] = 0;
    }
    for (int v = 0; v < n; v++) {
        double u = (double)(random_next(rng) >> 11) * 0x1p-53 * total;
        int i = 0;
        while (i < legal->count - 1 && u >= p[i])
            u -= p[i++];
        count[i]++;
    }
}
