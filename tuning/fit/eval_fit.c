/*
 * eval_fit.c: see eval_fit.h. The loss of a weight vector is one pass over
 * the flat feature array: a dot product per row, its softplus, and the
 * gradient (p - t) f accumulated. tuning/fit/fit_lbfgs.c's fit calls it. The
 * fitted weights are rounded to six significant digits, as they are written,
 * before their losses are measured.
 */
#include "tuning/fit/eval_fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "tuning/fit/fit_files.h"
#include "tuning/report/plot_svg.h"

#define N EVAL_WEIGHT_COUNT

_Static_assert(N <= FIT_MAX_WEIGHTS, "fit_options.fixed has a place for every weight");

/* ---- the loss ---- */

void eval_fit_targets(const struct eval_data *d, double lambda, double *target)
{
    for (long i = 0; i < d->count; i++)
        target[i] = isnan(d->winrate[i]) ? d->result[i] : (1 - lambda) * d->result[i] + lambda * d->winrate[i];
}

double eval_fit_loss(const struct eval_data *d, const double *target, const double w[N], double gradient[N])
{
    double sum = 0, g[N] = {0};
    const double *f = d->features;
    for (long i = 0; i < d->count; i++, f += N) {
        double z = 0;
        for (int j = 0; j < N; j++)
            z += w[j] * f[j];
        /* cross-entropy = softplus(z) - t z, from one exp: e = exp(-|z|) */
        double e = exp(-fabs(z));
        sum += (z > 0 ? z : 0) + log1p(e) - target[i] * z;
        if (gradient) {
            double p = z >= 0 ? 1 / (1 + e) : e / (1 + e);
            double r = p - target[i];
            for (int j = 0; j < N; j++)
                g[j] += r * f[j];
        }
    }
    double n = d->count ? (double)d->count : 1;
    if (gradient)
        for (int j = 0; j < N; j++)
            gradient[j] = g[j] / n;
    return sum / n;
}

/* ---- the fit ---- */

/* The data of a fit, for the losses NLopt asks for. */
struct fit_data {
    const struct eval_data *train, *validation;
    const double *train_target, *validation_target;
};

static double train_loss(void *context, const double *x, double *gradient)
{
    const struct fit_data *f = context;
    return eval_fit_loss(f->train, f->train_target, x, gradient);
}

static double validation_loss(void *context, const double *x)
{
    const struct fit_data *f = context;
    return eval_fit_loss(f->validation, f->validation_target, x, NULL);
}

/* Solves in place for the inverse of the positive definite matrix a[m][m]
 * (row stride N) by Cholesky; false if it is not positive definite. */
static bool invert(double a[N][N], int m)
{
    double l[N][N] = {{0}}, inverse[N][N] = {{0}};
    for (int i = 0; i < m; i++)
        for (int j = 0; j <= i; j++) {
            double s = a[i][j];
            for (int k = 0; k < j; k++)
                s -= l[i][k] * l[j][k];
            if (i == j) {
                if (!(s > 1e-300))
                    return false;
                l[i][i] = sqrt(s);
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    for (int c = 0; c < m; c++) { /* column c of the inverse: L L^T x = e_c */
        double y[N];
        for (int i = 0; i < m; i++) {
            double s = i == c;
            for (int k = 0; k < i; k++)
                s -= l[i][k] * y[k];
            y[i] = s / l[i][i];
        }
        for (int i = m - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < m; k++)
                s -= l[k][i] * inverse[k][c];
            inverse[i][c] = s / l[i][i];
        }
    }
    memcpy(a, inverse, sizeof inverse);
    return true;
}

/* Standard errors from the inverse of the data loss's Hessian, (1/n) sum of
 * p (1 - p) f f^T, over the weights not at a bound; as if the positions were
 * independent (docs/tuning.md). NAN where it cannot be had. */
static void standard_errors(const struct eval_data *d, struct eval_fit *fit)
{
    double h[N][N] = {{0}}, a[N][N];
    const double *f = d->features;
    for (long i = 0; i < d->count; i++, f += N) {
        double z = 0;
        for (int j = 0; j < N; j++)
            z += fit->fitted.w[j] * f[j];
        double p = 1 / (1 + exp(-z)), v = p * (1 - p);
        for (int j = 0; j < N; j++)
            for (int k = 0; k <= j; k++)
                h[j][k] += v * f[j] * f[k];
    }
    int free_weight[N], m = 0;
    for (int j = 0; j < N; j++) {
        fit->se[j] = NAN;
        if (!fit->at_bound[j] && !fit->fixed[j] && h[j][j] > 0)
            free_weight[m++] = j;
    }
    for (int r = 0; r < m; r++)
        for (int c = 0; c < m; c++) {
            int j = free_weight[r], k = free_weight[c];
            a[r][c] = (j >= k ? h[j][k] : h[k][j]) / (double)d->count;
        }
    if (m == 0 || !invert(a, m))
        return;
    for (int r = 0; r < m; r++)
        fit->se[free_weight[r]] = sqrt(a[r][r] / (double)d->count);
}

static double *targets_of(const struct eval_data *d, double lambda)
{
    double *target = malloc((size_t)(d->count ? d->count : 1) * sizeof *target);
    if (!target) {
        fputs("r3: out of memory\n", stderr);
        exit(1);
    }
    eval_fit_targets(d, lambda, target);
    return target;
}

bool eval_fit(const struct eval_data *train, const struct eval_data *validation, const struct eval_weights *start,
              const struct fit_options *o, struct eval_fit *fit, char *why, size_t size)
{
    *fit = (struct eval_fit){.start = *start, .fitted = *start};
    memcpy(fit->fixed, o->fixed, sizeof fit->fixed);
    struct fit_data f = {train, validation, targets_of(train, o->lambda), targets_of(validation, o->lambda)};
    fit->start_train = eval_fit_loss(train, f.train_target, start->w, NULL);
    fit->start_validation = eval_fit_loss(validation, f.validation_target, start->w, NULL);
    struct fit_problem p = {&EVAL_WEIGHTS, start->w, o, train_loss, validation_loss, &f};
    bool ok = fit_lbfgs(&p, fit->fitted.w, fit->at_bound, &fit->run, why, size);
    if (ok && !fit->run.interrupted) {
        fit->train = eval_fit_loss(train, f.train_target, fit->fitted.w, NULL);
        fit->validation = eval_fit_loss(validation, f.validation_target, fit->fitted.w, NULL);
        standard_errors(train, fit);
    }
    free((void *)f.train_target);
    free((void *)f.validation_target);
    return ok;
}

void eval_fit_free(struct eval_fit *fit) { fit_run_free(&fit->run); }

void eval_fit_report(FILE *out, const struct eval_fit *fit)
{
    fprintf(out, "stopped after %d evaluations: %s\n\n", fit->run.evaluations, fit->run.stopped);
    fprintf(out, "%-16s %10s %10s %10s\n", "weight", "start", "fitted", "se");
    for (int j = 0; j < N; j++) {
        char se[32] = "-";
        if (!isnan(fit->se[j]))
            snprintf(se, sizeof se, "%.3g", fit->se[j]);
        fprintf(out, "%-16s %10.6g %10.6g %10s%s\n", EVAL_WEIGHT_INFO[j].name, fit->start.w[j], fit->fitted.w[j], se,
                fit_mark(fit->fixed[j], fit->at_bound[j]));
    }
    fputc('\n', out);
}

void eval_fit_calibration(const struct eval_data *d, const double w[N], int scenario, long count[EVAL_FIT_BINS],
                          double predicted[EVAL_FIT_BINS], double observed[EVAL_FIT_BINS])
{
    double sum_p[EVAL_FIT_BINS] = {0}, sum_r[EVAL_FIT_BINS] = {0};
    for (int k = 0; k < EVAL_FIT_BINS; k++)
        count[k] = 0;
    for (long i = 0; i < d->count; i++) {
        if (d->scenario[i] != scenario)
            continue;
        double z = 0;
        for (int j = 0; j < N; j++)
            z += w[j] * d->features[i * N + j];
        double p = 1 / (1 + exp(-z));
        int k = (int)(p * EVAL_FIT_BINS);
        k = k < EVAL_FIT_BINS ? k : EVAL_FIT_BINS - 1;
        count[k]++;
        sum_p[k] += p;
        sum_r[k] += d->result[i];
    }
    for (int k = 0; k < EVAL_FIT_BINS; k++) {
        predicted[k] = count[k] ? sum_p[k] / (double)count[k] : NAN;
        observed[k] = count[k] ? sum_r[k] / (double)count[k] : NAN;
    }
}

/* ---- plots ---- */

/* One scenario's calibration chart. */
struct calibration_plot {
    const struct eval_fit *fit;
    const struct eval_data *validation;
    int scenario;
};

static bool draw_calibration(FILE *out, const void *plot)
{
    const struct calibration_plot *c = plot;
    struct svg_bin bins[2][EVAL_FIT_BINS];
    long count[EVAL_FIT_BINS], total = 0;
    double predicted[EVAL_FIT_BINS], observed[EVAL_FIT_BINS];
    const struct eval_weights *weights[2] = {&c->fit->start, &c->fit->fitted};
    for (int s = 0; s < 2; s++) {
        eval_fit_calibration(c->validation, weights[s]->w, c->scenario, count, predicted, observed);
        for (int k = 0; k < EVAL_FIT_BINS; k++)
            bins[s][k] = (struct svg_bin){predicted[k], observed[k], count[k]};
    }
    for (int k = 0; k < EVAL_FIT_BINS; k++)
        total += count[k];
    const struct svg_calibration_series series[] = {{"start weights", "#999999", EVAL_FIT_BINS, bins[0], false},
                                                    {"fitted weights", "#1f77b4", EVAL_FIT_BINS, bins[1], true}};
    char title[160];
    snprintf(title, sizeof title, "%d: York's predicted chance against the result (%ld validation positions)",
             SCENARIO_INFO[c->scenario].year, total);
    return svg_calibration(out, title, "predicted York win probability (10 bins)", "observed York score (mean result)",
                           series, 2);
}

bool eval_fit_write_plots(const char *dir, const struct eval_fit *fit, const struct eval_data *validation,
                          char *final[EVAL_FIT_PLOTS], char *temporary[EVAL_FIT_PLOTS], int *count, char *why,
                          size_t size)
{
    *count = 0;
    if (!fit_make_directory(dir, why, size))
        return false;
    struct fit_loss_plot loss = {"eval", &fit->run};
    if (!fit_write_plot(dir, "loss.svg", fit_draw_loss, &loss, &final[0], &temporary[0], why, size))
        return false;
    for (*count = 1; *count < EVAL_FIT_PLOTS; ++*count) {
        struct calibration_plot c = {fit, validation, *count - 1};
        char name[32];
        snprintf(name, sizeof name, "calibration-%d.svg", SCENARIO_INFO[c.scenario].year);
        if (!fit_write_plot(dir, name, draw_calibration, &c, &final[*count], &temporary[*count], why, size))
            return false;
    }
    return true;
}
