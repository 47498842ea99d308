/*
 * think.c: see think.h. The thread checks the stop flag, the clock and the
 * node count after every drawn world, which takes microseconds, so stop is
 * answered at once. Periodic info lines pick their "best so far" with a copy
 * of the random stream, so that what a search chooses does not depend on
 * when they were written.
 */
#include "search/driver.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "protocol/say.h"

#define INFO_EVERY_MS 1000
#define CLOCK_SHARE 40      /* with a clock and no movestogo, a decision gets 1/40 of it */
#define CLOCK_RESERVE_MS 50 /* never planned into: pipes and scheduling cost time too */

/* The fuzz build caps every search, so that "go nodes 999999999999" or
 * "go infinite" in a mutated input costs microseconds, not the run. */
#ifndef THINK_MAX_NODES
#define THINK_MAX_NODES LONG_MAX
#endif
#ifndef THINK_MAX_MS
#define THINK_MAX_MS LONG_MAX
#endif

/* ---- limits ---- */

static long *limit_slot(struct limits *l, const char *word)
{
    static const char *const NAME[] = {"movetime", "nodes", "movestogo", "wtime", "btime", "winc", "binc"};
    long *slot[] = {&l->movetime, &l->nodes, &l->movestogo, &l->clock[SIDE_YORK], &l->clock[SIDE_LANCASTER],
                    &l->increment[SIDE_YORK], &l->increment[SIDE_LANCASTER]};
    for (size_t i = 0; i < sizeof NAME / sizeof NAME[0]; i++)
        if (strcmp(word, NAME[i]) == 0)
            return slot[i];
    return NULL;
}

bool limits_read(const char *args, struct limits *out, char *why, size_t size)
{
    struct limits l = {.clock = {-1, -1}};
    char word[64], number[64];
    int used, more;
    for (const char *p = args; sscanf(p, "%63s%n", word, &used) == 1; p += used) {
        if (strcmp(word, "infinite") == 0) {
            l.infinite = true;
            continue;
        }
        long *slot = limit_slot(&l, word);
        if (!slot)
            return snprintf(why, size, "'%s' is no limit of go (movetime, nodes, wtime, btime, winc, binc, "
                                       "movestogo, infinite)", word), false;
        if (sscanf(p + used, "%63s%n", number, &more) != 1 || strspn(number, "0123456789") != strlen(number) ||
            strlen(number) > 12)
            return snprintf(why, size, "%s needs a whole number of at most 12 digits, not '%s'", word,
                            sscanf(p + used, "%63s", number) == 1 ? number : "nothing"), false;
        *slot = atol(number);
        used += more;
    }
    *out = l;
    return true;
}

long limits_budget_ms(const struct limits *l, int side)
{
    long budget = l->movetime > 0 ? l->movetime : -1;
    if (l->clock[side] >= 0) {
        long clock = l->clock[side], share = l->movestogo > 0 ? l->movestogo : CLOCK_SHARE;
        long planned = clock / share + l->increment[side];
        long most = clock - CLOCK_RESERVE_MS;
        planned = planned < most ? planned : most;
        planned = planned > 1 ? planned : 1;
        budget = budget < 0 || planned < budget ? planned : budget;
    }
    return budget;
}

/* ---- the search ---- */

static void write_bestmove(struct think *t)
{
    char text[64];
    decision_text(t->best, text, sizeof text);
    say(t->out, "bestmove %s", text);
}

static void write_greedy_info(struct think *t, long started_us, decision best, double mean)
{
    char text[64];
    long us = clock_us() - started_us;
    decision_text(best, text, sizeof text);
    long nodes = atomic_load(&t->nodes);
    say(t->out, "info time %ld nodes %ld nps %.0f worlds %d score eval %.3f pv %s", us / 1000, nodes,
        (double)nodes * 1e6 / (double)(us > 0 ? us : 1), t->greedy.worlds, mean, text);
}

/* Whether a search that has done 'done' units (worlds, iterations) and made
 * t->nodes nodes should go on; 'cap' is the player's own budget. */
static bool goes_on(struct think *t, long done, long cap, long deadline_us)
{
    const struct limits *l = &t->limits;
    if (atomic_load(&t->stop))
        return false;
    if (done == 0) /* one unit at least, whatever the limits */
        return true;
    if (deadline_us >= 0 && clock_us() >= deadline_us)
        return false;
    long nodes = atomic_load(&t->nodes);
    if (l->nodes > 0 && nodes >= l->nodes)
        return false;
    if (nodes >= THINK_MAX_NODES)
        return false;
    if (l->infinite || l->nodes > 0)
        return true;
    return done < cap;
}

/* When the search must end, in microseconds of the monotonic clock, or -1. */
static long deadline_of(const struct think *t, long started_us)
{
    long budget = limits_budget_ms(&t->limits, t->side);
    if (THINK_MAX_MS != LONG_MAX && (budget < 0 || budget > THINK_MAX_MS))
        budget = THINK_MAX_MS;
    return budget >= 0 ? started_us + budget * 1000 : -1;
}

/* A search with nothing to weigh answers at once (unless it must wait for stop anyway). */
static bool only_one(struct think *t, const struct decisions *legal)
{
    if (legal->count != 1 || t->limits.infinite)
        return false;
    t->best = legal->list[0];
    say(t->out, "info string only one legal decision");
    return true;
}

static void search_greedy(struct think *t)
{
    long started = clock_us(), deadline = deadline_of(t, started), next_info = started + INFO_EVERY_MS * 1000;
    double mean;
    greedy_begin(&t->greedy, &t->w, t->side, t->player.ismcts.weights, &t->rng);
    if (only_one(t, &t->greedy.legal))
        return;
    while (goes_on(t, t->greedy.worlds, t->player.samples, deadline)) {
        int made = greedy_draw(&t->greedy, &t->rng);
        if (!made)
            break;
        atomic_fetch_add(&t->nodes, made);
        if (clock_us() >= next_info) {
            uint64_t scratch = t->rng;
            decision so_far = greedy_best(&t->greedy, &scratch, &mean);
            write_greedy_info(t, started, so_far, mean);
            next_info += INFO_EVERY_MS * 1000;
        }
    }
    t->best = greedy_best(&t->greedy, &t->rng, &mean);
    write_greedy_info(t, started, t->best, mean);
}

/* An info line from the first 'count' trees: while helpers run, only those
 * of the thread writing it, which no other thread touches, or the shared
 * tree, under its lock. */
static void write_ismcts_info(struct think *t, long started_us, int count)
{
    char text[64];
    double value;
    uint32_t nodes = 0;
    long us = clock_us() - started_us, nodes_now = atomic_load(&t->nodes);
    if (t->tree[0].lock)
        pthread_spin_lock(t->tree[0].lock);
    decision best = ismcts_best(t->tree, count, &value);
    for (int i = 0; i < count; i++)
        nodes += t->tree[i].count;
    if (t->tree[0].lock)
        pthread_spin_unlock(t->tree[0].lock);
    decision_text(best, text, sizeof text);
    say(t->out, "info time %ld nodes %ld nps %.0f iterations %ld tree %u winrate %.3f pv %s", us / 1000, nodes_now,
        (double)nodes_now * 1e6 / (double)(us > 0 ? us : 1), atomic_load(&t->iterations), nodes, value, text);
}

struct helper {
    struct think *t;
    int index;
    long deadline_us;
    uint64_t rng;
    struct sampler sampler; /* a shared tree's helper draws its worlds with its own */
    pthread_t thread;
};

static int searching_threads(const struct think *t)
{
    return (t->shared || t->player.threads < t->trees) ? t->player.threads : t->trees;
}

/* One iteration on thread 'index''s next tree. Each thread owns a block of
 * the trees (one each, or a share of PIMC's worlds) and takes them in turn;
 * with a shared tree, every thread works on tree[0], drawing with 'sampler'
 * (NULL: the tree's own, for thread 0). */
static void iterate_once(struct think *t, int index, int *turn, struct sampler *sampler, uint64_t *rng)
{
    if (t->shared) {
        atomic_fetch_add(&t->nodes, ismcts_iterate_shared(&t->tree[0], sampler ? sampler : &t->tree[0].sampler, rng));
        atomic_fetch_add(&t->iterations, 1);
        return;
    }
    int threads = searching_threads(t);
    int first = index * t->trees / threads, owned = (index + 1) * t->trees / threads - first;
    if (*turn >= owned)
        *turn = 0;
    int tree = first + (*turn)++;
    atomic_fetch_add(&t->nodes, ismcts_iterate(&t->tree[tree], rng));
    atomic_fetch_add(&t->iterations, 1);
}

/* A helper thread's share of the search, until the shared limits say stop. */
static void *iterate_trees(void *arg)
{
    struct helper *h = arg;
    struct think *t = h->t;
    int turn = 0;
    while (goes_on(t, atomic_load(&t->iterations), t->player.iterations, h->deadline_us))
        iterate_once(t, h->index, &turn, &h->sampler, &h->rng);
    return NULL;
}

/* How each player's trees search. */
static struct ismcts_options tree_options(const struct player *p)
{
    struct ismcts_options o = p->ismcts;
    if (p->kind == PLAYER_FLATMC)
        o.kind = ISMCTS_FLAT, o.robust_choice = false; /* visits are even by design: choose by value */
    else if (p->kind == PLAYER_PIMC || p->kind == PLAYER_CHEAT)
        o.kind = ISMCTS_DETERMINIZED;
    return o;
}

static bool same_search(const struct player *a, const struct player *b)
{
    const struct ismcts_options *x = &a->ismcts, *y = &b->ismcts;
    return a->kind == b->kind && a->threads == b->threads && a->parallel == b->parallel &&
           a->memory_mb == b->memory_mb && x->kind == y->kind &&
           x->exploration == y->exploration && x->first_play == y->first_play &&
           x->robust_choice == y->robust_choice && x->playout_turns == y->playout_turns &&
           x->playout_policy == y->playout_policy && x->widening == y->widening &&
           x->komi == y->komi;
}

void think_forget(struct think *t)
{
    if (!t->kept)
        return;
    for (int i = 0; i < t->trees; i++)
        ismcts_end(&t->tree[i]);
    t->kept = false;
}

/* The kept trees moved down to the position now; false (and forgotten) if
 * they cannot be. */
static bool reuse_trees(struct think *t)
{
    if (!t->kept || t->path_count < 0 || !same_search(&t->kept_for, &t->player)) {
        think_forget(t);
        return false;
    }
    uint32_t nodes = 0;
    for (int i = 0; i < t->trees; i++) {
        uint64_t rng = t->rng + (uint64_t)i * 0x9e3779b97f4a7c15ull;
        if (!ismcts_reroot(&t->tree[i], &t->w, t->path, t->path_count, &rng)) {
            think_forget(t);
            return false;
        }
        nodes += t->tree[i].count;
    }
    t->kept = false; /* the search owns them again */
    say(t->out, "info string tree reused: %u nodes kept", nodes);
    return true;
}

/* Keeps the ismcts player's trees for the next search, or frees them. An MO
 * search's are freed too: the enemy's tree would need the enemy's sight of
 * the decisions since, which this side does not have. */
static void end_trees(struct think *t)
{
    if (t->player.kind == PLAYER_ISMCTS && t->player.ismcts.kind == ISMCTS_INFORMATION_SET) {
        t->kept = true;
        t->kept_at = t->keys_now;
        t->kept_after = t->transitions_now;
        t->kept_for = t->player;
        return;
    }
    for (int i = 0; i < t->trees; i++)
        ismcts_end(&t->tree[i]);
}

/* One tree per thread, or per PIMC world, on the memory share of each; false
 * if memory ran out. */
static bool begin_trees(struct think *t)
{
    if (reuse_trees(t))
        return true;
    struct ismcts_options o = tree_options(&t->player);
    t->trees = t->player.kind == PLAYER_PIMC ? (int)(t->player.samples < THINK_MAX_TREES ? t->player.samples
                                                                                          : THINK_MAX_TREES)
                                             : t->shared ? 1 : t->player.threads;
    size_t share = ((size_t)t->player.memory_mb << 20) / (size_t)t->trees;
    for (int i = 0; i < t->trees; i++) {
        uint64_t rng = t->rng + (uint64_t)i * 0x9e3779b97f4a7c15ull; /* tree 0 draws as a lone search would */
        bool made = t->player.kind == PLAYER_CHEAT
                        ? ismcts_begin_on(&t->tree[i], &t->w, &t->truth, t->side, &o, share, &rng)
                        : ismcts_begin(&t->tree[i], &t->w, t->side, &o, share, &rng);
        if (!made) {
            while (i-- > 0)
                ismcts_end(&t->tree[i]);
            return false;
        }
    }
    return true;
}

/* Gives tree[0] its lock while a search's threads share it, and takes it back. */
static void share_tree(struct think *t, bool on)
{
    if (!t->shared)
        return;
    if (on)
        pthread_spin_init(&t->lock, PTHREAD_PROCESS_PRIVATE);
    else
        pthread_spin_destroy(&t->lock);
    t->tree[0].lock = on ? &t->lock : NULL;
}

static int start_helpers(struct think *t, struct helper *helper, long deadline)
{
    int helpers = 0;
    for (int i = 1; i < searching_threads(t); i++) {
        helper[helpers] = (struct helper){.t = t, .index = i, .deadline_us = deadline, .rng = random_next(&t->rng) ^ (uint64_t)i};
        if (t->shared)
            helper[helpers].sampler = t->tree[0].sampler;
        if (pthread_create(&helper[helpers].thread, NULL, iterate_trees, &helper[helpers]) == 0)
            helpers++;
    }
    return helpers;
}

static void search_trees(struct think *t)
{
    long started = clock_us(), deadline = deadline_of(t, started), next_info = started + INFO_EVERY_MS * 1000;
    static struct helper helper[THINK_MAX_THREADS];
    struct decisions legal;
    rules_legal(&t->w, &legal);
    if (only_one(t, &legal))
        return;
    t->shared = t->player.kind == PLAYER_ISMCTS && t->player.parallel == PARALLEL_TREE && t->player.threads > 1;
    if (!begin_trees(t)) {
        t->best = legal.list[0];
        say(t->out, "info string no memory for the trees: the first legal decision");
        return;
    }
    share_tree(t, true);
    int helpers = start_helpers(t, helper, deadline), turn = 0;
    while (goes_on(t, atomic_load(&t->iterations), t->player.iterations, deadline)) {
        iterate_once(t, 0, &turn, NULL, &t->rng);
        if (clock_us() >= next_info) {
            write_ismcts_info(t, started, helpers && !t->shared ? t->trees / searching_threads(t) : t->trees);
            next_info += INFO_EVERY_MS * 1000;
        }
    }
    for (int i = 0; i < helpers; i++)
        pthread_join(helper[i].thread, NULL);
    share_tree(t, false);
    t->best = t->player.kind == PLAYER_PIMC ? ismcts_vote(t->tree, t->trees) : ismcts_best(t->tree, t->trees, NULL);
    write_ismcts_info(t, started, t->trees);
    end_trees(t);
}

static void search_random(struct think *t)
{
    struct decisions legal;
    rules_legal(&t->w, &legal);
    t->best = legal.list[random_below(&t->rng, legal.count)];
    atomic_store(&t->nodes, 1);
    say(t->out, "info string random choice among %d legal decisions", legal.count);
}

static void *think_run(void *arg)
{
    struct think *t = arg;
    if (t->player.kind == PLAYER_GREEDY)
        search_greedy(t);
    else if (t->player.kind == PLAYER_RANDOM)
        search_random(t);
    else
        search_trees(t);
    atomic_store(&t->done, true); /* before bestmove: a host answering it finds the engine free */
    if (!t->limits.infinite)
        write_bestmove(t);
    return NULL;
}

void think_start(struct think *t, FILE *out, const struct belief *b, const struct world *truth,
                 const struct player *p, const struct limits *l)
{
    t->out = out;
    t->w = b->w;
    t->side = b->side;
    t->keys_now = b->keys;
    t->transitions_now = b->transitions;
    /* Only the side's own decisions may lie between: after a die, a card or
     * an enemy move the kept counts were gathered over outcomes that did not
     * happen, and at a fixed budget they outweigh the new search's (the
     * reroot refuses enemy decisions, this refuses chance). */
    bool own_moves_only = t->kept && b->transitions - t->kept_after == b->keys - t->kept_at;
    t->path_count = own_moves_only ? belief_keys_since(b, t->kept_at, t->path) : -1;
    t->has_truth = truth != NULL;
    if (truth)
        t->truth = *truth;
    t->player = *p;
    t->limits = *l;
    atomic_store(&t->nodes, 0);
    atomic_store(&t->iterations, 0);
    atomic_store(&t->stop, false);
    atomic_store(&t->done, false);
    if (pthread_create(&t->thread, NULL, think_run, t) != 0) {
        think_run(t); /* no thread to be had: search here, and stop cannot cut it short */
        return;
    }
    t->started = true;
}

static void join(struct think *t)
{
    if (t->started)
        pthread_join(t->thread, NULL);
    t->started = false;
}

/* An infinite search, running or done, whose bestmove waits for stop. */
static bool holding(const struct think *t)
{
    return t->limits.infinite && !atomic_load(&t->stop) && (t->started || atomic_load(&t->done));
}

bool think_settle(struct think *t)
{
    if (holding(t))
        return true;
    join(t);
    return false;
}

void think_stop(struct think *t)
{
    bool held = holding(t);
    atomic_store(&t->stop, true);
    join(t);
    if (held)
        write_bestmove(t);
}

void think_finish(struct think *t)
{
    if (holding(t))
        think_stop(t);
    else
        join(t);
    think_forget(t);
}
