/*
 * rating.c: see rating.h. NLopt's L-BFGS maximizes the log-likelihood over
 * the ratings but the anchor's; the intervals come from the inverse of its
 * Hessian there, a matrix of at most 63 rows, inverted by Gauss-Jordan, on
 * both sides of the outer products of the pairs' score vectors.
 */
#include "tuning/arena/rating.h"

#include <math.h>
#include <nlopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"

#define SCALE (log(10.0) / 400.0) /* Elo points to the logistic's natural units */

int rating_engine(struct rating_games *g, const char *name, char *why, size_t size)
{
    for (int i = 0; i < g->engines; i++)
        if (strcmp(g->name[i], name) == 0)
            return i;
    if (strlen(name) > RATING_NAME_MAX)
        return fail(why, size, "the engine name '%.60s...' is over %d bytes", name, RATING_NAME_MAX), -1;
    if (g->engines == RATING_MAX_ENGINES)
        return fail(why, size, "more than %d engines", RATING_MAX_ENGINES), -1;
    snprintf(g->name[g->engines], sizeof g->name[0], "%s", name);
    return g->engines++;
}

bool rating_add(struct rating_games *g, int a, int b, double points_a, uint64_t seed)
{
    if (g->count == g->capacity) {
        long capacity = g->capacity ? 2 * g->capacity : 1024;
        struct rating_game *more = realloc(g->game, (size_t)capacity * sizeof *more);
        if (!more)
            return false;
        g->game = more, g->capacity = capacity;
    }
    g->points[a][b] += points_a;
    g->points[b][a] += 1 - points_a;
    g->games[a][b] += 1;
    g->games[b][a] += 1;
    g->game[g->count++] =
        a < b ? (struct rating_game){a, b, seed, points_a} : (struct rating_game){b, a, seed, 1 - points_a};
    return true;
}

void rating_free(struct rating_games *g)
{
    free(g->game);
    g->game = NULL;
    g->count = g->capacity = 0;
}

/* The ratings being fitted: x holds all but the anchor's. */
struct problem {
    const struct rating_games *g;
    int anchor;
    double anchor_elo;
};

static double rating_of(const struct problem *p, const double *x, int i)
{
    return i == p->anchor ? p->anchor_elo : x[i - (i > p->anchor)];
}

/* Minus the log-likelihood, and its gradient over x. */
static double objective(unsigned n, const double *x, double *gradient, void *data)
{
    const struct problem *p = data;
    const struct rating_games *g = p->g;
    double minus_log_likelihood = 0;
    if (gradient)
        memset(gradient, 0, n * sizeof *gradient);
    for (int i = 0; i < g->engines; i++)
        for (int j = 0; j < g->engines; j++) {
            if (i == j || g->games[i][j] == 0)
                continue;
            double win = 1 / (1 + exp(-SCALE * (rating_of(p, x, i) - rating_of(p, x, j))));
            minus_log_likelihood -= g->points[i][j] * log(win); /* each pair seen from both ends */
            if (gradient && i != p->anchor)
                gradient[i - (i > p->anchor)] -= SCALE * (g->points[i][j] - g->games[i][j] * win);
        }
    return minus_log_likelihood;
}

/* The engines the anchor reaches through games in which the one before
 * took points from the one after ('down'), or gave points to it (not down). */
static void reach(const struct rating_games *g, int anchor, bool down, bool *reached)
{
    memset(reached, 0, RATING_MAX_ENGINES * sizeof *reached);
    reached[anchor] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < g->engines; i++)
            for (int j = 0; j < g->engines; j++)
                if (reached[i] && !reached[j] && (down ? g->points[i][j] : g->points[j][i]) > 0)
                    reached[j] = grew = true;
    }
}

/* Why some engine would have no finite rating, if one would not: one that
 * won or lost every game, one linked to the anchor by no games, or a group
 * that never lost (or never won) a game against the rest (Zermelo's
 * condition: the maximum exists when every group both takes and gives
 * points outside itself). */
static bool all_finite(const struct rating_games *g, int anchor, char *why, size_t size)
{
    bool above[RATING_MAX_ENGINES], below[RATING_MAX_ENGINES];
    reach(g, anchor, true, below);  /* those the anchor's side took points from */
    reach(g, anchor, false, above); /* those that took points from it */
    for (int i = 0; i < g->engines; i++) {
        double games = 0, points = 0;
        for (int j = 0; j < g->engines; j++)
            games += g->games[i][j], points += g->points[i][j];
        if (games == 0 || (!above[i] && !below[i]))
            return fail(why, size, "'%s' never met the engines of the anchor '%s', directly or through others",
                        g->name[i], g->name[anchor]);
        if (points == 0 || points == games)
            return fail(why, size, "'%s' %s every one of its %.0f games: its rating has no finite estimate", g->name[i],
                        points == 0 ? "lost" : "won", games);
    }
    for (int i = 0; i < g->engines; i++)
        if (!below[i] || !above[i])
            return fail(why, size,
                        "'%s' and the engines with it %s a game to the engines of the anchor '%s': their ratings have "
                        "no finite estimate",
                        g->name[i], below[i] ? "never won" : "never lost", g->name[anchor]);
    return true;
}

/* The inverse of the n-by-n matrix a (in place, by Gauss-Jordan with
 * partial pivoting); false if it is singular. */
static bool invert(int n, double a[][RATING_MAX_ENGINES])
{
    double inverse[RATING_MAX_ENGINES][RATING_MAX_ENGINES] = {{0}};
    for (int i = 0; i < n; i++)
        inverse[i][i] = 1;
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[pivot][c]))
                pivot = r;
        if (fabs(a[pivot][c]) < 1e-300)
            return false;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[pivot][k], a[pivot][k] = t;
            t = inverse[c][k];
            inverse[c][k] = inverse[pivot][k], inverse[pivot][k] = t;
        }
        double d = a[c][c];
        for (int k = 0; k < n; k++)
            a[c][k] /= d, inverse[c][k] /= d;
        for (int r = 0; r < n; r++)
            if (r != c && a[r][c] != 0) {
                double f = a[r][c];
                for (int k = 0; k < n; k++)
                    a[r][k] -= f * a[c][k], inverse[r][k] -= f * inverse[c][k];
            }
    }
    memcpy(a, inverse, sizeof inverse);
    return true;
}

static int by_pairing(const void *x, const void *y)
{
    const struct rating_game *a = x, *b = y;
    if (a->a != b->a)
        return a->a - b->a;
    if (a->b != b->b)
        return a->b - b->b;
    return a->seed < b->seed ? -1 : a->seed > b->seed;
}

/* The spread of the score vector summed over each pair: the outer product of
 * its score for engine a (the one for b is its negative) into m. */
static void pairs_spread(const struct problem *p, const double *x, double m[][RATING_MAX_ENGINES])
{
    struct rating_games *g = (struct rating_games *)p->g; /* sorted in place: the order of the games does not count */
    qsort(g->game, (size_t)g->count, sizeof *g->game, by_pairing);
    for (long k = 0; k < g->count;) {
        const struct rating_game *first = &g->game[k];
        double win = 1 / (1 + exp(-SCALE * (rating_of(p, x, first->a) - rating_of(p, x, first->b)))), score = 0;
        long games = 0;
        for (; k < g->count && by_pairing(first, &g->game[k]) == 0; k++, games++)
            score += SCALE * (g->game[k].points_a - win);
        /* A game of no pair counts by the model, as Fisher's information has it:
         * one result alone says little of its own spread. */
        double s2 = games > 1 ? score * score : SCALE * SCALE * win * (1 - win);
        int i = first->a == p->anchor ? -1 : first->a - (first->a > p->anchor);
        int j = first->b == p->anchor ? -1 : first->b - (first->b > p->anchor);
        if (i >= 0)
            m[i][i] += s2;
        if (j >= 0)
            m[j][j] += s2;
        if (i >= 0 && j >= 0)
            m[i][j] -= s2, m[j][i] -= s2;
    }
}

/* The 95% half-widths, in Elo: 1.96 standard errors from H^-1 M H^-1, H
 * the Fisher information and M the pairs' spread. */
static bool margins(const struct problem *p, const double *x, struct rating_fit *out)
{
    double information[RATING_MAX_ENGINES][RATING_MAX_ENGINES], spread[RATING_MAX_ENGINES][RATING_MAX_ENGINES];
    const struct rating_games *g = p->g;
    int n = g->engines - 1;
    memset(information, 0, sizeof information);
    memset(spread, 0, sizeof spread);
    for (int i = 0; i < g->engines; i++)
        for (int j = 0; j < g->engines; j++) {
            if (i == j || g->games[i][j] == 0)
                continue;
            double win = 1 / (1 + exp(-SCALE * (rating_of(p, x, i) - rating_of(p, x, j))));
            double w = SCALE * SCALE * g->games[i][j] * win * (1 - win);
            if (i != p->anchor) {
                int a = i - (i > p->anchor);
                information[a][a] += w;
                if (j != p->anchor)
                    information[a][j - (j > p->anchor)] -= w;
            }
        }
    if (!invert(n, information))
        return false;
    pairs_spread(p, x, spread);
    for (int i = 0; i < g->engines; i++) {
        if (i == p->anchor)
            continue;
        int a = i - (i > p->anchor);
        double variance = 0;
        for (int k = 0; k < n; k++)
            for (int l = 0; l < n; l++)
                variance += information[a][k] * spread[k][l] * information[l][a];
        out->margin[i] = 1.959964 * sqrt(fmax(variance, 0));
    }
    return true;
}

bool rating_fit(const struct rating_games *g, int anchor, double anchor_elo, struct rating_fit *out, char *why,
                size_t size)
{
    double x[RATING_MAX_ENGINES] = {0}, value;
    struct problem p = {g, anchor, anchor_elo};
    unsigned n = (unsigned)(g->engines - 1);
    memset(out, 0, sizeof *out);
    if (!all_finite(g, anchor, why, size))
        return false;
    for (unsigned k = 0; k < n; k++)
        x[k] = anchor_elo;
    if (n > 0) {
        nlopt_opt opt = nlopt_create(NLOPT_LD_LBFGS, n);
        nlopt_set_min_objective(opt, objective, &p);
        nlopt_set_ftol_rel(opt, 1e-14);
        nlopt_set_xtol_abs1(opt, 1e-9);
        nlopt_set_maxeval(opt, 100000);
        nlopt_result result = nlopt_optimize(opt, x, &value);
        nlopt_destroy(opt);
        if (result < 0)
            return fail(why, size, "the fit failed (NLopt %d)", (int)result);
    }
    for (int i = 0; i < g->engines; i++) {
        out->elo[i] = rating_of(&p, x, i);
        for (int j = 0; j < g->engines; j++)
            out->games[i] += g->games[i][j], out->points[i] += g->points[i][j];
    }
    if (!margins(&p, x, out))
        return fail(why, size, "the fit's information matrix is singular");
    return true;
}
