/*
 * suite.h: the decision-quality suite's file (docs/quality.md). Each line is
 * a position from self-play where a side decides, with the value of every
 * decision legal there: the side's mean result when the game is played on
 * to its end after that decision, with its standard error and the standard
 * error of its gap to the best decision (the rollouts share their worlds and
 * random numbers across the decisions, so the gaps are measured far more
 * tightly than the values). The reader checks every line against today's
 * rules: a position whose legal decisions are no longer those of its line
 * was made under other rules, and the whole file is refused.
 */
#ifndef R3_SUITE_H
#define R3_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

#define SUITE_FORMAT "# r3 quality suite 1" /* the first line of every suite file */
#define SUITE_MAX_POSITIONS 4096
#define SUITE_MAX_DECISIONS 48 /* a position with more legal decisions is not taken */
#define SUITE_ID_MAX 32
#define SUITE_FILE_MAX (64ll << 20)

/* The kinds of decision the suite measures, each a row of its report. */
enum suite_phase { SUITE_CARDS, SUITE_ACTION, SUITE_BATTLE, SUITE_SUPPLY, SUITE_POLITICAL, SUITE_PHASES };

extern const char *const SUITE_PHASE_NAME[SUITE_PHASES]; /* "cards", "action", ... */

/* The suite phase of a position where a side decides among 'legal': the card
 * to play, the first step of an action (legal holds "pass"), any battle
 * decision, supply, the political turn. -1 for one the suite does not take:
 * fewer than 2 or more than SUITE_MAX_DECISIONS decisions, the steps inside
 * an action, the mulligan, chance's points. */
int suite_phase_of(const struct world *w, const struct decisions *legal);

/* One decision's reference, for the side to decide. */
struct suite_value {
    double mean;   /* the side's mean result, 0 to 1 (a win 1, a draw 1/2) */
    double se;     /* its standard error */
    double se_gap; /* the standard error of best's mean less this one's (0 for the best) */
};

struct suite_position {
    char id[SUITE_ID_MAX]; /* where it came from: "g12p340", game and ply of the self-play run */
    int phase;             /* enum suite_phase */
    int side;
    long rollouts; /* games played on after each decision */
    struct world w;
    int count; /* its legal decisions, in rules_legal's order */
    decision decision[SUITE_MAX_DECISIONS];
    struct suite_value value[SUITE_MAX_DECISIONS];
    int best; /* the index of the highest mean (the first of equals) */
};

struct suite {
    int count;
    struct suite_position *position; /* malloc'd */
    char made_by[512];               /* the "# made by:" line's text */
};

/* The file's first lines: its format, who made it, the columns. */
void suite_write_header(FILE *out, const char *made_by);

/* One position's line. */
void suite_write_position(FILE *out, const struct suite_position *p);

/* Reads a whole suite file; false with "FILE line N: why" and nothing kept
 * if any line is damaged or does not fit today's rules. */
bool suite_read(const char *path, struct suite *s, char *why, size_t size);

void suite_free(struct suite *s);

#endif
