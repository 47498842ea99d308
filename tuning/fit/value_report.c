/* value_report.c: see value_report.h. */
#include "tuning/fit/value_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/core/tables.h"
#include "tuning/fit/fit_files.h"
#include "tuning/report/plot_svg.h"

#define BINS 10

static double chance_of(const struct net *n, const struct value_data *d, long i)
{
    return 1 / (1 + exp(-value_logit(n, d, i)));
}

/* The 17 default weights' chance for York of sample i. */
static double baseline_of(const struct value_data *d, long i) { return 1 / (1 + exp(-(double)d->base[i])); }

/* Sums for one predictor's correlation with the targets. */
struct moments {
    double x, y, xx, yy, xy;
};

static void moments_add(struct moments *m, double x, double y)
{
    m->x += x, m->y += y, m->xx += x * x, m->yy += y * y, m->xy += x * y;
}

static double correlation(const struct moments *m, long n)
{
    double cov = m->xy - m->x * m->y / (double)n, vx = m->xx - m->x * m->x / (double)n,
           vy = m->yy - m->y * m->y / (double)n;
    return vx > 0 && vy > 0 ? cov / sqrt(vx * vy) : NAN;
}

void value_report_measure(const struct net *n, const struct value_data *d, struct value_report *r)
{
    struct moments net = {0}, base = {0};
    *r = (struct value_report){.samples = d->samples};
    for (long i = 0; i < d->samples; i++) {
        double logit = value_logit(n, d, i), t = d->target[i];
        r->net_loss += value_cross_entropy(logit, t);
        moments_add(&net, 1 / (1 + exp(-logit)), t);
        moments_add(&base, baseline_of(d, i), t);
    }
    if (!d->samples)
        return;
    r->net_loss /= (double)d->samples;
    r->baseline_loss = value_baseline_loss(d);
    r->net_correlation = correlation(&net, d->samples);
    r->baseline_correlation = correlation(&base, d->samples);
}

double value_baseline_loss(const struct value_data *d)
{
    double sum = 0;
    for (long i = 0; i < d->samples; i++)
        sum += value_cross_entropy(d->base[i], d->target[i]);
    return d->samples ? sum / (double)d->samples : 0;
}

/* ---- plots ---- */

static bool draw_loss(FILE *out, const void *context)
{
    const struct value_plots *p = context;
    double *x = malloc((size_t)p->epochs * 3 * sizeof *x);
    if (!x)
        return false;
    double *train = x + p->epochs, *validation = train + p->epochs;
    for (int e = 0; e < p->epochs; e++) {
        x[e] = e + 1;
        train[e] = p->history[e].train;
        validation[e] = p->history[e].validation;
    }
    const struct svg_series series[] = {{"train", "#1f77b4", p->epochs, x, train},
                                        {"validation", "#d62728", p->epochs, x, validation}};
    bool ok = svg_line_chart(out, "r3 tune value: mean cross-entropy by epoch", "epoch", "loss", series, 2);
    free(x);
    return ok;
}

/* One scenario's bins of one predictor: the net's chance if net, else the baseline. */
static long bin(const struct value_plots *p, int scenario, bool net, struct svg_bin bins[BINS])
{
    const struct value_data *d = p->validation;
    double sum_p[BINS] = {0}, sum_t[BINS] = {0};
    long count[BINS] = {0}, total = 0;
    for (long i = 0; i < d->samples; i++) {
        if (d->scenario[i] != scenario)
            continue;
        double chance = net ? chance_of(p->net, d, i) : baseline_of(d, i);
        int k = (int)(chance * BINS);
        k = k < 0 ? 0 : k < BINS ? k : BINS - 1;
        count[k]++, total++;
        sum_p[k] += chance;
        sum_t[k] += d->target[i];
    }
    for (int k = 0; k < BINS; k++)
        bins[k] = (struct svg_bin){count[k] ? sum_p[k] / (double)count[k] : NAN,
                                   count[k] ? sum_t[k] / (double)count[k] : NAN, count[k]};
    return total;
}

struct calibration_plot {
    const struct value_plots *plots;
    int scenario;
};

static bool draw_calibration(FILE *out, const void *context)
{
    const struct calibration_plot *c = context;
    struct svg_bin weights[BINS], net[BINS];
    bin(c->plots, c->scenario, false, weights);
    long total = bin(c->plots, c->scenario, true, net);
    const struct svg_calibration_series series[] = {{"the 17 weights", "#999999", BINS, weights, false},
                                                    {"network", "#1f77b4", BINS, net, true}};
    char title[160];
    snprintf(title, sizeof title, "%d: York's predicted chance against the target (%ld held-out positions)",
             SCENARIO_INFO[c->scenario].year, total);
    return svg_calibration(out, title, "predicted York win probability (10 bins)", "mean target", series, 2);
}

bool value_write_plots(const struct value_plots *p, const char *dir, char **final, char **temporary, int *count,
                       char *why, size_t size)
{
    *count = 0;
    if (!fit_make_directory(dir, why, size))
        return false;
    if (p->epochs && !fit_write_plot(dir, "loss.svg", draw_loss, p, &final[0], &temporary[0], why, size))
        return false;
    *count = p->epochs ? 1 : 0;
    for (int s = 0; s < SCENARIO_COUNT; s++, ++*count) {
        struct calibration_plot c = {p, s};
        char name[32];
        snprintf(name, sizeof name, "calibration-%d.svg", SCENARIO_INFO[s].year);
        if (!fit_write_plot(dir, name, draw_calibration, &c, &final[*count], &temporary[*count], why, size))
            return false;
    }
    return true;
}
