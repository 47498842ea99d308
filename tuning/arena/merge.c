/*
 * merge.c: see merge.h. Engine 0 of a match plays York in its odd-numbered
 * games (1, 3, ...), and game g plays the match's seed + (g - 1) / 2; so every
 * line names the match's two engines in order and its seed, and lines of
 * another match are caught.
 */
#include "tuning/arena/merge.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "tuning/arena/results.h"
#include "tuning/arena/tally.h"

struct merged_game {
    long game;
    int winner, end, york_engine;
    int dir;   /* where it was read: the directory's index, */
    long line; /* and the line */
};

struct merge {
    const char *const *dirs;
    struct merged_game *games;
    size_t count, capacity;
    char *names[2]; /* engine 0 and engine 1, from the first line read */
    uint64_t seed;  /* the match's --seed, from the first line read */
    int first_dir;  /* where that first line was */
    long first_line;
};

static void path_of(const struct merge *m, int dir, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", m->dirs[dir], RESULTS_TSV);
}

/* The first line read fixes the match; every other line must agree with it. */
static bool same_match(struct merge *m, const struct game_line *g, int dir, long line, char *why, size_t size)
{
    const char *engine0 = g->game % 2 ? g->york : g->lancaster, *engine1 = g->game % 2 ? g->lancaster : g->york;
    uint64_t seed = g->seed - (uint64_t)((g->game - 1) / 2);
    char first[4200];
    if (!m->names[0]) {
        m->names[0] = strdup(engine0);
        m->names[1] = strdup(engine1);
        m->seed = seed;
        m->first_dir = dir;
        m->first_line = line;
        return m->names[0] && m->names[1];
    }
    path_of(m, m->first_dir, first, sizeof first);
    if (strcmp(engine0, m->names[0]) || strcmp(engine1, m->names[1])) {
        return fail(why, size, "game %ld is of '%.200s' vs '%.200s', but %.400s line %ld is of '%.200s' vs '%.200s'",
                    g->game, engine0, engine1, first, m->first_line, m->names[0], m->names[1]);
    }
    if (seed != m->seed)
        return fail(why, size, "game %ld plays seed %llu, so the match's seed is %llu, but %.400s line %ld gives %llu",
                    g->game, (unsigned long long)g->seed, (unsigned long long)seed, first, m->first_line,
                    (unsigned long long)m->seed);
    return true;
}

static bool add_game(struct merge *m, const struct game_line *g, int dir, long line, char *why, size_t size)
{
    if (m->count == m->capacity) {
        size_t capacity = m->capacity ? 2 * m->capacity : 256;
        struct merged_game *grown = realloc(m->games, capacity * sizeof *grown);
        if (!grown)
            return fail(why, size, "out of memory");
        m->games = grown;
        m->capacity = capacity;
    }
    m->games[m->count++] = (struct merged_game){.game = g->game,
                                                .winner = g->winner,
                                                .end = g->end,
                                                .york_engine = g->game % 2 ? 0 : 1,
                                                .dir = dir,
                                                .line = line};
    return true;
}

/* Where the lines come from: the merge, and the directory's index. */
struct reading {
    struct merge *m;
    int dir;
};

static bool take_game(void *context, const struct game_line *g, long line, char *why, size_t size)
{
    struct reading *r = context;
    return same_match(r->m, g, r->dir, line, why, size) && add_game(r->m, g, r->dir, line, why, size);
}

static bool read_dir(struct merge *m, int dir)
{
    char path[4096], why[8000];
    struct reading r = {m, dir};
    path_of(m, dir, path, sizeof path);
    if (results_read(path, take_game, &r, why, sizeof why))
        return true;
    fprintf(stderr, "r3: match-merge: %s\n", why);
    return false;
}

static int by_game(const void *a, const void *b)
{
    long x = ((const struct merged_game *)a)->game, y = ((const struct merged_game *)b)->game;
    return (x > y) - (x < y);
}

/* "r3: match-merge: PATH line N: why" for a line of directory 'dir'. */
static bool fail_at(const struct merge *m, int dir, long line, const char *why)
{
    char path[4096];
    path_of(m, dir, path, sizeof path);
    fprintf(stderr, "r3: match-merge: %s line %ld: %s\n", path, line, why);
    return false;
}

/* After sorting: a game read twice is an error, naming both places. */
static bool no_game_twice(const struct merge *m)
{
    for (size_t i = 1; i < m->count; i++) {
        const struct merged_game *a = &m->games[i - 1], *b = &m->games[i];
        if (a->game == b->game) {
            char first[4096], why[4300];
            path_of(m, a->dir, first, sizeof first);
            snprintf(why, sizeof why, "game %ld appears twice: %.4000s line %ld has it too", b->game, first, a->line);
            return fail_at(m, b->dir, b->line, why);
        }
    }
    return true;
}

static void count_games(const struct merge *m, struct tally *t)
{
    for (size_t i = 0; i < m->count; i++) {
        const struct merged_game *g = &m->games[i];
        tally_game(t, g->winner, g->end, g->york_engine);
        const struct merged_game *next = i + 1 < m->count ? &m->games[i + 1] : NULL;
        if (g->game % 2 == 1 && next && next->game == g->game + 1)
            tally_pair(t, tally_half_points(g->winner, g->york_engine) +
                              tally_half_points(next->winner, next->york_engine));
    }
}

/* Games missing below the last one merged (a shard not run, or cut short) are worth a note, not an error. */
static void note_gaps(const struct merge *m)
{
    long last = m->games[m->count - 1].game, missing = last - (long)m->count, first_missing = 1;
    for (size_t i = 0; i < m->count && m->games[i].game == first_missing; i++)
        first_missing++;
    if (missing > 0)
        fprintf(stderr, "r3: match-merge: note: %ld of games 1 to %ld are missing (the first is game %ld)\n", missing,
                last, first_missing);
}

int match_merge(const char *const *dirs, int count, const struct sprt *sprt, FILE *out)
{
    struct merge m = {.dirs = dirs};
    bool ok = true;
    for (int d = 0; ok && d < count; d++)
        ok = read_dir(&m, d);
    if (ok && m.count == 0) {
        fprintf(stderr, "r3: match-merge: no games in %s%s\n", dirs[0], count > 1 ? " and the rest" : "");
        ok = false;
    }
    if (ok) {
        qsort(m.games, m.count, sizeof *m.games, by_game);
        ok = no_game_twice(&m);
    }
    if (ok) {
        struct tally t = {0};
        count_games(&m, &t);
        note_gaps(&m);
        tally_report(&t, (const char *const *)m.names, sprt, out);
    }
    free(m.games);
    free(m.names[0]);
    free(m.names[1]);
    return ok ? 0 : 1;
}
