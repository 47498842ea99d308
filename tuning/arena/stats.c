/*
 * stats.c: see stats.h. The SPRT is the generalized SPRT of the normal
 * approximation on game pairs: LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v),
 * with s = 1 / (1 + 10^(-elo / 400)) and m, v the mean and variance of the
 * per-pair average score. Pairs rather than games, because the two games of
 * a pair share their cards and dice and so are not independent.
 */
#include "tuning/arena/stats.h"

#include <math.h>

double stats_elo(double score)
{
    return -400.0 * log10(1.0 / score - 1.0) + 0.0; /* + 0.0: an even score prints as 0.0, not -0.0 */
}

/* The interval's mean half-width in Elo around a score, clamped so that a
 * score near 0 or 1 stays finite (the interval is not symmetric in Elo). */
static double elo_margin(double score, double margin)
{
    return (stats_elo(fmin(score + margin, 0.999)) - stats_elo(fmax(score - margin, 0.001))) / 2;
}

struct elo_estimate stats_elo_estimate(long wins, long losses, long draws)
{
    struct elo_estimate e = {0, 0, 0};
    double n = (double)(wins + losses + draws), w = (double)wins, l = (double)losses, d = (double)draws;
    if (n <= 0)
        return e;
    double score = (w + d / 2) / n;
    if (score <= 0 || score >= 1) {
        e.infinite = score >= 1 ? 1 : -1;
        return e;
    }
    double variance = (w * pow(1 - score, 2) + l * pow(score, 2) + d * pow(0.5 - score, 2)) / n;
    double margin = 1.96 * sqrt(variance / n);
    e.elo = stats_elo(score);
    e.margin = elo_margin(score, margin);
    return e;
}

struct elo_estimate stats_elo_pairs(const long pairs[PAIR_SCORES])
{
    struct elo_estimate e = {0, 0, 0};
    double n = 0, sum = 0, squares = 0;
    for (int k = 0; k < PAIR_SCORES; k++) {
        double score = k / 4.0;
        n += (double)pairs[k];
        sum += (double)pairs[k] * score;
        squares += (double)pairs[k] * score * score;
    }
    if (n <= 0)
        return e;
    double score = sum / n;
    if (score <= 0 || score >= 1) {
        e.infinite = score >= 1 ? 1 : -1;
        return e;
    }
    double variance = fmax(squares / n - score * score, 0);
    e.elo = stats_elo(score);
    e.margin = n > 1 ? elo_margin(score, 1.959964 * sqrt(variance / n)) : 0;
    return e;
}

double stats_los(long wins, long losses)
{
    if (wins + losses == 0)
        return 0.5;
    return 0.5 * (1 + erf((double)(wins - losses) / sqrt(2.0 * (double)(wins + losses))));
}

static double expected_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double sprt_llr(const struct sprt *s, const long pairs[PAIR_SCORES])
{
    double n = 0, sum = 0, squares = 0;
    for (int k = 0; k < PAIR_SCORES; k++) {
        double x = k / 4.0; /* the pair's average score */
        n += (double)pairs[k];
        sum += (double)pairs[k] * x;
        squares += (double)pairs[k] * x * x;
    }
    if (n == 0)
        return 0;
    double s0 = expected_score(s->elo0), s1 = expected_score(s->elo1);
    double mean = sum / n, variance = fmax(squares / n - mean * mean, 0);
    /* A sample whose pairs all scored the same has no variance, and the
     * formula would claim infinite evidence from a single pair. One virtual
     * pair with the variance of two independent decisive games at the
     * hypotheses' midpoint keeps it finite; its weight fades as 1 / (n + 1). */
    double midpoint = (s0 + s1) / 2, prior = midpoint * (1 - midpoint) / 2;
    variance = (n * variance + prior) / (n + 1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

double sprt_lower_bound(const struct sprt *s) { return log(s->beta / (1 - s->alpha)); }

double sprt_upper_bound(const struct sprt *s) { return log((1 - s->beta) / s->alpha); }

enum sprt_verdict sprt_verdict(const struct sprt *s, double llr)
{
    if (llr >= sprt_upper_bound(s))
        return SPRT_H1;
    if (llr <= sprt_lower_bound(s))
        return SPRT_H0;
    return SPRT_CONTINUE;
}
