/*
 * stats.h: the statistics of a match: the Elo difference of a score with its
 * 95% interval, the likelihood of superiority, and the sequential probability
 * ratio test (SPRT) on game pairs.
 */
#ifndef R3_STATS_H
#define R3_STATS_H

#include <stdbool.h>

/* Elo difference that a score fraction in (0, 1) stands for. */
double stats_elo(double score);

/* Engine A's Elo over B from its wins, losses and draws: the estimate and the
 * half-width of its 95% interval (the normal approximation over per-game
 * scores). 'infinite' is +1 or -1 when every game went one way, else 0. */
struct elo_estimate {
    double elo, margin;
    int infinite;
};
struct elo_estimate stats_elo_estimate(long wins, long losses, long draws);

/* Pair scores of the first engine in half points: a pair of games scores 0,
 * 1, 2, 3 or 4 half points (the pentanomial counts). */
#define PAIR_SCORES 5

/* The same from game pairs, as fastchess has it: the mean pair score and its
 * variance over the pairs (pentanomial), so that what the two games of a
 * pair share (one seed, the sides swapped) is not counted twice. With fewer
 * than two pairs the margin is 0. */
struct elo_estimate stats_elo_pairs(const long pairs[PAIR_SCORES]);

/* Likelihood of superiority: the chance that A is stronger, from the decisive games. */
double stats_los(long wins, long losses);

struct sprt {
    double elo0, elo1;  /* H0: the difference is elo0; H1: it is elo1 */
    double alpha, beta; /* the chances of a false H1 and of a false H0 */
};

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

/* The log-likelihood ratio of H1 over H0 for these pair counts (GSPRT). */
double sprt_llr(const struct sprt *s, const long pairs[PAIR_SCORES]);
/* ln(beta / (1 - alpha)): at or below it H0 is accepted. */
double sprt_lower_bound(const struct sprt *s);
/* ln((1 - beta) / alpha): at or above it H1 is accepted. */
double sprt_upper_bound(const struct sprt *s);
enum sprt_verdict sprt_verdict(const struct sprt *s, double llr);

#endif
