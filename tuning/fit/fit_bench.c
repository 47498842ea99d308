/*
 * fit_bench.c: see fit_bench.h. The benchmark reads many more lines than
 * it makes: a pool of positions from FIT_BENCH_POOL_GAMES games is read over
 * and over through a stream (fopencookie) that hands out the pool's lines in
 * turn, so a million lines cost no disk and no gigabytes of memory, and the
 * reader does all the work it does on a file.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else (and it asks for fopencookie's _GNU_SOURCE). */
#include <config.h>

#include "tuning/fit/fit_bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/audit.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "eval/eval.h"
#include "tuning/fit/eval_data.h"
#include "tuning/fit/eval_fit.h"
#include "tuning/fit/policy_fit.h"
#include "tuning/selfplay/visits.h"

/* ---- positions from random games ---- */

/* One game being played: where its lines go, or wait for its result. */
struct synthetic_game {
    const struct fit_synthetic *s;
    FILE *out;
    long game;
    long points;    /* points where a side decided, so far */
    uint64_t draws; /* the generator of the drawn results */
    char *held;     /* the game's lines, waiting for its result (no truth) */
    size_t held_size;
    FILE *hold;
    long lines, game_lines;
    char text[POSITION_TEXT_MAX];
};

/* The end of a line: the visits column, if asked for, and the newline. */
static void end_line(struct synthetic_game *g, const struct world *w, const struct decisions *legal, FILE *out)
{
    long count[MAX_DECISIONS];
    if (g->s->policy) {
        policy_fit_draw_visits(g->s->policy, w, legal, g->s->visits, &g->draws, count);
        visits_write(out, legal, count);
    }
    fputc('\n', out);
}

static bool take_position(void *context, const struct world *w, long played)
{
    (void)played;
    struct synthetic_game *g = context;
    struct decisions legal;
    int side = rules_actor(w);
    if (side != ACTOR_YORK && side != ACTOR_LANCASTER)
        return true;
    if (g->s->policy && (rules_legal(w, &legal), legal.count < 2))
        return true; /* no choice: nothing for a policy to learn */
    if (g->points++ % g->s->every != 0)
        return true;
    position_print(w, g->text, sizeof g->text);
    int year = SCENARIO_INFO[w->scenario].year;
    const char *side_name = SIDE_WORD[side];
    if (g->s->truth) {
        double york = eval_win_probability(w, SIDE_YORK, g->s->truth);
        double result = (double)(random_next(&g->draws) >> 11) * 0x1p-53 < york ? 1 : 0;
        fprintf(g->out, "%ld\t%ld\t%d\t%s\t%g\t%.17g\t%s", g->game * 100000 + g->game_lines, played, year, side_name,
                result, side == SIDE_YORK ? york : 1 - york, g->text);
        end_line(g, w, &legal, g->out);
        g->lines++;
    } else {
        fprintf(g->hold, "%ld\t%ld\t%d\t%s\t", g->game, played, year, side_name);
        fprintf(g->hold, "RESULT\t-\t%s", g->text);
        end_line(g, w, &legal, g->hold);
    }
    g->game_lines++;
    return true;
}

/* The held lines of a game, with its result in place of RESULT. */
static void write_held(struct synthetic_game *g, const char *result)
{
    fflush(g->hold);
    for (char *line = g->held; line && *line;) {
        char *end = strchr(line, '\n');
        char *mark = strstr(line, "RESULT");
        fwrite(line, 1, (size_t)(mark - line), g->out);
        fputs(result, g->out);
        fwrite(mark + 6, 1, (size_t)(end + 1 - (mark + 6)), g->out);
        line = end + 1;
        g->lines++;
    }
}

long fit_synthetic_write(const struct fit_synthetic *s, FILE *out)
{
    struct synthetic_game *g = calloc(1, sizeof *g);
    if (!g)
        return 0;
    g->s = s;
    g->out = out;
    g->draws = s->seed ^ 0x5eedf00dull;
    for (long game = 0; game < s->games; game++) {
        struct world w;
        uint64_t rng = s->seed * 0x9e3779b97f4a7c15ull + (uint64_t)game;
        struct game_player player[GAME_ACTORS] = {
            [ACTOR_YORK] = {game_uniform, &rng},
            [ACTOR_LANCASTER] = {game_uniform, &rng},
            [ACTOR_CHANCE] = {game_uniform, &rng},
        };
        struct game_hooks hooks = {.before = take_position, .context = g};
        g->game = game;
        g->game_lines = 0;
        g->points = 0;
        g->hold = s->truth ? NULL : open_memstream(&g->held, &g->held_size);
        scenario_setup(&w, (int)(game % SCENARIO_COUNT));
        struct game_outcome end = game_play(&w, player, &hooks);
        if (g->hold) {
            int winner = end.status == GAME_OVER ? end.result.winner : SIDE_NONE;
            write_held(g, winner == SIDE_YORK ? "1" : winner == SIDE_LANCASTER ? "0" : "0.5");
            fclose(g->hold);
            free(g->held);
            g->held = NULL;
        }
    }
    long lines = g->lines;
    free(g);
    return lines;
}

/* ---- a stream that hands out a pool's lines in turn ---- */

struct cycle {
    const char *text; /* the pool: whole lines */
    size_t size, at;
    long lines_left;
};

static ssize_t cycle_read(void *cookie, char *buffer, size_t size)
{
    struct cycle *c = cookie;
    size_t n = 0;
    while (n < size && c->lines_left > 0) {
        const char *end = memchr(c->text + c->at, '\n', c->size - c->at);
        size_t line_end = (size_t)(end - c->text) + 1, chunk = line_end - c->at;
        if (chunk > size - n)
            chunk = size - n;
        memcpy(buffer + n, c->text + c->at, chunk);
        n += chunk;
        c->at += chunk;
        if (c->at == line_end) {
            c->lines_left--;
            if (c->at == c->size)
                c->at = 0;
        }
    }
    return (ssize_t)n;
}

/* ---- the benchmark ---- */

struct eval_weights fit_bench_truth(void)
{
    struct eval_weights truth = EVAL_DEFAULT;
    truth.w[EVAL_USURPATION] = 1.0;
    truth.w[EVAL_KING] = 1.0;
    truth.w[EVAL_HEIRS] = 0.5;
    truth.w[EVAL_STRENGTH_MAP] = 0.05;
    return truth;
}

/* The position field of each pool line, parsed, for timing the features alone. */
static long pool_worlds(char *pool, struct world **worlds)
{
    long count = 0, capacity = 1024;
    *worlds = malloc((size_t)capacity * sizeof **worlds);
    char error[256];
    for (char *line = pool; *worlds && *line;) {
        char *end = strchr(line, '\n');
        *end = '\0';
        char *field = line;
        for (int tab = 0; tab < 6 && field; tab++)
            field = strchr(field, '\t') + 1;
        char *after = strchr(field, '\t');
        if (after)
            *after = '\0';
        if (count == capacity)
            *worlds = realloc(*worlds, (size_t)(capacity *= 2) * sizeof **worlds);
        if (*worlds && audit_position_parse(field, &(*worlds)[count], error, sizeof error))
            count++;
        if (after)
            *after = '\t';
        *end = '\n';
        line = end + 1;
    }
    return *worlds ? count : 0;
}

static double features_per_second(const struct world *worlds, long count, long total)
{
    double features[EVAL_WEIGHT_COUNT], sum = 0, start = clock_seconds();
    for (long i = 0; i < total; i++) {
        eval_features(&worlds[i % count], SIDE_YORK, features);
        sum += features[EVAL_STRENGTH_MAP];
    }
    double seconds = clock_seconds() - start;
    return sum == sum ? (double)total / seconds : 0; /* sum keeps the loop */
}

/* Reads lines lines of the pool on threads threads; the seconds it took, or -1. */
static double read_pool(char *pool, size_t size, long lines, int threads, struct eval_data *d, FILE *out)
{
    struct cycle c = {.text = pool, .size = size, .lines_left = lines};
    FILE *in = fopencookie(&c, "r", (cookie_io_functions_t){.read = cycle_read});
    char why[512];
    double start = clock_seconds();
    bool ok = in && eval_data_read_stream(d, in, "bench", threads, why, sizeof why);
    double seconds = clock_seconds() - start;
    if (in)
        fclose(in);
    if (!ok)
        fprintf(out, "r3: the bench's positions do not read back: %s\n", in ? why : "no stream");
    return ok ? seconds : -1;
}

int fit_bench_run(const struct fit_bench_options *o, FILE *out)
{
    struct eval_weights truth = fit_bench_truth();
    struct fit_synthetic s = {.games = FIT_BENCH_POOL_GAMES, .seed = o->seed, .every = 5, .truth = &truth};
    char *pool = NULL;
    size_t size = 0;
    double start = clock_seconds();
    FILE *pool_out = open_memstream(&pool, &size);
    long pool_lines = fit_synthetic_write(&s, pool_out);
    fclose(pool_out);
    fprintf(out, "pool: %ld labelled positions from %ld random games (seed %llu), %.0f bytes a line, made in %.2f s\n",
            pool_lines, s.games, (unsigned long long)o->seed, (double)size / (double)pool_lines,
            clock_seconds() - start);

    struct world *worlds;
    long count = pool_worlds(pool, &worlds);
    fprintf(out, "features alone (eval_features, 1 thread): %.0f positions/s\n",
            features_per_second(worlds, count, 20 * count));
    free(worlds);

    struct eval_data one = {0}, all = {0}, train = {0}, validation = {0};
    double seconds = read_pool(pool, size, pool_lines, 1, &one, out);
    int status = seconds < 0;
    if (!status)
        fprintf(out, "read (parse and features, 1 thread): %.0f positions/s\n", (double)one.count / seconds);
    eval_data_free(&one);
    double read_seconds = status ? -1 : read_pool(pool, size, o->positions, o->threads, &all, out);
    status = read_seconds < 0;
    if (!status) {
        fprintf(out, "read %ld lines (parse and features, %d threads): %.2f s, %.0f positions/s\n", all.count,
                o->threads, read_seconds, (double)all.count / read_seconds);
        eval_data_split(&all, 0.1, o->seed, &train, &validation);
        eval_data_free(&all);
        struct fit_options options = {.l2 = FIT_DEFAULT_L2, .iterations = FIT_DEFAULT_ITERATIONS};
        struct eval_fit fit;
        char why[512];
        start = clock_seconds();
        bool ok = eval_fit(&train, &validation, &EVAL_DEFAULT, &options, &fit, why, sizeof why);
        double fit_seconds = clock_seconds() - start;
        if (ok)
            fprintf(out,
                    "fit: %ld train and %ld validation positions, %d evaluations (%s) in %.2f s\n"
                    "read and fit: %.2f s\n"
                    "validation loss: %.6f -> %.6f\n",
                    train.count, validation.count, fit.run.evaluations, fit.run.stopped, fit_seconds,
                    read_seconds + fit_seconds, fit.start_validation, fit.validation);
        else
            fprintf(out, "r3: %s\n", why);
        status = !ok;
        eval_fit_free(&fit);
    }
    eval_data_free(&train);
    eval_data_free(&validation);
    free(pool);
    return status;
}
