/*
 * card_report.h: r3 quality-card's run and its report (docs/quality.md,
 * "What r3's card gives away"): game pairs played on a pool of workers
 * (tuning/quality/card_peek.h), then the peeker's score shown and not
 * shown r3's card, by scenario, by peeker and in all, with the paired
 * difference and its standard error.
 */
#ifndef R3_CARD_REPORT_H
#define R3_CARD_REPORT_H

#include <stdio.h>

#include "tuning/quality/card_peek.h"

struct card_report_options {
    struct card_peek_setup setup;
    long pairs;
    int concurrency;
    const char *player_text; /* the engine options, as the report names them */
};

/* Plays the pairs and writes the report to 'out', progress to 'report';
 * the exit status: 0, or 1 after a game that could not be played. */
int card_report_run(const struct card_report_options *o, FILE *out, FILE *report);

#endif
