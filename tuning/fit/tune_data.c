/*
 * tune_data.c: see tune_data.h. tuning/fit/tune_read.c reads the lines; this
 * file's parse computes a position's features on the reading threads, and
 * its take appends them in order.
 */
#include "tuning/fit/tune_data.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"

#define LINES_PER_THREAD 2048 /* a batch holds this many lines for each thread */

/* ---- the data set ---- */

static void grow(struct tune_data *d)
{
    if (d->count < d->capacity)
        return;
    long capacity = d->capacity ? 2 * d->capacity : 4096;
    d->features = realloc(d->features, (size_t)capacity * EVAL_WEIGHT_COUNT * sizeof *d->features);
    d->result = realloc(d->result, (size_t)capacity * sizeof *d->result);
    d->winrate = realloc(d->winrate, (size_t)capacity * sizeof *d->winrate);
    d->game = realloc(d->game, (size_t)capacity * sizeof *d->game);
    d->scenario = realloc(d->scenario, (size_t)capacity * sizeof *d->scenario);
    if (!d->features || !d->result || !d->winrate || !d->game || !d->scenario) {
        fputs("r3: out of memory for the labelled positions\n", stderr);
        exit(1);
    }
    d->capacity = capacity;
}

static void append(struct tune_data *d, const double *features, double result, double winrate, int64_t game,
                   int scenario)
{
    grow(d);
    long i = d->count++;
    memcpy(d->features + i * EVAL_WEIGHT_COUNT, features, EVAL_WEIGHT_COUNT * sizeof *features);
    d->result[i] = result;
    d->winrate[i] = winrate;
    d->game[i] = game;
    d->scenario[i] = (uint8_t)scenario;
}

void tune_data_free(struct tune_data *d)
{
    free(d->features);
    free(d->result);
    free(d->winrate);
    free(d->game);
    free(d->scenario);
    *d = (struct tune_data){0};
}

/* ---- reading ---- */

static bool parse_features(const struct tune_fields *f, const struct world *w, const char *visits, void *row, char *why,
                           size_t size)
{
    (void)f, (void)visits, (void)why, (void)size;
    eval_features(w, SIDE_YORK, row);
    return true;
}

static void take_row(void *context, const struct tune_fields *f, const void *row)
{
    struct tune_data *d = context;
    if (f->finished)
        d->finished++;
    else
        append(d, row, f->result, f->winrate, tune_game_key(f), f->scenario);
}

struct tune_reader tune_data_reader(struct tune_data *d)
{
    return (struct tune_reader){EVAL_WEIGHT_COUNT * sizeof(double), LINES_PER_THREAD, parse_features, take_row, d, 0};
}

bool tune_data_read_stream(struct tune_data *d, FILE *in, const char *name, int threads, char *why, size_t size)
{
    struct tune_reader r = tune_data_reader(d);
    return tune_read_stream(&r, in, name, threads, why, size);
}

/* ---- the split by game ---- */

long tune_data_games(const struct tune_data *d) { return tune_games(d->game, d->count); }

void tune_data_split(const struct tune_data *d, double fraction, uint64_t seed, struct tune_data *train,
                     struct tune_data *validation)
{
    for (long i = 0; i < d->count; i++)
        append(tune_in_validation(d->game[i], fraction, seed) ? validation : train, d->features + i * EVAL_WEIGHT_COUNT,
               d->result[i], d->winrate[i], d->game[i], d->scenario[i]);
}
