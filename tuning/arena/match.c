/*
 * match.c: see match.h. Game g of the match plays seed + g / 2: engine 0 has
 * York in even games and Lancaster in odd ones, so each pair of games sees
 * the same cards and dice from both chairs. Games are handed out in order to
 * C workers, each with its own two engine processes; a game's seed, scenario
 * and sides depend only on its number, so the results do not depend on C.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/arena/match.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/tables.h"
#include "games/record.h"
#include "tuning/arena/results.h"
#include "tuning/arena/tally.h"
#include "tuning/report/progress.h"
#include "tuning/report/workers.h"

_Static_assert(MATCH_MAX_CONCURRENCY <= WORKERS_MAX, "a worker each");

/* A pair with one game finished. At most C + 2 are open at once: one per game
 * in flight, the pair at the front of the queue, and the odd last game. */
#define OPEN_PAIRS (2 * MATCH_MAX_CONCURRENCY + 2)

struct open_pair {
    long pair; /* -1: a free slot */
    int half_points;
};

struct match {
    const struct match_options *o;
    FILE *out;
    pthread_mutex_t lock; /* guards everything below, and the writes to out and the results files */
    long next;            /* the next game to hand out */
    long done, planned;   /* games finished, and the games this shard plays at most */
    double start;         /* seconds on the monotonic clock */
    bool stop;            /* the SPRT has decided, or an engine did not start */
    bool failed;
    struct tally tally;
    struct open_pair open[OPEN_PAIRS];
    struct results_files results;
};

struct worker {
    struct match *m;
    struct engine_process engine[2];
};

static bool in_shard(const struct match_options *o, long pair) { return pair % o->shards == o->shard - 1; }

/* The games this shard plays when none is cut short: its pairs, less the
 * odd last game's partner. */
static long shard_games(const struct match_options *o)
{
    long pairs = (o->games + 1) / 2, first = o->shard - 1;
    if (pairs <= first)
        return 0;
    long mine = (pairs - 1 - first) / o->shards + 1;
    bool odd_last_is_mine = o->games % 2 == 1 && in_shard(o, pairs - 1);
    return 2 * mine - (odd_last_is_mine ? 1 : 0);
}

static int scenario_of(const struct match_options *o, long pair)
{
    if (o->scenario == MATCH_SCENARIO_LIST)
        return o->cycle[pair % o->cycle_count];
    return o->scenario == MATCH_ALL_SCENARIOS ? (int)(pair % SCENARIO_COUNT) : o->scenario;
}

/* The next game for a worker, in order, skipping other shards' pairs; false when there is none. */
static bool take_game(struct match *m, long *game)
{
    const struct match_options *o = m->o;
    pthread_mutex_lock(&m->lock);
    long pair = m->next / 2;
    if (!in_shard(o, pair)) {
        pair += (o->shard - 1 - pair % o->shards + o->shards) % o->shards;
        m->next = 2 * pair;
    }
    bool more = !m->stop && m->next < o->games;
    if (more)
        *game = m->next++;
    pthread_mutex_unlock(&m->lock);
    return more;
}

/* Adds a game to its pair; true with the pair's half points when that completes it. */
static bool complete_pair(struct match *m, long pair, int half_points, int *sum)
{
    int free_slot = -1;
    for (int i = 0; i < OPEN_PAIRS; i++) {
        if (m->open[i].pair == pair) {
            *sum = m->open[i].half_points + half_points;
            m->open[i].pair = -1;
            return true;
        }
        if (m->open[i].pair < 0 && free_slot < 0)
            free_slot = i;
    }
    if (free_slot >= 0)
        m->open[free_slot] = (struct open_pair){pair, half_points};
    return false;
}

/* "Finished game ..." and the running score, with the LLR and the time left. */
static void print_progress(struct match *m, const struct game_line *g, const struct game_result_record *r)
{
    const struct match_options *o = m->o;
    const struct tally *t = &m->tally;
    static const char *const HOW[END_COUNT] = {[END_HEIRS] = " by heirs (9.0)",
                                               [END_USURPATION] = " by usurpation (8.2)",
                                               [END_LAST_CAMPAIGN] = " at the end of the last campaign"};
    char winner[160];
    if (r->winner < SIDE_COUNT) /* the winner by side and by engine, so that nobody need recall which was York */
        snprintf(winner, sizeof winner, "%s (%s) wins", r->winner == SIDE_YORK ? "York" : "Lancaster",
                 r->winner == SIDE_YORK ? g->york : g->lancaster);
    else
        snprintf(winner, sizeof winner, "draw at the bound");
    fprintf(m->out, "Finished game %ld (%s vs %s, %d, seed %llu): %s%s%s\n", g->game, g->york, g->lancaster, g->year,
            (unsigned long long)g->seed, winner,
            end_is_forfeit(r->end) ? " by forfeit: "
            : HOW[r->end]          ? HOW[r->end]
                                   : "",
            end_is_forfeit(r->end) ? r->reason : "");
    fprintf(m->out, "Score of %s vs %s: %ld - %ld - %ld [%ld/%ld]", o->engine[0].name, o->engine[1].name, t->wins[0],
            t->wins[1], t->draws, m->done, m->planned);
    if (o->use_sprt)
        fprintf(m->out, ", llr %.2f", tally_llr(t, &o->sprt));
    if (m->done < m->planned && !m->stop)
        progress_print_time_left(m->out,
                                 (clock_seconds() - m->start) / (double)m->done * (double)(m->planned - m->done));
    fputc('\n', m->out);
    fflush(m->out);
}

/* Counts a finished game, writes its results and progress, and stops the match when the SPRT decides. */
static void count_game(struct match *m, const struct game_line *g, const struct game_result_record *r, int york)
{
    const struct match_options *o = m->o;
    int sum, half_points = tally_half_points(r->winner, york);
    pthread_mutex_lock(&m->lock);
    m->done++;
    tally_game(&m->tally, r->winner, r->end, york);
    if (complete_pair(m, (g->game - 1 - o->first_game) / 2, half_points, &sum))
        tally_pair(&m->tally, sum);
    if (o->use_sprt && sprt_verdict(&o->sprt, tally_llr(&m->tally, &o->sprt)) != SPRT_CONTINUE)
        m->stop = true; /* games in flight still finish and count */
    if (m->results.tsv)
        results_write(&m->results, g);
    if (m->out)
        print_progress(m, g, r);
    pthread_mutex_unlock(&m->lock);
}

static FILE *open_record(const struct match_options *o, const struct game_line *g, char *path, size_t size)
{
    if (!o->out_dir)
        return NULL;
    snprintf(path, size, "%s/game-%05ld.r3g", o->out_dir, g->game);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "r3: match: cannot write '%s': %s; the game is played without its record\n", path,
                strerror(errno));
    else
        record_write_header(f, g->year, g->seed, g->york, g->lancaster);
    return f;
}

static void play_game(struct worker *w, long game)
{
    const struct match_options *o = w->m->o;
    long pair = game / 2;
    int york = (int)(game % 2), scenario = scenario_of(o, pair);
    struct game_result_record r;
    struct game_line g = {.game = o->first_game + game + 1,
                          .year = SCENARIO_INFO[scenario].year,
                          .seed = o->seed + (uint64_t)pair,
                          .york = o->engine[york].name,
                          .lancaster = o->engine[1 - york].name};
    char path[4096];
    FILE *record = open_record(o, &g, path, sizeof path);
    referee_play(&w->engine[york], &w->engine[1 - york], scenario, g.seed, &o->tc, &r, record);
    g.winner = r.winner;
    g.end = r.end;
    g.reason = end_is_forfeit(r.end) ? r.reason : "";
    if (record) {
        int end = r.winner >= SIDE_COUNT ? RECORD_AT_BOUND : end_is_forfeit(r.end) ? RECORD_FORFEIT : RECORD_WON;
        record_write_result(record, end, r.winner, g.reason);
        fclose(record);
        g.record = path;
    }
    count_game(w->m, &g, &r, york);
}

/* Starts worker i's two engines; on failure reports it once and stops the match. */
static void start_engines(void *workers, int i)
{
    struct worker *w = &((struct worker *)workers)[i];
    struct match *m = w->m;
    char why[200];
    for (int e = 0; e < 2; e++)
        if (!engine_start(&w->engine[e], &m->o->engine[e], why, sizeof why)) {
            pthread_mutex_lock(&m->lock);
            if (!m->failed)
                fprintf(stderr, "r3: match: %s\n", why);
            m->failed = m->stop = true;
            pthread_mutex_unlock(&m->lock);
            return;
        }
}

/* Worker i's games, none once the match is stopped, then its engines stopped. */
static void play_games(void *workers, int i)
{
    struct worker *w = &((struct worker *)workers)[i];
    long game;
    while (take_game(w->m, &game))
        play_game(w, game);
    engine_stop(&w->engine[0]);
    engine_stop(&w->engine[1]);
}

static void describe(const struct match_options *o, char *text, size_t size)
{
    char tc[48], scenario[32] = "all";
    if (o->scenario == MATCH_SCENARIO_LIST)
        for (int i = 0, n = 0; i < o->cycle_count; i++)
            n += snprintf(scenario + n, sizeof scenario - (size_t)n, "%s%d", i ? "," : "",
                          SCENARIO_INFO[o->cycle[i]].year);
    else if (o->scenario != MATCH_ALL_SCENARIOS)
        snprintf(scenario, sizeof scenario, "%d", SCENARIO_INFO[o->scenario].year);
    if (o->tc.nodes)
        snprintf(tc, sizeof tc, "nodes=%lld", o->tc.nodes);
    else if (o->tc.movetime_ms)
        snprintf(tc, sizeof tc, "movetime=%d", o->tc.movetime_ms);
    else
        snprintf(tc, sizeof tc, "none");
    snprintf(text, size, "r3 match: %s vs %s, --games %ld --seed %llu --scenario %s --tc %s --shard %ld/%ld",
             o->engine[0].name, o->engine[1].name, o->games, (unsigned long long)o->seed, scenario, tc, o->shard,
             o->shards);
}

static bool open_results(struct match *m)
{
    char about[600], why[600];
    if (!m->o->out_dir)
        return true;
    describe(m->o, about, sizeof about);
    if (results_open(&m->results, m->o->out_dir, about, why, sizeof why))
        return true;
    fprintf(stderr, "r3: match: %s\n", why);
    return false;
}

/* Every worker starts its engines before any game is played, so that an
 * engine that cannot start stops the match before it begins. */
static void run_workers(struct match *m)
{
    struct worker workers[MATCH_MAX_CONCURRENCY];
    for (int i = 0; i < m->o->concurrency; i++)
        workers[i] = (struct worker){.m = m, .engine = {{.pid = -1}, {.pid = -1}}};
    pthread_mutex_init(&m->lock, NULL);
    workers_run(&(struct workers){.count = m->o->concurrency, .work = start_engines, .context = workers});
    workers_run(&(struct workers){.count = m->o->concurrency, .work = play_games, .context = workers});
    pthread_mutex_destroy(&m->lock);
}

const struct match_options MATCH_DEFAULT = {.games = 2,
                                            .scenario = MATCH_ALL_SCENARIOS,
                                            .seed = 1,
                                            .tc = {.timeout_ms = REFEREE_TIMEOUT_MS},
                                            .concurrency = 1,
                                            .shard = 1,
                                            .shards = 1};

int match_run(const struct match_options *o, FILE *out)
{
    struct match m = {.o = o, .out = out, .planned = shard_games(o), .start = clock_seconds()};
    for (int i = 0; i < OPEN_PAIRS; i++)
        m.open[i].pair = -1;
    if (!open_results(&m))
        return 1;
    run_workers(&m);
    results_close(&m.results);
    if (m.failed)
        return 1;
    if (o->tally)
        *o->tally = m.tally;
    const char *names[2] = {o->engine[0].name, o->engine[1].name};
    if (out)
        tally_report(&m.tally, names, o->use_sprt ? &o->sprt : NULL, out);
    if (out && o->out_dir && m.done)
        fprintf(out,
                "The game records are in %s/ (game-00001.r3g ...): r3 replay --print %s/game-00001.r3g tells one.\n",
                o->out_dir, o->out_dir);
    return 0;
}
