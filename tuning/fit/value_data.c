/* value_data.c: see value_data.h. */
#include "tuning/fit/value_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/features.h"

/* A line's row, made on a reading thread. */
struct value_row {
    uint16_t count;
    uint16_t index[FEATURES_MAX_ACTIVE];
};

static bool parse(const struct tune_fields *f, const struct world *w, const char *visits, void *row, char *why,
                  size_t size)
{
    struct value_row *r = row;
    (void)f, (void)visits, (void)why, (void)size;
    r->count = (uint16_t)features_active(w, r->index);
    return true;
}

/* Room for n + 1 samples and 'features' more features; false if memory ran out. */
static bool make_room(struct value_all *a, long features)
{
    struct value_data *d = &a->data;
    if (d->samples == a->capacity) {
        long more = a->capacity ? 2 * a->capacity : 1024;
        long *first = realloc(d->first, (size_t)more * sizeof *first);
        d->first = first ? first : d->first;
        uint16_t *count = realloc(d->count, (size_t)more * sizeof *count);
        d->count = count ? count : d->count;
        float *target = realloc(d->target, (size_t)more * sizeof *target);
        d->target = target ? target : d->target;
        int64_t *game = realloc(a->game, (size_t)more * sizeof *game);
        a->game = game ? game : a->game;
        if (!first || !count || !target || !game)
            return false;
        a->capacity = more;
    }
    if (a->used + features > a->index_capacity) {
        long more = a->index_capacity ? 2 * a->index_capacity : 65536;
        while (more < a->used + features)
            more *= 2;
        uint16_t *index = realloc(d->index, (size_t)more * sizeof *index);
        if (!index)
            return false;
        d->index = index, a->index_capacity = more;
    }
    return true;
}

static void take(void *context, const struct tune_fields *f, const void *row)
{
    struct value_all *a = context;
    const struct value_row *r = row;
    struct value_data *d = &a->data;
    if (f->finished) {
        a->finished++;
        return;
    }
    if (a->failed || !make_room(a, r->count)) {
        a->failed = true;
        return;
    }
    long n = d->samples;
    d->first[n] = a->used;
    d->count[n] = r->count;
    d->target[n] = (float)(isnan(f->winrate) ? f->result : (1 - a->lambda) * f->result + a->lambda * f->winrate);
    a->game[n] = f->game;
    memcpy(d->index + a->used, r->index, r->count * sizeof *r->index);
    a->used += r->count;
    d->samples = n + 1;
}

struct tune_reader value_data_reader(struct value_all *a, double lambda)
{
    a->lambda = lambda;
    return (struct tune_reader){sizeof(struct value_row), 256, parse, take, a};
}

/* The samples of a on one side of the split, copied into d. */
static bool copy_side(const struct value_all *a, double fraction, uint64_t seed, bool held_out, struct value_data *d,
                      long *games)
{
    const struct value_data *all = &a->data;
    long n = 0, features = 0;
    for (long i = 0; i < all->samples; i++)
        if (tune_in_validation(a->game[i], fraction, seed) == held_out)
            n++, features += all->count[i];
    *d = (struct value_data){0};
    d->first = malloc((size_t)(n ? n : 1) * sizeof *d->first);
    d->count = malloc((size_t)(n ? n : 1) * sizeof *d->count);
    d->target = malloc((size_t)(n ? n : 1) * sizeof *d->target);
    d->index = malloc((size_t)(features ? features : 1) * sizeof *d->index);
    int64_t *game = malloc((size_t)(n ? n : 1) * sizeof *game);
    if (!d->first || !d->count || !d->target || !d->index || !game) {
        free(game);
        return false;
    }
    long used = 0;
    for (long i = 0; i < all->samples; i++) {
        if (tune_in_validation(a->game[i], fraction, seed) != held_out)
            continue;
        long k = d->samples++;
        d->first[k] = used;
        d->count[k] = all->count[i];
        d->target[k] = all->target[i];
        game[k] = a->game[i];
        memcpy(d->index + used, all->index + all->first[i], all->count[i] * sizeof *d->index);
        used += all->count[i];
    }
    *games = tune_games(game, d->samples);
    free(game);
    return true;
}

bool value_data_split(const struct value_all *a, double fraction, uint64_t seed, struct value_data *train,
                      struct value_data *validation, long *train_games, long *validation_games)
{
    return copy_side(a, fraction, seed, false, train, train_games) &&
           copy_side(a, fraction, seed, true, validation, validation_games);
}

void value_data_free(struct value_data *d)
{
    free(d->index), free(d->first), free(d->count), free(d->target);
    *d = (struct value_data){0};
}

void value_all_free(struct value_all *a)
{
    value_data_free(&a->data);
    free(a->game);
    a->game = NULL;
}
