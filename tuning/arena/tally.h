/*
 * tally.h: the count of a match's results and its final report, shared by
 * r3 match and r3 match-merge: results per engine and per side, how games
 * ended, Elo and LOS, the SPRT, and the cutechess-style score line.
 */
#ifndef R3_TALLY_H
#define R3_TALLY_H

#include <stdio.h>

#include "games/referee.h"
#include "tuning/arena/stats.h"

struct tally {
    long wins[2], draws;     /* by engine */
    long side_wins[2][2];    /* [engine][side it won with: SIDE_YORK, SIDE_LANCASTER] */
    long forfeits[2];        /* by the engine that forfeited */
    long ends[END_COUNT];    /* by how the game ended (enum game_end) */
    long pairs[PAIR_SCORES]; /* complete pairs by engine 0's half points */
};

/* Counts one game: winner is a side or SIDE_NONE, end an enum game_end,
 * york_engine the engine (0 or 1) that played York. */
void tally_game(struct tally *t, int winner, int end, int york_engine);

/* Engine 0's half points from one game: 0, 1 (a draw) or 2. */
int tally_half_points(int winner, int york_engine);

/* Counts a complete pair from engine 0's half points in its two games. */
void tally_pair(struct tally *t, int half_points);

/* The SPRT's log-likelihood ratio over the complete pairs so far. */
double tally_llr(const struct tally *t, const struct sprt *s);

/* The final report; the SPRT line only when s is not NULL. The last line is
 * "Score of NAME0 vs NAME1: W - L - D". */
void tally_report(const struct tally *t, const char *const names[2], const struct sprt *s, FILE *out);

#endif
