/*
 * driver.c: see driver.h. The thread checks the stop flag, the clock and the
 * node count after every drawn world, which takes microseconds, so stop is
 * answered at once. Periodic progress reports pick their "best so far" with
 * a copy of the random stream, so that what a search chooses does not depend
 * on when they were made.
 */
#include "search/driver.h"

#include <stdlib.h>

#include "engine/core/clock.h"
#include "engine/core/random.h"
#include "engine/rules/rules.h"

#define PROGRESS_EVERY_MS 1000
#define HOLD_STEP_US 5000L /* how often a held reply looks for stop */

static void report_bestmove(struct driver *d) { d->report.bestmove(d->report.context, d->best); }

static void report_greedy(struct driver *d, long started_us, decision best, double mean)
{
    long us = clock_us() - started_us;
    struct driver_progress p = {
        .elapsed_us = us, .nodes = atomic_load(&d->nodes), .best = best, .value = mean, .worlds = d->greedy.worlds};
    d->report.progress(d->report.context, &p);
}

/* Whether a search that has done 'done' units (worlds, iterations) and made
 * d->nodes nodes should go on; 'cap' is the player's own budget. */
static bool goes_on(struct driver *d, long done, long cap, long deadline_us)
{
    const struct limits *l = &d->limits;
    if (done == 0) /* one unit at least, whatever the limits, even a stop that came before it began */
        return true;
    if (atomic_load(&d->stop))
        return false;
    if (limits_spent(l, atomic_load(&d->nodes), deadline_us))
        return false;
    if (d->player.level_iterations > 0 && done >= d->player.level_iterations)
        return false;
    return limits_given(l, d->side) || done < cap;
}

/* A search with nothing to weigh answers at once (unless it must wait for stop anyway). */
static bool only_one(struct driver *d, const struct decisions *legal)
{
    if (legal->count != 1 || d->limits.infinite)
        return false;
    d->best = legal->list[0];
    d->forced = true;
    d->report.note(d->report.context, DRIVER_ONLY_ONE, 1);
    return true;
}

static void search_greedy(struct driver *d)
{
    long started = clock_us(), deadline = limits_deadline_us(&d->limits, &d->w, d->side, started);
    long next_report = started + PROGRESS_EVERY_MS * 1000;
    double mean;
    greedy_begin(&d->greedy, &d->w, d->side, d->player.ismcts.weights, &d->rng);
    if (only_one(d, &d->greedy.legal))
        return;
    while (goes_on(d, d->greedy.worlds, d->player.samples, deadline)) {
        int made = greedy_draw(&d->greedy, &d->rng);
        if (!made)
            break;
        atomic_fetch_add(&d->nodes, made);
        if (clock_us() >= next_report) {
            uint64_t scratch = d->rng;
            decision so_far = greedy_best(&d->greedy, &scratch, &mean);
            report_greedy(d, started, so_far, mean);
            next_report += PROGRESS_EVERY_MS * 1000;
        }
    }
    d->best = greedy_best(&d->greedy, &d->rng, &mean);
    report_greedy(d, started, d->best, mean);
}

/* Progress from the first 'count' trees: while helpers run, only those of
 * the thread reporting, which no other thread touches, or the shared tree,
 * under its lock. The final report names the choice, and a mixed card's
 * strategy if 'mixed' is not NULL; the others the choice so far. */
static void report_trees(struct driver *d, long started_us, int count, const struct card_strategy *mixed)
{
    struct driver_progress report, *p = &report;
    int multipv = d->player.multipv < 1 ? 1 : d->player.multipv;
    *p =
        (struct driver_progress){.elapsed_us = clock_us() - started_us, .nodes = atomic_load(&d->nodes), .trees = true};
    if (d->search[0].lock)
        pthread_spin_lock(d->search[0].lock);
    p->best = ismcts_best(d->search, count, &p->value);
    if (mixed) {
        p->best = d->best;
        p->mixed = true;
        p->strategy = *mixed;
    }
    p->lines = ismcts_root_lines(d->search, count, p->best, p->line,
                                 multipv < DRIVER_MAX_MULTIPV ? multipv : DRIVER_MAX_MULTIPV);
    for (int k = 0; k < p->lines; k++)
        p->pv_length[k] = tree_pv(&d->search[0].tree, p->line[k].key, p->pv[k], DRIVER_PV_MAX);
    uint64_t capacity = 0;
    for (int i = 0; i < count; i++) {
        p->tree_nodes += d->search[i].tree.count;
        capacity += d->search[i].tree.capacity;
    }
    p->hashfull = capacity ? (int)((uint64_t)p->tree_nodes * 1000 / capacity) : 0;
    if (d->search[0].lock)
        pthread_spin_unlock(d->search[0].lock);
    p->iterations = atomic_load(&d->iterations);
    d->report.progress(d->report.context, p);
}

/* The root's visits by decision, for a caller that asked for them. */
static void report_visits(struct driver *d)
{
    decision legal[MAX_DECISIONS];
    long visits[MAX_DECISIONS];
    if (!d->report.visits)
        return;
    int count = ismcts_root_visits(d->search, d->searches, legal, visits);
    d->report.visits(d->report.context, legal, visits, count);
}

struct helper {
    struct driver *d;
    int index;
    long deadline_us;
    uint64_t rng;
    struct sampler sampler;        /* a shared tree's helper draws its worlds with its own */
    struct ismcts_scratch scratch; /* and walks it in its own scratch */
    pthread_t thread;
};

static int searching_threads(const struct driver *d)
{
    return (d->shared || d->player.threads < d->searches) ? d->player.threads : d->searches;
}

/* One iteration on thread 'index''s next search. Each thread owns a block of
 * the searches (one each, or a share of PIMC's worlds) and takes them in
 * turn; with a shared tree, every thread works on search[0], a helper 'h'
 * drawing with its own sampler in its own scratch (NULL: thread 0, the
 * search's own). */
static void iterate_once(struct driver *d, int index, int *turn, struct helper *h, uint64_t *rng)
{
    if (d->shared) {
        struct ismcts *s = &d->search[0];
        atomic_fetch_add(&d->nodes,
                         h ? ismcts_iterate_shared(s, &h->sampler, &h->scratch, rng) : ismcts_iterate(s, rng));
        atomic_fetch_add(&d->iterations, 1);
        return;
    }
    int threads = searching_threads(d);
    int first = index * d->searches / threads, owned = (index + 1) * d->searches / threads - first;
    if (*turn >= owned)
        *turn = 0;
    int tree = first + (*turn)++;
    atomic_fetch_add(&d->nodes, ismcts_iterate(&d->search[tree], rng));
    atomic_fetch_add(&d->iterations, 1);
}

/* A helper thread's share of the search, until the shared limits say stop. */
static void *iterate_trees(void *arg)
{
    struct helper *h = arg;
    struct driver *d = h->d;
    int turn = 0;
    while (goes_on(d, atomic_load(&d->iterations), d->player.iterations, h->deadline_us))
        iterate_once(d, h->index, &turn, h, &h->rng);
    return NULL;
}

/* How each player's trees search. */
static struct ismcts_options tree_options(const struct player *p)
{
    struct ismcts_options o = p->ismcts;
    if (p->kind == PLAYER_FLATMC)
        o.kind = ISMCTS_FLAT;
    else if (p->kind == PLAYER_PIMC || p->kind == PLAYER_CHEAT)
        o.kind = ISMCTS_DETERMINIZED;
    return o;
}

/* Whether kept trees were grown by the player now: the same threads, memory
 * and search options, the weights' values included (the engine reads a new
 * EvalFile into the same place). */
static bool same_search(const struct player *a, const struct player *b)
{
    return a->kind == b->kind && a->threads == b->threads && a->parallel == b->parallel &&
           a->memory_mb == b->memory_mb && ismcts_options_equal(&a->ismcts, &b->ismcts);
}

/* Keeps the player the trees were grown by, with its own copy of the
 * weights: those it points to may be read anew before the next search. */
static void keep_player(struct driver *d)
{
    d->kept_for = d->player;
    if (d->player.ismcts.weights) {
        d->kept_weights = *d->player.ismcts.weights;
        d->kept_for.ismcts.weights = &d->kept_weights;
    }
    if (d->player.ismcts.policy) {
        d->kept_policy = *d->player.ismcts.policy;
        d->kept_for.ismcts.policy = &d->kept_policy;
    }
    if (d->player.ismcts.prior_policy) {
        d->kept_prior = *d->player.ismcts.prior_policy;
        d->kept_for.ismcts.prior_policy = &d->kept_prior;
    }
}

void driver_forget(struct driver *d)
{
    if (!d->kept)
        return;
    for (int i = 0; i < d->searches; i++)
        ismcts_end(&d->search[i]);
    d->kept = false;
}

/* The kept trees moved down to the position now; false (and forgotten) if
 * they cannot be. */
static bool reuse_trees(struct driver *d)
{
    if (!d->kept || d->path_count < 0 || !same_search(&d->kept_for, &d->player)) {
        driver_forget(d);
        return false;
    }
    uint32_t nodes = 0;
    for (int i = 0; i < d->searches; i++) {
        uint64_t rng = d->rng + (uint64_t)i * 0x9e3779b97f4a7c15ull;
        if (!ismcts_reroot(&d->search[i], &d->w, d->path, d->path_count, d->kept_pondered, &rng)) {
            driver_forget(d);
            return false;
        }
        nodes += d->search[i].tree.count;
    }
    d->kept = false; /* the search owns them again */
    d->report.note(d->report.context, DRIVER_REUSED, nodes);
    return true;
}

/* Keeps the ismcts player's trees for the next search, or frees them. */
static void end_trees(struct driver *d)
{
    if (d->player.kind == PLAYER_ISMCTS && d->player.ismcts.kind == ISMCTS_INFORMATION_SET) {
        d->kept = true;
        d->kept_at = d->keys_now;
        d->kept_after = d->transitions_now;
        keep_player(d);
        d->kept_pondered = d->limits.ponder;
        return;
    }
    for (int i = 0; i < d->searches; i++)
        ismcts_end(&d->search[i]);
}

/* One tree per thread, or per PIMC world, on the memory share of each; false
 * if memory ran out. */
static bool begin_trees(struct driver *d)
{
    if (reuse_trees(d))
        return true;
    struct ismcts_options o = tree_options(&d->player);
    o.odds = &d->odds;
    d->searches = d->player.kind == PLAYER_PIMC
                      ? (int)(d->player.samples < DRIVER_MAX_SEARCHES ? d->player.samples : DRIVER_MAX_SEARCHES)
                  : d->shared ? 1
                              : d->player.threads;
    size_t share = ((size_t)d->player.memory_mb << 20) / (size_t)d->searches;
    for (int i = 0; i < d->searches; i++) {
        uint64_t rng = d->rng + (uint64_t)i * 0x9e3779b97f4a7c15ull; /* tree 0 draws as a lone search would */
        bool made = d->player.kind == PLAYER_CHEAT
                        ? ismcts_begin_on(&d->search[i], &d->w, &d->truth, d->side, &o, share, &rng)
                        : ismcts_begin(&d->search[i], &d->w, d->side, &o, share, &rng);
        if (!made) {
            while (i-- > 0)
                ismcts_end(&d->search[i]);
            return false;
        }
    }
    return true;
}

/* Gives the tree its lock while a search's threads share it, and takes it back. */
static void share_tree(struct driver *d, bool on)
{
    if (!d->shared)
        return;
    if (on)
        pthread_spin_init(&d->lock, PTHREAD_PROCESS_PRIVATE);
    else
        pthread_spin_destroy(&d->lock);
    d->search[0].lock = on ? &d->lock : NULL;
}

/* The helper threads of a search on more than one, in 'helper' (a search's
 * own: several drivers may search at once in one process, as r3 selfplay's
 * games do); how many started. */
static int start_helpers(struct driver *d, struct helper *helper, long deadline)
{
    int helpers = 0;
    for (int i = 1; helper && i < searching_threads(d); i++) {
        helper[helpers] =
            (struct helper){.d = d, .index = i, .deadline_us = deadline, .rng = random_next(&d->rng) ^ (uint64_t)i};
        if (d->shared)
            helper[helpers].sampler = d->search[0].sampler;
        if (pthread_create(&helper[helpers].thread, NULL, iterate_trees, &helper[helpers]) == 0)
            helpers++;
    }
    return helpers;
}

/* Time management's plan for this search (search/timeman.h), if the
 * player asks for it and it applies: only for the ismcts player, which
 * plays the most visited decision, and where one tree's counts are read
 * without racing other threads. */
static struct time_plan plan_time(const struct driver *d, long started)
{
    struct time_plan t = time_plan_make(&d->limits, &d->w, d->side, started, d->time_banked_us);
    t.on = t.on && d->player.time_manage && d->player.kind == PLAYER_ISMCTS && searching_threads(d) == 1;
    return t;
}

/* The most and the second most visits among the root's decisions. */
static void root_leaders(const struct driver *d, long *most, long *second)
{
    decision legal[MAX_DECISIONS];
    long visits[MAX_DECISIONS];
    int count = ismcts_root_visits(d->search, d->searches, legal, visits);
    *most = *second = 0;
    for (int i = 0; i < count; i++)
        if (visits[i] > *most)
            *second = *most, *most = visits[i];
        else if (visits[i] > *second)
            *second = visits[i];
}

/* Whether time management ends the search now; it looks at the root every
 * TIME_CHECK_EVERY iterations. */
static bool time_to_stop(const struct driver *d, const struct time_plan *t, long iterations)
{
    if (!t->on || iterations % TIME_CHECK_EVERY)
        return false;
    long most, second;
    root_leaders(d, &most, &second);
    return time_plan_ends(t, most, second, iterations, clock_us());
}

static void search_trees(struct driver *d)
{
    long started = clock_us(), deadline = limits_deadline_us(&d->limits, &d->w, d->side, started);
    long next_report = started + PROGRESS_EVERY_MS * 1000;
    struct decisions legal;
    rules_legal(&d->w, &legal);
    if (only_one(d, &legal))
        return;
    d->shared = d->player.kind == PLAYER_ISMCTS && d->player.parallel == PARALLEL_TREE && d->player.threads > 1;
    if (!begin_trees(d)) {
        d->best = legal.list[0];
        d->report.note(d->report.context, DRIVER_NO_MEMORY, 1);
        return;
    }
    share_tree(d, true);
    struct helper *helper = searching_threads(d) > 1 ? calloc((size_t)searching_threads(d) - 1, sizeof *helper) : NULL;
    int helpers = start_helpers(d, helper, deadline), turn = 0;
    struct time_plan time = plan_time(d, started);
    if (time.on)
        deadline = time.stretched;
    while (goes_on(d, atomic_load(&d->iterations), d->player.iterations, deadline) &&
           !time_to_stop(d, &time, atomic_load(&d->iterations))) {
        iterate_once(d, 0, &turn, NULL, &d->rng);
        if (clock_us() >= next_report) {
            report_trees(d, started, helpers && !d->shared ? d->searches / searching_threads(d) : d->searches, NULL);
            next_report += PROGRESS_EVERY_MS * 1000;
        }
    }
    for (int i = 0; i < helpers; i++)
        pthread_join(helper[i].thread, NULL);
    free(helper);
    share_tree(d, false);
    struct card_strategy strategy;
    bool mixed = d->player.kind == PLAYER_ISMCTS && ismcts_card_strategy(d->search, d->searches, &strategy);
    d->best = mixed                           ? card_strategy_draw(&strategy, &d->rng)
              : d->player.kind == PLAYER_PIMC ? ismcts_vote(d->search, d->searches)
              : d->player.temperature > 0
                  ? ismcts_pick(d->search, d->searches, d->player.temperature, d->player.level_floor, &d->rng)
                  : ismcts_best(d->search, d->searches, NULL);
    report_trees(d, started, d->searches, mixed ? &strategy : NULL);
    report_visits(d);
    end_trees(d);
    if (time.on)
        d->time_banked_us = time_plan_bank(&time, d->time_banked_us, clock_us());
}

static void search_random(struct driver *d)
{
    struct decisions legal;
    rules_legal(&d->w, &legal);
    d->best = legal.list[random_below(&d->rng, legal.count)];
    d->forced = legal.count == 1;
    atomic_store(&d->nodes, 1);
    d->report.note(d->report.context, DRIVER_RANDOM, legal.count);
}

/* A reply held back to the think time's least (player.think_least_ms),
 * unless there was nothing to choose: a forced decision, held, would only
 * slow a turn of many. The clock is looked at every few ms, so a stop still
 * answers at once. */
static void hold_reply(struct driver *d, long started_us)
{
    long least_ms = d->player.think_least_ms;
    if (d->limits.most_ms > 0 && d->limits.most_ms < least_ms) /* nothing goes past the most */
        least_ms = d->limits.most_ms;
    long until = started_us + least_ms * 1000;
    if (d->forced || d->limits.infinite) /* infinite: its bestmove waits for stop anyway */
        return;
    for (long left; !atomic_load(&d->stop) && (left = until - clock_us()) > 0;)
        nanosleep(&(struct timespec){.tv_nsec = (left < HOLD_STEP_US ? left : HOLD_STEP_US) * 1000}, NULL);
}

static void *driver_run(void *arg)
{
    struct driver *d = arg;
    long started_us = clock_us();
    if (d->player.kind == PLAYER_GREEDY)
        search_greedy(d);
    else if (d->player.kind == PLAYER_RANDOM)
        search_random(d);
    else
        search_trees(d);
    hold_reply(d, started_us);
    atomic_store(&d->done, true); /* before bestmove: a host answering it finds the engine free */
    if (!d->limits.infinite)
        report_bestmove(d);
    return NULL;
}

void driver_start(struct driver *d, const struct belief *b, const struct world *truth, const struct player *p,
                  const struct limits *l, const struct driver_callbacks *report)
{
    d->report = *report;
    d->w = b->w;
    d->odds = b->odds;
    d->side = b->side;
    d->keys_now = b->keys;
    d->transitions_now = b->transitions;
    /* Only the side's own decisions may lie between: after a die, a card or
     * an enemy move the kept counts were gathered over outcomes that did not
     * happen, and at a fixed budget they outweigh the new search's (the
     * reroot refuses enemy decisions, this refuses chance). Trees grown while
     * the enemy decided are the exception: what came since is what they were
     * grown for. */
    bool own_moves_only = d->kept && b->transitions - d->kept_after == b->keys - d->kept_at;
    bool followed = own_moves_only || (d->kept && d->kept_pondered);
    d->path_count = followed ? belief_keys_since(b, d->kept_at, d->path) : -1;
    if (p->kind == PLAYER_CHEAT && !truth)
        truth = &b->w; /* none given: a cheat's tree on a world that is no world would never end an iteration */
    d->has_truth = truth != NULL;
    if (truth)
        d->truth = *truth;
    d->player = *p;
    d->limits = *l;
    if (p->think_most_ms > 0 && (l->most_ms <= 0 || p->think_most_ms < l->most_ms))
        d->limits.most_ms = p->think_most_ms;
    atomic_store(&d->nodes, 0);
    atomic_store(&d->iterations, 0);
    atomic_store(&d->stop, false);
    atomic_store(&d->done, false);
    d->forced = false;
    if (pthread_create(&d->thread, NULL, driver_run, d) != 0) {
        driver_run(d); /* no thread to be had: search here, and stop cannot cut it short */
        return;
    }
    d->started = true;
}

static void join(struct driver *d)
{
    if (d->started)
        pthread_join(d->thread, NULL);
    d->started = false;
}

/* An infinite search, running or done, whose bestmove waits for stop. */
static bool holding(const struct driver *d)
{
    return d->limits.infinite && !atomic_load(&d->stop) && (d->started || atomic_load(&d->done));
}

bool driver_settle(struct driver *d)
{
    if (holding(d))
        return true;
    join(d);
    return false;
}

void driver_stop(struct driver *d)
{
    bool held = holding(d);
    atomic_store(&d->stop, true);
    join(d);
    if (held)
        report_bestmove(d);
}

void driver_finish(struct driver *d)
{
    if (holding(d))
        driver_stop(d);
    else
        join(d);
    driver_forget(d);
}
