/*
 * test_driver.c: the search driver (search/driver.c) on its own, with no
 * protocol: every player chooses a legal decision under a node limit and
 * reports its progress and its choice through the callbacks (and a tree
 * player its root's visits, one per iteration), on one thread and on two (a
 * tree each, and one shared tree); an infinite search reports
 * its choice only at stop; a lone legal decision is chosen without a search;
 * a tree grown while the enemy decides (pondering) is followed through the
 * enemy's decision into the next search, and one grown otherwise is not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/observe.h"
#include "engine/rules/rules.h"
#include "eval/value.h"
#include "protocol/ai/go.h"
#include "protocol/ai/options.h"
#include "search/driver.h"
#include "search/level.h"
#include "search/policy.h"
#include "search/policy_weights.h"
#include "search/timeman.h"
#include "tests/support.h"

/* Everything a search reported. */
struct record {
    int progresses, notes, bestmoves;
    struct driver_progress last;
    enum driver_note note;
    long note_count;
    decision best;
    int visit_reports, visit_count;
    long visit_sum;
};

static void on_progress(void *context, const struct driver_progress *p)
{
    struct record *r = context;
    r->progresses++;
    r->last = *p;
}

static void on_note(void *context, enum driver_note note, long count)
{
    struct record *r = context;
    r->notes++;
    r->note = note;
    r->note_count = count;
}

static void on_bestmove(void *context, decision best)
{
    struct record *r = context;
    r->bestmoves++;
    r->best = best;
}

static void on_visits(void *context, const decision *legal, const long *visits, int count)
{
    struct record *r = context;
    (void)legal;
    r->visit_reports++;
    r->visit_count = count;
    r->visit_sum = 0;
    for (int i = 0; i < count; i++)
        r->visit_sum += visits[i];
}

static struct driver driver; /* a tree for each of 64 threads: too big for the stack */
static struct belief belief;

/* York's belief at the 1460 start, both hands dealt: York is to play a card. */
static void york_to_play(struct belief *b)
{
    belief_start(b, SCENARIO_1460, SIDE_YORK, 7);
    while (rules_actor(&b->w) == ACTOR_CHANCE)
        rules_apply(&b->w, rules_chance(&b->w, 5));
    assert_int_equal(rules_actor(&b->w), SIDE_YORK);
}

static struct player player_of(int kind, int threads, int parallel)
{
    return (struct player){.kind = kind,
                           .samples = 8,
                           .iterations = 1000000,
                           .memory_mb = 16,
                           .threads = threads,
                           .parallel = parallel,
                           .ismcts = ISMCTS_DEFAULT};
}

/* One search of the belief under 'limits', run to its end, its trees kept
 * for the next as the engine keeps them from one go to the next; what it
 * reported. */
static struct record search_keeping_trees(const struct player *p, const struct limits *limits)
{
    struct record r = {0};
    struct driver_callbacks report = {on_progress, on_note, on_bestmove, &r, on_visits};
    driver_start(&driver, &belief, NULL, p, limits, &report);
    assert_false(driver_settle(&driver)); /* waits for the end: limits were given */
    return r;
}

/* The same, the trees then freed. */
static struct record search(const struct player *p, const struct limits *limits)
{
    struct record r = search_keeping_trees(p, limits);
    driver_finish(&driver);
    return r;
}

static const struct limits NODES_2000 = {.nodes = 2000, .clock = {-1, -1}};

/* At every level (search/level.h) the same seed draws the same decision, a
 * legal one, within the level's iterations, on one thread. */
static void every_level_draws_the_same_decision_from_the_same_seed(void **state)
{
    (void)state;
    const struct limits bare = {.clock = {-1, -1}};
    york_to_play(&belief);
    for (int level = 1; level <= LEVEL_MOST; level++) {
        struct level l = level_of(level);
        struct player p = player_of(l.flat ? PLAYER_FLATMC : PLAYER_ISMCTS, 1, PARALLEL_ROOT);
        p.iterations = 2000, p.level_iterations = l.iterations, p.temperature = l.temperature;
        p.level_floor = l.floor;
        decision first = 0;
        for (int run = 0; run < 2; run++) {
            driver.rng = 99;
            struct record r = search(&p, &bare);
            assert_true(legal_has(&belief.w, r.best));
            assert_true(r.last.iterations <= (l.iterations ? l.iterations : 2000));
            if (run == 0)
                first = r.best;
            assert_int_equal(r.best, first);
        }
    }
}

/* The engine's player, 2,000 nodes: at least one progress report (the last,
 * at the end, names the choice) and one bestmove, legal, after the limit. */
static void a_fixed_node_search_reports_progress_and_a_legal_choice(void **state)
{
    (void)state;
    york_to_play(&belief);
    struct player p = player_of(PLAYER_ISMCTS, 1, PARALLEL_ROOT);
    struct record r = search(&p, &NODES_2000);
    assert_int_equal(r.bestmoves, 1);
    assert_true(legal_has(&belief.w, r.best));
    assert_true(r.progresses >= 1);
    assert_true(r.last.trees);
    assert_true(r.last.nodes >= 2000);
    assert_true(r.last.iterations >= 1 && r.last.tree_nodes > 1);
    assert_true(r.last.value >= 0 && r.last.value <= 1);
    assert_int_equal(r.last.best, r.best);
    assert_int_equal(r.notes, 0); /* a first search: no tree to reuse */
}

/* Every player, and the engine's on two threads both ways, chooses a legal
 * decision; the tree players report as trees, and their root's visits
 * when asked, greedy by its worlds, random with a note of how many decisions
 * it chose among. */
static void every_player_chooses_a_legal_decision(void **state)
{
    (void)state;
    static const struct {
        int kind, threads, parallel;
    } CASE[] = {
        {PLAYER_RANDOM, 1, PARALLEL_ROOT}, {PLAYER_GREEDY, 1, PARALLEL_ROOT}, {PLAYER_ISMCTS, 2, PARALLEL_ROOT},
        {PLAYER_ISMCTS, 2, PARALLEL_TREE}, {PLAYER_FLATMC, 1, PARALLEL_ROOT}, {PLAYER_PIMC, 2, PARALLEL_ROOT},
    };
    struct decisions legal;
    york_to_play(&belief);
    rules_legal(&belief.w, &legal);
    for (size_t i = 0; i < sizeof CASE / sizeof CASE[0]; i++) {
        struct player p = player_of(CASE[i].kind, CASE[i].threads, CASE[i].parallel);
        struct record r = search(&p, &NODES_2000);
        assert_int_equal(r.bestmoves, 1);
        assert_true(legal_has(&belief.w, r.best));
        if (CASE[i].kind == PLAYER_RANDOM) {
            assert_int_equal(r.progresses, 0);
            assert_int_equal(r.note, DRIVER_RANDOM);
            assert_int_equal(r.note_count, legal.count);
            continue;
        }
        assert_true(r.progresses >= 1);
        assert_int_equal(r.last.trees, CASE[i].kind != PLAYER_GREEDY);
        assert_true(r.last.nodes >= 2000);
        if (CASE[i].kind == PLAYER_GREEDY) {
            assert_true(r.last.worlds >= 1);
            assert_int_equal(r.visit_reports, 0); /* no tree, no visits */
            continue;
        }
        /* the root's visits, once, for every legal decision: one per iteration */
        assert_int_equal(r.visit_reports, 1);
        assert_int_equal(r.visit_count, legal.count);
        assert_int_equal(r.visit_sum, r.last.iterations);
    }
}

/* go infinite: the search holds until stop, and only then is its choice reported. */
static void an_infinite_search_reports_its_choice_only_at_stop(void **state)
{
    (void)state;
    york_to_play(&belief);
    struct player p = player_of(PLAYER_ISMCTS, 1, PARALLEL_ROOT);
    struct limits infinite = {.infinite = true, .clock = {-1, -1}};
    struct record r = {0};
    struct driver_callbacks report = {on_progress, on_note, on_bestmove, &r, NULL}; /* no visits wanted */
    driver_start(&driver, &belief, NULL, &p, &infinite, &report);
    nanosleep(&(struct timespec){.tv_nsec = 20 * 1000 * 1000}, NULL);
    assert_true(driver_settle(&driver));
    assert_int_equal(r.bestmoves, 0); /* the search thread never reports one before stop */
    driver_stop(&driver);
    assert_int_equal(r.bestmoves, 1);
    assert_true(legal_has(&belief.w, r.best));
    assert_false(driver_settle(&driver));
    driver_finish(&driver);
    assert_int_equal(r.bestmoves, 1);
}

/* Applies d to the true world and tells Lancaster's belief what it saw. */
static void lancaster_sees(struct world *truth, decision d)
{
    static struct world before;
    static struct observations seen;
    char why[300];
    before = *truth;
    rules_apply(truth, d);
    observe(&before, d, truth, SIDE_LANCASTER, &seen);
    assert_true(belief_observe(&belief, &seen, why, sizeof why));
}

/* A search of Lancaster's belief while York is to play its card, stopped,
 * then York's card, then Lancaster's own search of 2,000 nodes: what the
 * second reported. */
static struct record after_thinking_on_york(bool ponder)
{
    static struct world truth;
    struct player p = player_of(PLAYER_ISMCTS, 1, PARALLEL_ROOT);
    struct limits meanwhile = {.infinite = true, .ponder = ponder, .clock = {-1, -1}};
    struct record ignored = {0};
    struct driver_callbacks report = {on_progress, on_note, on_bestmove, &ignored, NULL};
    struct decisions legal;
    driver_forget(&driver);
    belief_start(&belief, SCENARIO_1460, SIDE_LANCASTER, 7);
    scenario_setup(&truth, SCENARIO_1460);
    while (rules_actor(&truth) == ACTOR_CHANCE)
        lancaster_sees(&truth, rules_chance(&truth, 5));
    assert_int_equal(rules_actor(&truth), SIDE_YORK);
    driver_start(&driver, &belief, NULL, &p, &meanwhile, &report);
    /* Until the search has grown a tree: on a busy machine a fixed sleep
     * may end before its thread ran at all. */
    while (atomic_load(&driver.iterations) < 100)
        nanosleep(&(struct timespec){.tv_nsec = 1000 * 1000}, NULL);
    driver_stop(&driver);
    rules_legal(&truth, &legal);
    lancaster_sees(&truth, legal.list[0]);
    assert_int_equal(rules_actor(&truth), SIDE_LANCASTER);
    return search(&p, &NODES_2000);
}

/* Pondering: the tree Lancaster grew while York chose its card goes on into
 * Lancaster's own search, through York's card; a tree grown by an ordinary
 * search is dropped at the enemy's decision (docs/search.md, tree reuse). */
static void a_pondered_tree_is_followed_through_the_enemy_decision(void **state)
{
    (void)state;
    struct record pondered = after_thinking_on_york(true);
    assert_int_equal(pondered.note, DRIVER_REUSED);
    assert_true(pondered.note_count > 1);
    assert_true(pondered.last.iterations >= 1);
    struct record plain = after_thinking_on_york(false);
    assert_int_equal(plain.notes, 0);
}

/* Tree reuse keeps a tree only for the search that grew it. The engine reads
 * a new EvalFile or PolicyFile into the same place its player points to, so
 * the weights' values, not their address, must tell: a tree grown under the
 * old weights is not reused under the new (docs/search.md, tree reuse). */
static void new_weights_in_the_same_place_grow_a_new_tree(void **state)
{
    (void)state;
    static struct eval_weights weights;
    static struct policy_table policy;
    weights = EVAL_DEFAULT;
    policy = *policy_table_builtin();
    struct player p = player_of(PLAYER_ISMCTS, 1, PARALLEL_ROOT);
    p.ismcts.weights = &weights;
    p.ismcts.policy = &policy;
    driver_forget(&driver);
    york_to_play(&belief);
    assert_int_equal(search_keeping_trees(&p, &NODES_2000).notes, 0);
    struct record again = search_keeping_trees(&p, &NODES_2000); /* the same weights: the tree goes on */
    assert_int_equal(again.notes, 1);
    assert_int_equal(again.note, DRIVER_REUSED);
    weights.w[0] += 0.5; /* setoption name EvalFile: new values, the same place */
    assert_int_equal(search_keeping_trees(&p, &NODES_2000).notes, 0);
    assert_int_equal(search_keeping_trees(&p, &NODES_2000).note, DRIVER_REUSED);
    policy.weight[0] += 1; /* setoption name PolicyFile */
    assert_int_equal(search_keeping_trees(&p, &NODES_2000).notes, 0);
    driver_forget(&driver);
}

/* The cheat player reads the true world its caller gives; one given none
 * searches the belief's own world, and ends, rather than looping for ever
 * inside one iteration on a world that is no world. */
static void the_cheat_player_ends_without_a_true_world(void **state)
{
    (void)state;
    york_to_play(&belief);
    struct player p = player_of(PLAYER_CHEAT, 1, PARALLEL_ROOT);
    struct record r = search(&p, &NODES_2000);
    assert_int_equal(r.bestmoves, 1);
    assert_true(legal_has(&belief.w, r.best));
}

/* A side with one legal decision gets it at once, with a note and no search. */
static void a_lone_legal_decision_is_chosen_without_a_search(void **state)
{
    (void)state;
    struct world w;
    struct decisions legal;
    uint64_t rng = 5;
    do {
        random_decision_point(&w, SCENARIO_1460, random_below(&rng, 300), &rng);
        rules_legal(&w, &legal);
    } while (legal.count != 1);
    belief_start(&belief, SCENARIO_1460, rules_actor(&w), 1);
    belief.w = w;
    struct player p = player_of(PLAYER_ISMCTS, 1, PARALLEL_ROOT);
    struct record r = search(&p, &NODES_2000);
    assert_int_equal(r.notes, 1);
    assert_int_equal(r.note, DRIVER_ONLY_ONE);
    assert_int_equal(r.progresses, 0);
    assert_int_equal(r.bestmoves, 1);
    assert_int_equal(r.best, legal.list[0]);
}

/* Limits are bounded where they are read (go's reader, which r3 host's hint
 * uses too), and a deadline is computed without overflow whatever a caller
 * sets: UBSan, in make test's sanitizer run, fails on a signed overflow. */
static void limits_are_bounded_and_a_deadline_never_overflows(void **state)
{
    (void)state;
    struct limits l;
    char why[300];
    assert_false(go_limits("movetime 9223372036854775", &l, why, sizeof why));
    assert_non_null(strstr(why, "from 0 to 999999999999"));
    assert_false(go_limits("wtime 1000000000000", &l, why, sizeof why));
    assert_true(go_limits("movetime 999999999999", &l, why, sizeof why));
    assert_int_equal(l.movetime, LIMITS_MAX);
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    assert_true(limits_deadline_us(&l, &w, SIDE_YORK, 5) > 5);
    assert_true(go_limits("wtime 999999999999 winc 999999999999", &l, why, sizeof why));
    assert_true(limits_deadline_us(&l, &w, SIDE_YORK, 5) > 5);
    const struct limits huge = {.movetime = 9223372036854775L, .clock = {-1, -1}};
    long started = 1000000;
    assert_int_equal(limits_deadline_us(&huge, &w, SIDE_YORK, started), started + LIMITS_MAX * 1000);
}

/* On a game clock a search gets what is left over the searches the side has
 * left in the game, about 12 a turn: 252 at the start of 1460's three
 * campaigns of 7 turns, 84 in 1483's one, and never fewer than 16, however
 * late. The increment comes on top; movestogo, where given, is the plan. */
static void a_clock_is_shared_over_the_searches_left(void **state)
{
    (void)state;
    struct limits l;
    struct world w;
    char why[300];
    scenario_setup(&w, SCENARIO_1460);
    assert_int_equal(limits_searches_left(&w), 252);
    assert_true(go_limits("wtime 252050 btime 100 winc 500", &l, why, sizeof why));
    assert_int_equal(limits_deadline_us(&l, &w, SIDE_YORK, 0), (1000 + 500) * 1000);
    w.campaign = SCENARIO_INFO[SCENARIO_1460].last_campaign, w.turn = 7;
    assert_int_equal(limits_searches_left(&w), 16);
    assert_int_equal(limits_deadline_us(&l, &w, SIDE_YORK, 0), (252000 / 16 + 500) * 1000);
    scenario_setup(&w, SCENARIO_1483);
    assert_int_equal(limits_searches_left(&w), 84);
    assert_true(go_limits("wtime 252050 winc 0 movestogo 10", &l, why, sizeof why));
    assert_int_equal(limits_deadline_us(&l, &w, SIDE_YORK, 0), 25200 * 1000);
}

/* Time management's plan: at the start of 1460 with 252,050 ms and 500 ms
 * an increment, the share is 1,500 ms. The stretch is twice that, but no
 * more than the bank beyond it; without a game clock there is no plan. */
static void time_management_stretches_only_what_the_bank_holds(void **state)
{
    (void)state;
    struct limits l;
    struct world w;
    char why[300];
    scenario_setup(&w, SCENARIO_1460);
    assert_true(go_limits("wtime 252050 btime 100 winc 500", &l, why, sizeof why));
    struct time_plan t = time_plan_make(&l, &w, SIDE_YORK, 0, 0);
    assert_true(t.on && t.planned == 1500000 && t.stretched == t.planned);
    t = time_plan_make(&l, &w, SIDE_YORK, 0, 400000);
    assert_true(t.stretched == 1900000);
    t = time_plan_make(&l, &w, SIDE_YORK, 0, 99000000);
    assert_true(t.stretched == 3000000);
    assert_true(go_limits("movetime 100", &l, why, sizeof why));
    assert_false(time_plan_make(&l, &w, SIDE_YORK, 0, 400000).on);
    /* the bank: a 100 ms share ended at once adds 100 ms; one ended 100 ms
     * late takes 100 ms, and the bank never goes below 0 */
    t = time_plan_make(&l, &w, SIDE_YORK, 0, 0);
    assert_true(time_plan_ends(&t, 0, 0, 0, 100000));
    assert_int_equal(time_plan_bank(&t, 1000, 0), 1000 + 100000);
    assert_int_equal(time_plan_bank(&t, 1000, 200000), 0);
}

/* A search on a 1,000 ms share (stretched to 2,000) that has run 1,000
 * iterations in its first 400 ms: 2.5 an ms, so 1,500 more by the planned
 * deadline. It ends when the runner-up could not catch the leader by then,
 * never in the first quarter of the share, and a close race (runner-up at
 * 70% of the leader) runs past the share to the stretched deadline. */
static void time_management_ends_a_settled_search_and_stretches_a_close_one(void **state)
{
    (void)state;
    const struct time_plan t = {.on = true, .started = 0, .planned = 1000000, .stretched = 2000000};
    assert_true(time_plan_ends(&t, 1800, 200, 1000, 400000));   /* 1,600 ahead: settled */
    assert_false(time_plan_ends(&t, 1400, 600, 1000, 400000));  /* 800 ahead: not yet */
    assert_false(time_plan_ends(&t, 1800, 200, 1000, 200000));  /* settled, but in the first quarter */
    assert_true(time_plan_ends(&t, 1000, 600, 5000, 1000000));  /* not close: the share is spent */
    assert_false(time_plan_ends(&t, 1000, 700, 5000, 1000000)); /* close: runs on */
    assert_true(time_plan_ends(&t, 1000, 700, 5000, 2000000));  /* to the stretched deadline */
}

/* Level 1 searches flat, whichever way a person asks for it (Level, or
 * UCI_LimitStrength with an Elo nearest it); a Player chosen otherwise keeps
 * its own search, and the tree levels keep the tree. */
static void level_1_turns_the_tree_player_flat_and_keeps_another(void **state)
{
    (void)state;
    static struct option_values v;
    struct player p;
    char why[2000];
    options_default(&v);
    assert_true(options_set(&v, "Level", "1", why, sizeof why));
    options_player(&v, &p);
    assert_int_equal(p.kind, PLAYER_FLATMC);
    assert_true(p.level_floor == level_of(1).floor && p.temperature == level_of(1).temperature);
    assert_true(options_set(&v, "Level", "2", why, sizeof why));
    options_player(&v, &p);
    assert_int_equal(p.kind, PLAYER_ISMCTS);
    assert_true(p.level_floor == LEVEL_FLOOR);
    assert_true(options_set(&v, "UCI_LimitStrength", "true", why, sizeof why));
    assert_true(options_set(&v, "UCI_Elo", "-500", why, sizeof why));
    options_player(&v, &p);
    assert_int_equal(p.kind, PLAYER_FLATMC);
    assert_true(options_set(&v, "Player", "pimc", why, sizeof why));
    options_player(&v, &p);
    assert_int_equal(p.kind, PLAYER_PIMC);
}

/* The engine at full strength reads the built-in network over the built-in
 * weights, with the priors fitted to its search; "none" is the 17 weights.
 * A limited strength (a level below 10, or UCI_LimitStrength at any Elo)
 * plays with the knowledge its Elo was measured with: the weights and the
 * levels' priors. Files given by name are read at every strength, and other
 * weights (EvalFile) are read without the network trained over the built-in
 * ones. */
static void full_strength_reads_the_network_and_a_level_the_knowledge_it_was_measured_with(void **state)
{
    (void)state;
    static struct option_values v;
    struct player p;
    char why[2000];
    uint64_t id;
    const struct net_q *built_in = value_net_built_in(&id);
    options_default(&v);
    options_player(&v, &p);
    assert_ptr_equal(p.ismcts.value, built_in);
    assert_true(p.ismcts.value_id == id);
    assert_null(p.ismcts.prior_policy); /* the search takes policy_table_prior() */
    for (int level = 1; level < LEVEL_MOST; level++) {
        char word[16];
        snprintf(word, sizeof word, "%d", level);
        assert_true(options_set(&v, "Level", word, why, sizeof why));
        options_player(&v, &p);
        assert_null(p.ismcts.value);
        assert_ptr_equal(p.ismcts.prior_policy, policy_table_prior_levels());
    }
    assert_true(options_set(&v, "Level", "10", why, sizeof why));
    assert_true(options_set(&v, "UCI_LimitStrength", "true", why, sizeof why));
    options_player(&v, &p);
    assert_null(p.ismcts.value);
    assert_true(options_set(&v, "UCI_LimitStrength", "false", why, sizeof why));
    assert_true(options_set(&v, "ValueFile", "none", why, sizeof why));
    options_player(&v, &p);
    assert_null(p.ismcts.value);
    assert_null(p.ismcts.prior_policy);
    assert_true(options_set(&v, "ValueFile", "built-in", why, sizeof why));
    assert_true(options_set(&v, "PriorFile", "search/policy-prior-levels.txt", why, sizeof why));
    options_player(&v, &p);
    assert_ptr_equal(p.ismcts.value, built_in);
    assert_memory_equal(p.ismcts.prior_policy, policy_table_prior_levels(), sizeof(struct policy_table));
    assert_true(options_set(&v, "EvalFile", "eval/weights-hand.txt", why, sizeof why));
    options_player(&v, &p);
    assert_null(p.ismcts.value);
}

/* PlayoutTemperature tempers the playouts' table at full strength (50 by
 * default), and again when PolicyFile changes the weights; a level keeps the
 * table of temperature 1 it was measured with. A value out of range is
 * refused and the table stays. */
static void the_playout_temperature_tempers_full_strength_and_not_a_level(void **state)
{
    (void)state;
    static struct option_values v;
    struct player p;
    struct policy_table want;
    char why[2000];
    options_default(&v);
    options_player(&v, &p);
    policy_table_tempered(&POLICY_DEFAULT, 0.5, &want);
    assert_memory_equal(p.ismcts.policy, &want, sizeof want);
    assert_true(options_set(&v, "PlayoutTemperature", "100", why, sizeof why));
    options_player(&v, &p);
    assert_memory_equal(p.ismcts.policy, policy_table_builtin(), sizeof want);
    assert_true(options_set(&v, "PlayoutTemperature", "25", why, sizeof why));
    options_player(&v, &p);
    policy_table_tempered(&POLICY_DEFAULT, 0.25, &want);
    assert_memory_equal(p.ismcts.policy, &want, sizeof want);
    assert_memory_not_equal(p.ismcts.policy, policy_table_builtin(), sizeof want);
    assert_false(options_set(&v, "PlayoutTemperature", "5", why, sizeof why));
    assert_string_equal(why, "PlayoutTemperature needs a whole number 10..1000, not '5'");
    options_player(&v, &p);
    assert_memory_equal(p.ismcts.policy, &want, sizeof want);
    assert_true(options_set(&v, "Level", "9", why, sizeof why));
    options_player(&v, &p);
    assert_memory_equal(p.ismcts.policy, policy_table_builtin(), sizeof want);
    assert_true(options_set(&v, "Level", "10", why, sizeof why));
    assert_true(options_set(&v, "PolicyFile", "search/policy-prior.txt", why, sizeof why));
    options_player(&v, &p);
    policy_table_tempered(&POLICY_PRIOR_DEFAULT, 0.25, &want);
    assert_memory_equal(p.ismcts.policy, &want, sizeof want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_fixed_node_search_reports_progress_and_a_legal_choice),
        cmocka_unit_test(every_level_draws_the_same_decision_from_the_same_seed),
        cmocka_unit_test(level_1_turns_the_tree_player_flat_and_keeps_another),
        cmocka_unit_test(full_strength_reads_the_network_and_a_level_the_knowledge_it_was_measured_with),
        cmocka_unit_test(the_playout_temperature_tempers_full_strength_and_not_a_level),
        cmocka_unit_test(a_clock_is_shared_over_the_searches_left),
        cmocka_unit_test(time_management_stretches_only_what_the_bank_holds),
        cmocka_unit_test(time_management_ends_a_settled_search_and_stretches_a_close_one),
        cmocka_unit_test(new_weights_in_the_same_place_grow_a_new_tree),
        cmocka_unit_test(every_player_chooses_a_legal_decision),
        cmocka_unit_test(the_cheat_player_ends_without_a_true_world),
        cmocka_unit_test(an_infinite_search_reports_its_choice_only_at_stop),
        cmocka_unit_test(a_lone_legal_decision_is_chosen_without_a_search),
        cmocka_unit_test(a_pondered_tree_is_followed_through_the_enemy_decision),
        cmocka_unit_test(limits_are_bounded_and_a_deadline_never_overflows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
