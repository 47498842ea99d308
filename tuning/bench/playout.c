/*
 * playout.c: see playout.h. Threads take games by number (game g goes to
 * thread g % T) and keep their own statistics, merged at the end.
 */
#include "tuning/bench/playout.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/clock.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/observe.h"
#include "engine/rules/audit.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/policy.h"
#include "tuning/report/progress.h"
#include "tuning/report/workers.h"

/* The lines a protocol host sends one side's engine for a transition. */
static void write_observations(const struct world *before, decision d, const struct world *after, int side, FILE *out)
{
    struct observations seen;
    char text[160];
    observe(before, d, after, side, &seen);
    for (int i = 0; i < seen.count; i++) {
        observation_text(&seen.list[i], text, sizeof text);
        fprintf(out, "%s\n", text);
    }
}

/* What one game gives the statistics. */
struct playout_tally {
    long decisions, battles;
    int winner, how;
    bool dead_end;
    uint64_t hash;
};

static void violation(struct playout_stats *s, long game, long decisions, const char *why)
{
    if (s->violations++ == 0)
        snprintf(s->first_violation, sizeof s->first_violation, "game %ld, decision %ld: %s", game, decisions, why);
}

/* One game in play: its options, generator, audit and what it has counted. */
struct playout_game {
    const struct playout_options *o;
    long game;
    uint64_t rng;
    int last_area;
    struct audit_memory audit;
    struct playout_tally *r;
    struct playout_stats *s;
    FILE *dump;
};

/* Stops at --dump-at; says "go" where the transcript's side decides. */
static bool before_decision(void *context, const struct world *w, long played)
{
    struct playout_game *g = context;
    if (g->o->dump_at >= 0 && played == g->o->dump_at)
        return false;
    if (g->o->transcript >= 0 && g->dump && rules_actor(w) == g->o->transcript)
        fputs("go\n", g->dump);
    return true;
}

/* A battle is counted in the first world that has it. */
static void count_battle(struct playout_game *g, const struct world *w)
{
    if (w->battle.area != AREA_NONE && w->battle.area != g->last_area)
        g->r->battles++;
    g->last_area = w->battle.area;
}

static void hash_in(struct playout_game *g, uint64_t value) { g->r->hash = (g->r->hash ^ value) * 0x100000001b3ull; }

/* A world goes in as its position text, which names everything in it, the
 * knowledge included, and does not depend on how struct world lays it out. */
static void hash_world(struct playout_game *g, const struct world *w)
{
    char text[POSITION_TEXT_MAX];
    position_print(w, text, sizeof text);
    hash_in(g, XXH3_64bits(text, strlen(text)));
}

/* Every decision goes into the game's hash (with --hash-worlds the world it
 * is taken in too), and every world it is taken in is looked at for a new
 * battle (the last world is, once the game stops). */
static bool decided(void *context, const struct world *w, decision d, long played)
{
    struct playout_game *g = context;
    (void)played;
    count_battle(g, w);
    if (g->o->hash_worlds)
        hash_world(g, w);
    hash_in(g, d);
    return true;
}

/* --check and --transcript need the whole transition. */
static bool after_decision(void *context, const struct world *before, decision d, const struct world *after,
                           long played)
{
    struct playout_game *g = context;
    char why[256];
    if (g->o->transcript >= 0 && g->dump)
        write_observations(before, d, after, g->o->transcript, g->dump);
    if (g->o->check && !audit_transition(&g->audit, before, d, after, why, sizeof why))
        violation(g->s, g->game, played, why);
    return true;
}

/* What the game that ended so gives the statistics. */
static void tally_game(const struct game_outcome *end, long game, struct playout_tally *r, struct playout_stats *s)
{
    r->decisions = end->decisions;
    r->dead_end = end->status == GAME_DEAD_END;
    if (end->status == GAME_BOUND)
        violation(s, game, r->decisions, "no result within the decision bound");
    if (end->status == GAME_OVER) {
        r->winner = end->result.winner;
        r->how = end->result.how;
    }
}

/* The end of a game's dump: the transcript's last line, or the position. */
static void dump_end(const struct playout_options *o, const struct world *w, FILE *dump)
{
    if (o->transcript >= 0) {
        fputs("query result\n", dump);
    } else {
        char text[POSITION_TEXT_MAX];
        position_print(w, text, sizeof text);
        fprintf(dump, "%s\n", text);
    }
}

static void play_game(const struct playout_options *o, long game, struct playout_tally *r, struct playout_stats *s,
                      FILE *dump)
{
    struct world w;
    struct playout_game g = {.o = o,
                             .game = game,
                             .rng = o->seed ^ (0x51ed270b7f4a7c15ull * (uint64_t)(game + 1)),
                             .last_area = AREA_NONE,
                             .r = r,
                             .s = s,
                             .dump = dump};
    /* players uniformly among their choices, or by the heuristic policy as a
     * search's playout would; chance too, from the one generator */
    const struct game_player player = {o->policy == POLICY_HEURISTIC ? policy_player : game_uniform, &g.rng};
    bool transitions = o->check || (o->transcript >= 0 && dump);
    const struct game_hooks hooks = {
        .before = before_decision, .decided = decided, .after = transitions ? after_decision : NULL, .context = &g};
    int scenario = o->scenario == PLAYOUT_ALL_SCENARIOS ? (int)(game % SCENARIO_COUNT) : o->scenario;
    audit_begin(&g.audit);
    memset(r, 0, sizeof *r);
    r->winner = SIDE_NONE;
    scenario_setup(&w, scenario);
    if (o->no_knowledge)
        w.flags |= WORLD_NO_KNOWLEDGE;
    if (o->transcript >= 0 && dump)
        fprintf(dump, "newgame scenario %d side %s\n", SCENARIO_INFO[scenario].year, SIDE_WORD[o->transcript]);
    struct game_outcome end = game_play(&w, (const struct game_player[GAME_ACTORS]){player, player, player}, &hooks);
    count_battle(&g, &w);
    if (o->hash_worlds)
        hash_world(&g, &w);
    tally_game(&end, game, r, s);
    if (dump)
        dump_end(o, &w, dump);
}

/* What the workers share for the progress lines. */
struct progress {
    atomic_long games_done, violations;
};

struct worker {
    const struct playout_options *o;
    int index;
    struct playout_stats stats;
    FILE *dump;
    struct progress *progress;
};

static void add_game(struct playout_stats *s, long game, const struct playout_tally *r)
{
    s->games++;
    s->decisions += r->decisions;
    s->battles += r->battles;
    if (r->decisions > s->max_decisions)
        s->max_decisions = r->decisions;
    if (r->winner == SIDE_YORK || r->winner == SIDE_LANCASTER)
        s->wins[r->winner][r->how]++;
    s->dead_ends += r->dead_end;
    s->signature += XXH3_64bits_withSeed(&r->hash, sizeof r->hash, (uint64_t)game);
}

/* What the workers share: the run's options and start, their shares, and
 * the counts that the progress line reads. */
struct playing {
    const struct playout_options *o;
    struct worker *worker;
    struct progress progress;
    double start;
};

static void work(void *context, int index)
{
    struct worker *k = &((struct playing *)context)->worker[index];
    for (long g = k->index; g < k->o->games; g += k->o->threads) {
        struct playout_tally r;
        long violations_before = k->stats.violations;
        play_game(k->o, g, &r, &k->stats, k->dump);
        add_game(&k->stats, g, &r);
        atomic_fetch_add_explicit(&k->progress->violations, k->stats.violations - violations_before,
                                  memory_order_relaxed);
        atomic_fetch_add_explicit(&k->progress->games_done, 1, memory_order_relaxed);
    }
}

static void merge(struct playout_stats *into, const struct playout_stats *from)
{
    into->games += from->games;
    into->decisions += from->decisions;
    into->battles += from->battles;
    if (from->max_decisions > into->max_decisions)
        into->max_decisions = from->max_decisions;
    for (int s = 0; s < 2; s++)
        for (int h = 0; h < GAME_HOW_COUNT; h++)
            into->wins[s][h] += from->wins[s][h];
    if (!into->violations && from->violations)
        memcpy(into->first_violation, from->first_violation, sizeof into->first_violation);
    into->violations += from->violations;
    into->dead_ends += from->dead_ends;
    into->signature += from->signature;
}

enum { PROGRESS_EVERY_S = 10 };

/* A long run says how far it is, on stderr, every PROGRESS_EVERY_S seconds. */
static void print_progress(void *context)
{
    const struct playing *p = context;
    const struct playout_options *o = p->o;
    long finished = atomic_load(&p->progress.games_done);
    double rate = (double)finished / (clock_seconds() - p->start);
    if (finished == 0)
        return;
    fprintf(stderr, "playout: %ld/%ld games (%.1f%%), %.0f games/s", finished, o->games,
            100.0 * (double)finished / (double)o->games, rate);
    if (o->check)
        fprintf(stderr, ", %ld violations", atomic_load(&p->progress.violations));
    progress_print_time_left(stderr, (double)(o->games - finished) / rate);
    fputc('\n', stderr);
}

void playout_run(const struct playout_options *o, struct playout_stats *s, FILE *dump)
{
    struct worker workers[WORKERS_MAX];
    int threads = dump ? 1 : o->threads; /* dumps come out in game order */
    struct playout_options local = *o;
    local.threads = threads;
    memset(s, 0, sizeof *s);
    struct playing playing = {.o = &local, .worker = workers, .start = clock_seconds()};
    atomic_init(&playing.progress.games_done, 0);
    atomic_init(&playing.progress.violations, 0);
    for (int t = 0; t < threads; t++)
        workers[t] = (struct worker){.o = &local, .index = t, .dump = dump, .progress = &playing.progress};
    workers_run(&(struct workers){.count = threads,
                                  .work = work,
                                  .context = &playing,
                                  .progress = dump ? NULL : print_progress,
                                  .progress_every_s = PROGRESS_EVERY_S});
    for (int t = 0; t < threads; t++)
        merge(s, &workers[t].stats);
    s->seconds = clock_seconds() - playing.start;
}

void playout_report(const struct playout_options *o, const struct playout_stats *s, FILE *out)
{
    static const char *const HOW[GAME_HOW_COUNT] = {"heirs", "usurpation", "end of game"};
    double games = s->games ? (double)s->games : 1;
    if (o->scenario == PLAYOUT_ALL_SCENARIOS)
        fprintf(out, "scenario:    1460, 1470 and 1483 in turn\n");
    else
        fprintf(out, "scenario:    %d\n", SCENARIO_INFO[o->scenario].year);
    fprintf(out, "games:       %ld in %.3f s, %d thread%s, seed %llu%s%s%s\n", s->games, s->seconds, o->threads,
            o->threads == 1 ? "" : "s", (unsigned long long)o->seed, o->check ? ", checked" : "",
            o->policy == POLICY_HEURISTIC ? ", heuristic policy" : "", o->hash_worlds ? ", worlds hashed" : "");
    fprintf(out, "speed:       %.0f games/s, %.0f decisions/s\n", (double)s->games / s->seconds,
            (double)s->decisions / s->seconds);
    fprintf(out, "decisions:   %.1f per game, at most %ld\n", (double)s->decisions / games, s->max_decisions);
    fprintf(out, "battles:     %.2f per game\n", (double)s->battles / games);
    for (int side = 0; side < 2; side++) {
        long total = s->wins[side][0] + s->wins[side][1] + s->wins[side][2];
        fprintf(out, "%-12s %ld (%.1f%%):", side == SIDE_YORK ? "York won:" : "Lancaster won:", total,
                100.0 * (double)total / games);
        for (int h = 0; h < GAME_HOW_COUNT; h++)
            fprintf(out, " %s %ld%s", HOW[h], s->wins[side][h], h + 1 < GAME_HOW_COUNT ? "," : "\n");
    }
    if (o->check)
        fprintf(out, "violations:  %ld%s%s\n", s->violations, s->violations ? ", first: " : "", s->first_violation);
    fprintf(out, "dead ends:   %ld\n", s->dead_ends);
    fprintf(out, "signature:   %016llx\n", (unsigned long long)s->signature);
}
