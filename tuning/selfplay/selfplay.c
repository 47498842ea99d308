/*
 * selfplay.c: see selfplay.h. Workers take the shard's games in order; a
 * finished game's lines wait in a window of slots until every game before it
 * is written, and whoever finishes the next game to write writes it and the
 * finished ones after it. A worker waits before taking a game that would not
 * fit in the window, so a slow game holds back at most a window of others.
 * The main thread prints the progress until the workers are done.
 */
#include "tuning/selfplay/selfplay.h"

#include <pthread.h>
#include <stdlib.h>

#include "engine/core/clock.h"
#include "engine/core/types.h"
#include "tuning/report/progress.h"
#include "tuning/report/workers.h"
#include "tuning/selfplay/selfplay_out.h"

_Static_assert(SELFPLAY_MAX_CONCURRENCY <= WORKERS_MAX, "a worker each");

enum { PROGRESS_EVERY_S = 10 };

struct run {
    const struct selfplay_options *o;
    FILE *report;
    struct selfplay_range range;
    struct selfplay_out out;
    pthread_mutex_t lock;   /* guards all below, and the writes to out and report */
    pthread_cond_t changed; /* a game written */
    long next;              /* the next game to hand out */
    long written;           /* games written: the next to write is range.first + written */
    int window;
    struct selfplay_game *slot; /* game g in slot[(g - range.first) % window] */
    bool *ready;
    bool failed; /* out of memory, or a write error: the run stops, no file */
    long done, positions, dropped, wins[SIDE_COUNT], draws;
    double start;
};

static long shard_games(const struct run *r) { return r->range.end - r->range.first; }

/* The next game to play, once it fits in the window; false when none is left. */
static bool take(struct run *r, long *game)
{
    while (!r->failed && r->next < r->range.end && r->next - r->range.first - r->written >= r->window)
        pthread_cond_wait(&r->changed, &r->lock);
    if (r->failed || r->next >= r->range.end)
        return false;
    *game = r->next++;
    return true;
}

static void count(struct run *r, const struct selfplay_game *g)
{
    if (g->dropped) {
        r->dropped++;
        fprintf(r->report, "r3: selfplay: dropped %s\n", g->why);
        return;
    }
    r->positions += g->positions;
    if (g->winner < SIDE_COUNT)
        r->wins[g->winner]++;
    else
        r->draws++;
}

/* Writes the games finished in order from the next to write on. */
static void write_ready(struct run *r)
{
    for (;;) {
        long index = r->written % r->window;
        if (r->range.first + r->written >= r->range.end || !r->ready[index])
            return;
        struct selfplay_game *g = &r->slot[index];
        if (g->text && fwrite(g->text, 1, g->length, r->out.f) != g->length)
            r->failed = true, fprintf(r->report, "r3: selfplay: writing '%s' failed\n", r->out.tmp);
        count(r, g);
        free(g->text);
        r->ready[index] = false;
        r->written++;
        pthread_cond_broadcast(&r->changed);
    }
}

static void finished(struct run *r, long game, const struct selfplay_game *g, bool ok)
{
    r->done++;
    if (!ok) {
        r->failed = true;
        fprintf(r->report, "r3: selfplay: out of memory in game %ld\n", game);
        free(g->text);
        return;
    }
    long index = (game - r->range.first) % r->window;
    r->slot[index] = *g;
    r->ready[index] = true;
    write_ready(r);
}

static void work(void *context, int worker)
{
    struct run *r = context;
    long game;
    (void)worker; /* each takes the next game */
    pthread_mutex_lock(&r->lock);
    while (take(r, &game)) {
        struct selfplay_game g;
        pthread_mutex_unlock(&r->lock);
        bool ok = selfplay_game_play(&r->o->setup, game, &g);
        pthread_mutex_lock(&r->lock);
        finished(r, game, &g, ok);
    }
    pthread_mutex_unlock(&r->lock);
}

static void print_progress(void *context)
{
    struct run *r = context;
    pthread_mutex_lock(&r->lock);
    double seconds = clock_seconds() - r->start, rate = (double)r->done / seconds;
    long total = shard_games(r);
    fprintf(r->report, "selfplay: %ld/%ld games (%.1f%%), %.2f games/s, %ld positions written", r->done, total,
            100.0 * (double)r->done / (double)(total ? total : 1), rate, r->positions);
    if (r->done)
        progress_print_time_left(r->report, (double)(total - r->done) / rate);
    fputc('\n', r->report);
    fflush(r->report);
    pthread_mutex_unlock(&r->lock);
}

/* C workers, no more than the games. */
static void play_all(struct run *r)
{
    int workers = r->o->concurrency;
    if (workers > shard_games(r))
        workers = (int)shard_games(r);
    workers_run(&(struct workers){.count = workers,
                                  .work = work,
                                  .context = r,
                                  .progress = print_progress,
                                  .progress_every_s = PROGRESS_EVERY_S});
}

static void summary(const struct run *r)
{
    double seconds = clock_seconds() - r->start;
    fprintf(r->report,
            "selfplay: %ld games (York won %ld, Lancaster %ld, drawn %ld, dropped %ld), %ld positions in %.1f s: "
            "%.2f games/s, %.1f positions/s; wrote %s\n",
            r->done, r->wins[SIDE_YORK], r->wins[SIDE_LANCASTER], r->draws, r->dropped, r->positions, seconds,
            (double)r->done / seconds, (double)r->positions / seconds, r->out.path);
}

static bool begin(struct run *r, const struct selfplay_options *o, FILE *report)
{
    char why[SELFPLAY_PATH_MAX + 200];
    *r = (struct run){.o = o, .report = report, .range = selfplay_shard(o->games, o->shard, o->shards)};
    r->next = r->range.first;
    r->window = 2 * o->concurrency + 2;
    r->slot = calloc((size_t)r->window, sizeof *r->slot);
    r->ready = calloc((size_t)r->window, sizeof *r->ready);
    if (!r->slot || !r->ready)
        return fprintf(report, "r3: selfplay: out of memory\n"), false;
    if (!selfplay_out_open(&r->out, o->out, why, sizeof why))
        return fprintf(report, "r3: selfplay: %s\n", why), false;
    if (o->shard == 0 && o->header)
        fputs(o->header, r->out.f);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->changed, NULL);
    r->start = clock_seconds();
    return true;
}

int selfplay_run(const struct selfplay_options *o, FILE *report)
{
    struct run r;
    char why[SELFPLAY_PATH_MAX + 200];
    bool ok = begin(&r, o, report);
    if (ok) {
        play_all(&r);
        pthread_cond_destroy(&r.changed);
        pthread_mutex_destroy(&r.lock);
        if (r.failed)
            selfplay_out_abandon(&r.out);
        else if (!(ok = selfplay_out_commit(&r.out, why, sizeof why)))
            fprintf(report, "r3: selfplay: %s\n", why);
        ok = ok && !r.failed;
        if (ok)
            summary(&r);
    }
    for (int i = 0; r.slot && r.ready && i < r.window; i++)
        if (r.ready[i]) /* finished, not written: a run that failed */
            free(r.slot[i].text);
    free(r.slot);
    free(r.ready);
    return ok ? 0 : 1;
}
