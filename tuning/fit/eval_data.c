/*
 * eval_data.c: see eval_data.h. tuning/fit/fit_read.c reads the lines; this
 * file's parse computes a position's features on the reading threads, and
 * its take appends them in order.
 */
#include "tuning/fit/eval_data.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"

#define LINES_PER_THREAD 2048 /* a batch holds this many lines for each thread */

/* ---- the data set ---- */

static void grow(struct eval_data *d)
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

static void append(struct eval_data *d, const double *features, double result, double winrate, int64_t game,
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

void eval_data_free(struct eval_data *d)
{
    free(d->features);
    free(d->result);
    free(d->winrate);
    free(d->game);
    free(d->scenario);
    *d = (struct eval_data){0};
}

/* ---- reading ---- */

static bool parse_features(const void *settings, const struct fit_fields *f, const struct world *w, const char *visits,
                           void *row, char *why, size_t size)
{
    (void)settings, (void)f, (void)visits, (void)why, (void)size;
    eval_features(w, SIDE_YORK, row);
    return true;
}

static void take_row(void *context, const struct fit_fields *f, const void *row)
{
    struct eval_data *d = context;
    if (f->finished)
        d->finished++;
    else
        append(d, row, f->result, f->winrate, fit_game_key(f), f->scenario);
}

struct fit_reader eval_data_reader(struct eval_data *d)
{
    return (struct fit_reader){
        EVAL_WEIGHT_COUNT * sizeof(double), LINES_PER_THREAD, parse_features, take_row, d, 0, NULL};
}

bool eval_data_read_stream(struct eval_data *d, FILE *in, const char *name, int threads, char *why, size_t size)
{
    struct fit_reader r = eval_data_reader(d);
    return fit_read_stream(&r, in, name, threads, why, size);
}

/* ---- the split by game ---- */

long eval_data_games(const struct eval_data *d) { return fit_games(d->game, d->count); }

void eval_data_split(const struct eval_data *d, double fraction, uint64_t seed, struct eval_data *train,
                     struct eval_data *validation)
{
    for (long i = 0; i < d->count; i++)
        append(fit_in_validation(d->game[i], fraction, seed) ? validation : train, d->features + i * EVAL_WEIGHT_COUNT,
               d->result[i], d->winrate[i], d->game[i], d->scenario[i]);
}
