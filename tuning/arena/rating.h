/*
 * rating.h: one Elo scale for many engines from the games of many matches:
 * the maximum-likelihood Bradley-Terry fit, as Ordo and BayesElo make it.
 * The chance that i beats j is 1 / (1 + 10^((Rj - Ri) / 400)); a draw counts
 * half a win each. One engine, the anchor, is held at a given Elo, so that
 * the scale stays put when engines join. Each rating's 95% interval comes
 * from the fit's Fisher information (the games taken as independent).
 */
#ifndef R3_RATING_H
#define R3_RATING_H

#include <stdbool.h>
#include <stddef.h>

#define RATING_MAX_ENGINES 64
#define RATING_NAME_MAX 200

struct rating_games {
    int engines;
    char name[RATING_MAX_ENGINES][RATING_NAME_MAX + 1];
    double points[RATING_MAX_ENGINES][RATING_MAX_ENGINES]; /* i's points against j */
    double games[RATING_MAX_ENGINES][RATING_MAX_ENGINES];  /* games between i and j, both ways */
};

/* The engine so named, added if new: its index, or -1 (and why) if the name
 * is too long or the table is full. */
int rating_engine(struct rating_games *g, const char *name, char *why, size_t size);

/* One game between a and b, 'points_a' (1, 1/2 or 0) to a. */
void rating_add(struct rating_games *g, int a, int b, double points_a);

struct rating_fit {
    double elo[RATING_MAX_ENGINES];
    double margin[RATING_MAX_ENGINES]; /* the half-width of the 95% interval; 0 for the anchor */
    double games[RATING_MAX_ENGINES], points[RATING_MAX_ENGINES];
};

/* The ratings, 'anchor' held at anchor_elo. False, with why, when some
 * engine has no finite rating: one that won or lost every game it played,
 * or a group of engines that never met the anchor's. */
bool rating_fit(const struct rating_games *g, int anchor, double anchor_elo, struct rating_fit *out, char *why,
                size_t size);

#endif
