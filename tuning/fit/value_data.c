/* value_data.c: see value_data.h. */
#include "tuning/fit/value_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rules/game.h"
#include "eval/eval.h"
#include "eval/features.h"
#include "search/evaluate.h"
#include "search/policy.h"

/* A line's row, made on a reading thread. */
struct value_row {
    uint16_t count;
    uint16_t index[FEATURES_MAX_ACTIVE];
    float label; /* York's mean result over the playouts, with labels */
    float base;  /* the 17 default weights' logit for York: the network's base input and the baseline */
};

/* The advancing playout's index among a line's playouts: apart from the labels' own. */
#define ADVANCE_SEED (0x5eedull << 20)

/* Stops a playout once the game turns counted in context have passed. */
static bool within_turns(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    int *turns = context;
    (void)d, (void)played;
    return before->turn == after->turn && before->campaign == after->campaign ? true : --*turns > 0;
}

/* Plays x on by the heuristic policy for 'turns' game turns (0: to the end of the game); true if the game
 * is still on where it stopped. */
static bool play_on(struct world *x, int turns, uint64_t seed)
{
    uint64_t rng = seed;
    const struct game_player players[GAME_ACTORS] = {[ACTOR_YORK] = {policy_player, &rng},
                                                     [ACTOR_LANCASTER] = {policy_player, &rng},
                                                     [ACTOR_CHANCE] = {game_uniform, &rng}};
    const struct game_hooks hooks = {.after = within_turns, .context = &turns};
    x->flags |= WORLD_NO_KNOWLEDGE;
    return game_play(x, players, turns > 0 ? &hooks : NULL).status != GAME_OVER;
}

/* York's result of one labelling playout from w: the game's, or the chance read where it stopped (by
 * l->net, or the 17 weights). */
static double playout(const struct value_labels *l, const struct world *w, uint64_t seed)
{
    struct world x = *w;
    play_on(&x, l->turns, seed);
    const struct evaluation e = {&EVAL_DEFAULT, l->net, 0};
    return evaluate(&x, SIDE_YORK, &e);
}

/* The seed of a line's k-th playout. */
static uint64_t playout_seed(const struct value_labels *l, const struct fit_fields *f, uint64_t k)
{
    return l->seed ^ (uint64_t)f->game * 0x9e3779b97f4a7c15ull ^ (uint64_t)f->ply << 32 ^ k;
}

static bool parse(const void *settings, const struct fit_fields *f, const struct world *line, const char *visits,
                  void *row, char *why, size_t size)
{
    const struct value_labels *l = settings;
    struct value_row *r = row;
    (void)visits, (void)why, (void)size;
    /* Advanced, a position is one where the search reads its value: the end of a playout from the line's. */
    const struct world *w = line;
    struct world advanced;
    if (l->advance > 0) {
        advanced = *line;
        if (play_on(&advanced, l->advance, playout_seed(l, f, ADVANCE_SEED)))
            w = &advanced;
    }
    r->count = (uint16_t)features_active(w, r->index);
    r->base = (float)eval_york_logit(w, &EVAL_DEFAULT);
    double sum = 0;
    for (int k = 0; k < l->playouts; k++)
        sum += playout(l, w, playout_seed(l, f, (uint64_t)k));
    r->label = l->playouts ? (float)(sum / l->playouts) : 0;
    return true;
}

/* *array resized to count elements of 'size' bytes; false, and *array as
 * it was, if memory ran out. */
static bool resize(void *array, size_t size, long count)
{
    void **pointer = array, *resized = realloc(*pointer, (size_t)count * size);
    if (resized)
        *pointer = resized;
    return resized != NULL;
}

/* Room for n + 1 samples and 'features' more features; false if memory ran
 * out (arrays already grown stay grown: the capacity is what all have). */
static bool make_room(struct value_all *a, long features)
{
    struct value_data *d = &a->data;
    if (d->samples == a->capacity) {
        long more = a->capacity ? 2 * a->capacity : 1024;
        if (!resize(&d->first, sizeof *d->first, more) || !resize(&d->count, sizeof *d->count, more) ||
            !resize(&d->target, sizeof *d->target, more) || !resize(&a->game, sizeof *a->game, more) ||
            !resize(&d->scenario, sizeof *d->scenario, more) || !resize(&d->base, sizeof *d->base, more))
            return false;
        a->capacity = more;
    }
    if (a->used + features > a->index_capacity) {
        long more = a->index_capacity ? 2 * a->index_capacity : 65536;
        while (more < a->used + features)
            more *= 2;
        if (!resize(&d->index, sizeof *d->index, more))
            return false;
        a->index_capacity = more;
    }
    return true;
}

static void take(void *context, const struct fit_fields *f, const void *row)
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
    if (a->labels.playouts)
        d->target[n] = r->label;
    else
        d->target[n] = (float)(isnan(f->winrate) ? f->result : (1 - a->lambda) * f->result + a->lambda * f->winrate);
    d->base[n] = r->base;
    d->scenario[n] = (uint8_t)f->scenario;
    a->game[n] = fit_game_key(f);
    memcpy(d->index + a->used, r->index, r->count * sizeof *r->index);
    a->used += r->count;
    d->samples = n + 1;
}

struct fit_reader value_data_reader(struct value_all *a, double lambda, const struct value_labels *l)
{
    a->lambda = lambda;
    a->labels = *l;
    return (struct fit_reader){sizeof(struct value_row), 256, parse, take, a, 0, &a->labels};
}

/* The samples of a on one side of the split, copied into d. */
static bool copy_side(const struct value_all *a, double fraction, uint64_t seed, bool held_out, struct value_data *d,
                      long *games)
{
    const struct value_data *all = &a->data;
    long n = 0, features = 0;
    for (long i = 0; i < all->samples; i++)
        if (fit_in_validation(a->game[i], fraction, seed) == held_out)
            n++, features += all->count[i];
    *d = (struct value_data){0};
    d->first = malloc((size_t)(n ? n : 1) * sizeof *d->first);
    d->count = malloc((size_t)(n ? n : 1) * sizeof *d->count);
    d->target = malloc((size_t)(n ? n : 1) * sizeof *d->target);
    d->scenario = malloc((size_t)(n ? n : 1) * sizeof *d->scenario);
    d->base = malloc((size_t)(n ? n : 1) * sizeof *d->base);
    d->index = malloc((size_t)(features ? features : 1) * sizeof *d->index);
    int64_t *game = malloc((size_t)(n ? n : 1) * sizeof *game);
    if (!d->first || !d->count || !d->target || !d->scenario || !d->base || !d->index || !game) {
        free(game);
        return false;
    }
    long used = 0;
    for (long i = 0; i < all->samples; i++) {
        if (fit_in_validation(a->game[i], fraction, seed) != held_out)
            continue;
        long k = d->samples++;
        d->first[k] = used;
        d->count[k] = all->count[i];
        d->target[k] = all->target[i];
        d->scenario[k] = all->scenario[i];
        d->base[k] = all->base[i];
        game[k] = a->game[i];
        memcpy(d->index + used, all->index + all->first[i], all->count[i] * sizeof *d->index);
        used += all->count[i];
    }
    *games = fit_games(game, d->samples);
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
    free(d->index), free(d->first), free(d->count), free(d->target), free(d->scenario), free(d->base);
    *d = (struct value_data){0};
}

void value_all_free(struct value_all *a)
{
    value_data_free(&a->data);
    free(a->game);
    a->game = NULL;
}
