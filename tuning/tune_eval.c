/*
 * tune_eval.c: see tune_eval.h. The loss of a weight vector is one pass over
 * the flat feature array: a dot product per row, its softplus, and the
 * gradient (p - t) f accumulated. NLopt's L-BFGS calls it; the callback keeps
 * the best point it has seen (which is what is returned, whatever NLopt ends
 * with), watches the validation loss at each improvement and stops when the
 * caller's flag is set. The fitted weights are rounded to six significant
 * digits, as they are written, before their losses are measured.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/tune_eval.h"

#include <errno.h>
#include <math.h>
#include <nlopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/tables.h"
#include "tuning/svg.h"

#define N EVAL_WEIGHT_COUNT
#define DIGITS 6 /* significant digits of a fitted weight */

/* ---- the loss ---- */

void tune_targets(const struct tune_data *d, double lambda, double *target)
{
    for (long i = 0; i < d->count; i++)
        target[i] = isnan(d->winrate[i]) ? d->result[i] : (1 - lambda) * d->result[i] + lambda * d->winrate[i];
}

double tune_loss(const struct tune_data *d, const double *target, const double w[N], double gradient[N])
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

struct objective {
    const struct tune_data *train, *validation;
    const double *train_target, *validation_target;
    const double *start;
    const struct tune_options *o;
    nlopt_opt opt;
    double best; /* the lowest objective so far, at best_x */
    double best_x[N];
    struct tune_fit *fit;
};

static void trace_add(struct tune_fit *fit, struct tune_point point)
{
    if (fit->trace_count == fit->trace_capacity) {
        fit->trace_capacity = fit->trace_capacity ? 2 * fit->trace_capacity : 64;
        fit->trace = realloc(fit->trace, (size_t)fit->trace_capacity * sizeof *fit->trace);
        if (!fit->trace) {
            fputs("r3: out of memory\n", stderr);
            exit(1);
        }
    }
    fit->trace[fit->trace_count++] = point;
}

static double objective(unsigned n, const double *x, double *gradient, void *context)
{
    struct objective *b = context;
    struct tune_fit *fit = b->fit;
    double g[N];
    fit->evaluations++;
    if (b->o->stop && *b->o->stop) {
        fit->interrupted = true;
        nlopt_force_stop(b->opt);
    }
    double loss = tune_loss(b->train, b->train_target, x, g), penalty = 0;
    for (unsigned j = 0; j < n; j++) {
        double away = x[j] - b->start[j];
        penalty += b->o->l2 * away * away;
        if (gradient)
            gradient[j] = g[j] + 2 * b->o->l2 * away;
    }
    double value = loss + penalty;
    if (value < b->best) {
        b->best = value;
        memcpy(b->best_x, x, sizeof b->best_x);
        struct tune_point point = {fit->evaluations, loss, tune_loss(b->validation, b->validation_target, x, NULL)};
        trace_add(fit, point);
        if (b->o->progress) {
            fprintf(b->o->progress, "iteration %d: train loss %.6f, validation loss %.6f\n", point.evaluation,
                    point.train, point.validation);
            fflush(b->o->progress);
        }
    }
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
static void standard_errors(const struct tune_data *d, struct tune_fit *fit)
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

static void settle_fit(struct tune_fit *fit, const double x[N])
{
    for (int j = 0; j < N; j++) {
        const struct eval_weight_info *info = &EVAL_WEIGHT_INFO[j];
        fit->fitted.w[j] = settle(x[j], info->min, info->max);
        fit->at_bound[j] = !fit->fixed[j] && (fit->fitted.w[j] == info->min || fit->fitted.w[j] == info->max);
    }
}

static double *targets_of(const struct tune_data *d, double lambda)
{
    double *target = malloc((size_t)(d->count ? d->count : 1) * sizeof *target);
    if (!target) {
        fputs("r3: out of memory\n", stderr);
        exit(1);
    }
    tune_targets(d, lambda, target);
    return target;
}

bool tune_fit(const struct tune_data *train, const struct tune_data *validation, const struct eval_weights *start,
              const struct tune_options *o, struct tune_fit *fit, char *why, size_t size)
{
    *fit = (struct tune_fit){.start = *start, .fitted = *start};
    struct objective b = {
        .train = train, .validation = validation, .start = start->w, .o = o, .best = INFINITY, .fit = fit};
    b.train_target = targets_of(train, o->lambda);
    b.validation_target = targets_of(validation, o->lambda);
    fit->start_train = tune_loss(train, b.train_target, start->w, NULL);
    fit->start_validation = tune_loss(validation, b.validation_target, start->w, NULL);
    memcpy(b.best_x, start->w, sizeof b.best_x);

    double low[N], high[N], x[N], value;
    for (int j = 0; j < N; j++) {
        /* A fixed weight's box is its start value alone. */
        fit->fixed[j] = o->fixed[j];
        low[j] = o->fixed[j] ? start->w[j] : EVAL_WEIGHT_INFO[j].min;
        high[j] = o->fixed[j] ? start->w[j] : EVAL_WEIGHT_INFO[j].max;
        x[j] = start->w[j];
    }
    b.opt = nlopt_create(NLOPT_LD_LBFGS, N);
    nlopt_set_lower_bounds(b.opt, low);
    nlopt_set_upper_bounds(b.opt, high);
    nlopt_set_min_objective(b.opt, objective, &b);
    nlopt_set_ftol_rel(b.opt, 1e-10);
    nlopt_set_xtol_rel(b.opt, 1e-8);
    nlopt_set_maxeval(b.opt, o->iterations);
    nlopt_result result = nlopt_optimize(b.opt, x, &value);
    nlopt_destroy(b.opt);
    fit->stopped = result_words(result);
    /* NLopt's L-BFGS may end with a failure of its line search near the
     * optimum: the best point seen is still good. Only a fit that never ran fails. */
    bool ok = result != NLOPT_INVALID_ARGS && result != NLOPT_OUT_OF_MEMORY && fit->trace_count > 0;
    if (!ok)
        snprintf(why, size, "the fit failed: %s (NLopt %d)", fit->stopped, (int)result);
    if (ok && !fit->interrupted) {
        settle_fit(fit, b.best_x);
        fit->train = tune_loss(train, b.train_target, fit->fitted.w, NULL);
        fit->validation = tune_loss(validation, b.validation_target, fit->fitted.w, NULL);
        standard_errors(train, fit);
    }
    free((void *)b.train_target);
    free((void *)b.validation_target);
    return ok;
}

void tune_fit_free(struct tune_fit *fit)
{
    free(fit->trace);
    fit->trace = NULL;
    fit->trace_count = fit->trace_capacity = 0;
}

void tune_report(FILE *out, const struct tune_fit *fit)
{
    fprintf(out, "stopped after %d evaluations: %s\n\n", fit->evaluations, fit->stopped);
    fprintf(out, "%-16s %10s %10s %10s\n", "weight", "start", "fitted", "se");
    for (int j = 0; j < N; j++) {
        char se[32] = "-";
        if (!isnan(fit->se[j]))
            snprintf(se, sizeof se, "%.3g", fit->se[j]);
        fprintf(out, "%-16s %10.6g %10.6g %10s%s\n", EVAL_WEIGHT_INFO[j].name, fit->start.w[j], fit->fitted.w[j], se,
                fit->fixed[j]      ? "  fixed"
                : fit->at_bound[j] ? "  bound"
                                   : "");
    }
    fputc('\n', out);
}

void tune_calibration(const struct tune_data *d, const double w[N], int scenario, long count[TUNE_BINS],
                      double predicted[TUNE_BINS], double observed[TUNE_BINS])
{
    double sum_p[TUNE_BINS] = {0}, sum_r[TUNE_BINS] = {0};
    for (int k = 0; k < TUNE_BINS; k++)
        count[k] = 0;
    for (long i = 0; i < d->count; i++) {
        if (d->scenario[i] != scenario)
            continue;
        double z = 0;
        for (int j = 0; j < N; j++)
            z += w[j] * d->features[i * N + j];
        double p = 1 / (1 + exp(-z));
        int k = (int)(p * TUNE_BINS);
        k = k < TUNE_BINS ? k : TUNE_BINS - 1;
        count[k]++;
        sum_p[k] += p;
        sum_r[k] += d->result[i];
    }
    for (int k = 0; k < TUNE_BINS; k++) {
        predicted[k] = count[k] ? sum_p[k] / (double)count[k] : NAN;
        observed[k] = count[k] ? sum_r[k] / (double)count[k] : NAN;
    }
}

/* ---- files ---- */

/* A temporary file beside path, open for writing; NULL after why is written. */
static FILE *open_temporary(const char *path, char **temporary, char *why, size_t size)
{
    size_t length = strlen(path) + 16;
    *temporary = malloc(length);
    if (!*temporary) {
        snprintf(why, size, "%s: out of memory", path);
        return NULL;
    }
    snprintf(*temporary, length, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(*temporary);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) {
        snprintf(why, size, "%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(*temporary);
        }
        free(*temporary);
        *temporary = NULL;
    }
    return out;
}

/* Closes a temporary file; on any error removes it and writes why. */
static bool close_temporary(FILE *out, bool written, const char *path, char **temporary, char *why, size_t size)
{
    written = !ferror(out) && written;
    written = fclose(out) == 0 && written;
    if (!written) {
        snprintf(why, size, "%s: cannot write: %s", path, strerror(errno));
        unlink(*temporary);
        free(*temporary);
        *temporary = NULL;
    }
    return written;
}

/* The shortest decimal that reads back as exactly x. */
static void write_number(FILE *out, double x)
{
    char text[32];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, x);
        if (strtod(text, NULL) == x)
            break;
    }
    fputs(text, out);
}

/* The weight a line of a weights file gives, its value's word at
 * [*begin, *end) of the line; -1 for a comment or blank line. The file has
 * been read by eval_weights_load, so each other line is "name value min max". */
static int weight_on_line(const char *line, size_t *begin, size_t *end)
{
    const char *blank = " \t\r\n\v\f";
    size_t code = strcspn(line, "#"), at = strspn(line, blank);
    if (at >= code)
        return -1;
    size_t name_end = at + strcspn(line + at, blank);
    *begin = name_end + strspn(line + name_end, blank);
    *end = *begin + strcspn(line + *begin, blank);
    for (int j = 0; j < N; j++)
        if (strlen(EVAL_WEIGHT_INFO[j].name) == name_end - at &&
            strncmp(EVAL_WEIGHT_INFO[j].name, line + at, name_end - at) == 0)
            return j;
    return -1;
}

/* The template's text with each weight's value replaced. */
static bool write_like(FILE *out, const char *template_path, const struct eval_weights *weights, char *why, size_t size)
{
    FILE *in = fopen(template_path, "r");
    if (!in) {
        snprintf(why, size, "%s: cannot open: %s", template_path, strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t capacity = 0, begin, end;
    while (getline(&line, &capacity, in) >= 0) {
        int j = weight_on_line(line, &begin, &end);
        if (j < 0) {
            fputs(line, out);
            continue;
        }
        fwrite(line, 1, begin, out);
        write_number(out, weights->w[j]);
        fputs(line + end, out);
    }
    bool ok = !ferror(in);
    if (!ok)
        snprintf(why, size, "%s: read error: %s", template_path, strerror(errno));
    free(line);
    fclose(in);
    return ok;
}

bool tune_write_weights(const char *path, const char *template_path, const struct eval_weights *weights,
                        char **temporary, char *why, size_t size)
{
    FILE *out = open_temporary(path, temporary, why, size);
    if (!out)
        return false;
    bool written =
        template_path ? write_like(out, template_path, weights, why, size) : eval_weights_write(out, weights);
    if (!written && template_path) { /* why is the template's */
        fclose(out);
        unlink(*temporary);
        free(*temporary);
        *temporary = NULL;
        return false;
    }
    if (!close_temporary(out, written, path, temporary, why, size))
        return false;
    struct eval_weights back;
    char problem[512];
    bool same = eval_weights_load(*temporary, &back, problem, sizeof problem);
    for (int j = 0; same && j < N; j++)
        same = back.w[j] == weights->w[j];
    if (!same) {
        snprintf(why, size, "%s: the weights written do not read back (%s)", path, problem);
        unlink(*temporary);
        free(*temporary);
        *temporary = NULL;
    }
    return same;
}

static bool write_loss_plot(FILE *out, const struct tune_fit *fit)
{
    int n = fit->trace_count;
    double *x = malloc((size_t)(n ? n : 1) * 3 * sizeof *x), *train = x + n, *validation = x + 2 * n;
    if (!x)
        return false;
    for (int i = 0; i < n; i++) {
        x[i] = fit->trace[i].evaluation;
        train[i] = fit->trace[i].train;
        validation[i] = fit->trace[i].validation;
    }
    const struct svg_series series[] = {{"train", "#1f77b4", n, x, train}, {"validation", "#d62728", n, x, validation}};
    bool ok = svg_line_chart(out, "r3 tune eval: the loss at each improving evaluation",
                             "evaluation of the loss (NLopt L-BFGS)", "mean cross-entropy", series, 2);
    free(x);
    return ok;
}

static bool write_calibration_plot(FILE *out, const struct tune_fit *fit, const struct tune_data *validation,
                                   int scenario)
{
    struct svg_bin bins[2][TUNE_BINS];
    long count[TUNE_BINS], total = 0;
    double predicted[TUNE_BINS], observed[TUNE_BINS];
    const struct eval_weights *weights[2] = {&fit->start, &fit->fitted};
    for (int s = 0; s < 2; s++) {
        tune_calibration(validation, weights[s]->w, scenario, count, predicted, observed);
        for (int k = 0; k < TUNE_BINS; k++)
            bins[s][k] = (struct svg_bin){predicted[k], observed[k], count[k]};
    }
    for (int k = 0; k < TUNE_BINS; k++)
        total += count[k];
    const struct svg_calibration_series series[] = {{"start weights", "#999999", TUNE_BINS, bins[0], false},
                                                    {"fitted weights", "#1f77b4", TUNE_BINS, bins[1], true}};
    char title[160];
    snprintf(title, sizeof title, "%d: York's predicted chance against the result (%ld validation positions)",
             SCENARIO_INFO[scenario].year, total);
    return svg_calibration(out, title, "predicted York win probability (10 bins)", "observed York score (mean result)",
                           series, 2);
}

bool tune_write_plots(const char *dir, const struct tune_fit *fit, const struct tune_data *validation,
                      char *final[TUNE_PLOTS], char *temporary[TUNE_PLOTS], int *count, char *why, size_t size)
{
    *count = 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(why, size, "%s: cannot make the directory: %s", dir, strerror(errno));
        return false;
    }
    for (int plot = 0; plot < TUNE_PLOTS; plot++) {
        size_t length = strlen(dir) + 32;
        char *path = malloc(length);
        if (!path) {
            snprintf(why, size, "%s: out of memory", dir);
            return false;
        }
        if (plot == 0)
            snprintf(path, length, "%s/loss.svg", dir);
        else
            snprintf(path, length, "%s/calibration-%d.svg", dir, SCENARIO_INFO[plot - 1].year);
        FILE *out = open_temporary(path, &temporary[*count], why, size);
        if (!out) {
            free(path);
            return false;
        }
        final[(*count)++] = path;
        bool written = plot == 0 ? write_loss_plot(out, fit) : write_calibration_plot(out, fit, validation, plot - 1);
        if (!close_temporary(out, written, path, &temporary[*count - 1], why, size)) {
            free(path);
            (*count)--;
            return false;
        }
    }
    return true;
}
