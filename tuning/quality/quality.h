/*
 * quality.h: r3 quality, a player graded on the decision-quality suite
 * (docs/quality.md). The player searches each position of the suite from
 * what its side knows, as a bare go (its own budget) or with a fixed time,
 * once per seed; its choices are graded against the suite's references:
 * how often it chose the best decision, how much it lost by its choice (the
 * regret, in win-probability points; a blunder when over 0.1), and how often two searches differing
 * only in their seed agreed. Each figure comes with its standard error over
 * the positions, for the whole suite, each scenario and each suite phase;
 * and, against another run's figures of the same suite, the paired
 * differences, which see far smaller effects.
 */
#ifndef R3_QUALITY_H
#define R3_QUALITY_H

#include <stdint.h>
#include <stdio.h>

#include "search/driver.h"
#include "tuning/quality/figures.h"
#include "tuning/quality/suite.h"

#define QUALITY_MAX_SEEDS 16

struct quality_options {
    const struct suite *suite;
    const char *suite_path; /* for the report */
    const struct player *player;
    const char *player_text; /* the engine options given, for the report */
    uint64_t seed;           /* search s of a position is seeded from (seed + s, the position) */
    int seeds;               /* searches of each position, 1 to QUALITY_MAX_SEEDS */
    long movetime_ms;        /* 0: the player's own budget, as a bare go */
    int concurrency;         /* positions searched at once */
    const char *save;        /* NULL, or where each position's figures are written (figures.h) */
    /* NULL, or another run's figures of each position, to report the paired
     * differences: the same positions, so most of their spread cancels. */
    const struct quality_figures *against;
    const char *against_path, *against_player;
};

/* One row of the report: a part of the suite, each figure's mean and its standard error. */
struct quality_row {
    int positions;
    double top1, top1_se;       /* the share of searches that chose a decision of the best value */
    double regret, regret_se;   /* the best's value less the chosen one's, win probability */
    double agree, agree_se;     /* the share of pairs of searches that chose alike (two seeds or more) */
    double blunder, blunder_se; /* the share of searches whose regret was over QUALITY_BLUNDER */
};

/* A blunder: a choice that loses more than this much win probability
 * against the best (docs/quality.md). */
#define QUALITY_BLUNDER 0.10

/* The figures of position p from its searches' choices, choice[0..seeds). */
void quality_position(const struct suite_position *p, const decision *choice, int seeds, struct quality_figures *out);

/* The figures for every position's choices, choice[p * seeds + s]. */
void quality_grade(const struct suite *suite, const decision *choice, int seeds, int scenario, int phase,
                   struct quality_row *row);

/* Runs the suite and prints the report on 'out', progress on 'report'; 0,
 * or 1 after a message. */
int quality_run(const struct quality_options *o, FILE *out, FILE *report);

#endif
