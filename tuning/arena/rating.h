/*
 * rating.h: one Elo scale for many engines from the games of many matches:
 * the maximum-likelihood Bradley-Terry fit, as Ordo and BayesElo make it.
 * The chance that i beats j is 1 / (1 + 10^((Rj - Ri) / 400)); a draw counts
 * half a win each. One engine, the anchor, is held at a given Elo, so that
 * the scale stays put when engines join. Each rating's 95% interval counts
 * game pairs, as r3 match's Elo does: the two games of a pair (the same two
 * engines and seed, the sides swapped) share their deal and dice, so their
 * results are not independent. The interval is the sandwich (cluster-robust)
 * one, the inverse Fisher information around the observed spread of the
 * pairs' scores, a game of no pair counting with its expected spread; with
 * no pairs at all it is the usual one.
 */
#ifndef R3_RATING_H
#define R3_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RATING_MAX_ENGINES 64
#define RATING_NAME_MAX 200

/* One game as the pairing sees it: between engines a < b, a's points. */
struct rating_game {
    int a, b;
    uint64_t seed;
    double points_a;
};

struct rating_games {
    int engines;
    char name[RATING_MAX_ENGINES][RATING_NAME_MAX + 1];
    double points[RATING_MAX_ENGINES][RATING_MAX_ENGINES]; /* i's points against j */
    double games[RATING_MAX_ENGINES][RATING_MAX_ENGINES];  /* games between i and j, both ways */
    struct rating_game *game;                              /* every game, for the pairs (malloc'd) */
    long count, capacity;
};

/* The engine so named, added if new: its index, or -1 (and why) if the name
 * is too long or the table is full. */
int rating_engine(struct rating_games *g, const char *name, char *why, size_t size);

/* One game between a and b, 'points_a' (1, 1/2 or 0) to a, played on
 * 'seed': the games of the same two engines on one seed are a pair. False
 * if no memory was left for it. */
bool rating_add(struct rating_games *g, int a, int b, double points_a, uint64_t seed);

/* Frees the games kept for the pairs. */
void rating_free(struct rating_games *g);

struct rating_fit {
    double elo[RATING_MAX_ENGINES];
    double margin[RATING_MAX_ENGINES]; /* the half-width of the 95% interval, from the pairs; 0 for the anchor */
    double games[RATING_MAX_ENGINES], points[RATING_MAX_ENGINES];
};

/* The ratings, 'anchor' held at anchor_elo. False, with why, when some
 * engine has no finite rating: one that won or lost every game it played,
 * or a group of engines that never met the anchor's. */
bool rating_fit(const struct rating_games *g, int anchor, double anchor_elo, struct rating_fit *out, char *why,
                size_t size);

#endif
