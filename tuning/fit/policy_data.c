/*
 * policy_data.c: see policy_data.h. tuning/fit/fit_read.c reads the lines; this
 * file's parse lists a position's legal decisions, reads the visits against
 * them and finds each decision's cell on the reading threads, and its take
 * appends them in order.
 */
#include "tuning/fit/policy_data.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/rules/rules.h"
#include "search/policy.h"
#include "tuning/selfplay/visits.h"

#define LINES_PER_THREAD 256 /* a row has room for MAX_DECISIONS decisions */

/* ---- the data set ---- */

static void *grown(void *p, long count, size_t each)
{
    p = realloc(p, (size_t)count * each);
    if (!p) {
        fputs("r3: out of memory for the positions\n", stderr);
        exit(1);
    }
    return p;
}

static void append(struct policy_data *d, int64_t game, int count, const uint16_t *cell, const double *target)
{
    if (d->count + 1 >= d->capacity) {
        d->capacity = d->capacity ? 2 * d->capacity : 4096;
        d->first = grown(d->first, d->capacity + 1, sizeof *d->first);
        d->game = grown(d->game, d->capacity, sizeof *d->game);
    }
    while (d->decisions + count > d->room) {
        d->room = d->room ? 2 * d->room : 65536;
        d->cell = grown(d->cell, d->room, sizeof *d->cell);
        d->target = grown(d->target, d->room, sizeof *d->target);
    }
    d->first[d->count] = d->decisions;
    d->game[d->count++] = game;
    memcpy(d->cell + d->decisions, cell, (size_t)count * sizeof *cell);
    memcpy(d->target + d->decisions, target, (size_t)count * sizeof *target);
    d->decisions += count;
    d->first[d->count] = d->decisions;
}

void policy_data_free(struct policy_data *d)
{
    free(d->first);
    free(d->cell);
    free(d->target);
    free(d->game);
    *d = (struct policy_data){0};
}

/* ---- reading ---- */

/* A line's decisions as parsed: count 0 when it has no visits. */
struct row {
    int count;
    uint16_t cell[MAX_DECISIONS];
    double target[MAX_DECISIONS];
};

static bool parse_decisions(const void *settings, const struct fit_fields *f, const struct world *w, const char *visits,
                            void *out, char *why, size_t size)
{
    (void)settings, (void)f;
    struct row *row = out;
    struct decisions legal;
    long count[MAX_DECISIONS], sum = 0;
    row->count = 0;
    if (!visits || strcmp(visits, "-") == 0)
        return true;
    rules_legal(w, &legal);
    if (!visits_read(visits, &legal, count, why, size))
        return false;
    for (int i = 0; i < legal.count; i++)
        sum += count[i];
    if (sum == 0)
        return fail(why, size, "visits: every count is 0");
    for (int i = 0; i < legal.count; i++) {
        row->cell[i] = (uint16_t)policy_cell(w, legal.list[i]);
        row->target[i] = (double)count[i] / (double)sum;
    }
    row->count = legal.count;
    return true;
}

static void take_decisions(void *context, const struct fit_fields *f, const void *in)
{
    struct policy_data *d = context;
    const struct row *row = in;
    if (f->finished)
        d->finished++;
    else if (row->count == 0)
        d->unvisited++;
    else if (row->count == 1)
        d->one++;
    else
        append(d, fit_game_key(f), row->count, row->cell, row->target);
}

struct fit_reader policy_data_reader(struct policy_data *d)
{
    return (struct fit_reader){sizeof(struct row), LINES_PER_THREAD, parse_decisions, take_decisions, d, 0, NULL};
}

void policy_data_choices(struct policy_data *d)
{
    for (long i = 0; i < d->count; i++) {
        double *target = d->target + d->first[i];
        int n = (int)(d->first[i + 1] - d->first[i]), most = 0;
        for (int k = 1; k < n; k++)
            most = target[k] > target[most] ? k : most;
        for (int k = 0; k < n; k++)
            target[k] = k == most;
    }
}

/* ---- the split by game ---- */

long policy_data_games(const struct policy_data *d) { return fit_games(d->game, d->count); }

void policy_data_split(const struct policy_data *d, double fraction, uint64_t seed, struct policy_data *train,
                       struct policy_data *validation)
{
    for (long i = 0; i < d->count; i++) {
        long at = d->first[i];
        append(fit_in_validation(d->game[i], fraction, seed) ? validation : train, d->game[i],
               (int)(d->first[i + 1] - at), d->cell + at, d->target + at);
    }
}

long policy_data_seen(const struct policy_data *d, int j)
{
    long seen[POLICY_CELLS] = {0}, total = 0;
    for (long k = 0; k < d->decisions; k++)
        seen[d->cell[k]]++;
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        double f[POLICY_WEIGHT_COUNT];
        policy_cell_features(cell, f);
        total += f[j] ? seen[cell] : 0;
    }
    return total;
}
