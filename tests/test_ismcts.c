/*
 * test_ismcts.c: the information-set tree search (search/ismcts.c): a legal
 * decision in every phase with a tiny budget, the same decision and tree for
 * the same seed, the memory cap, no peeking at what the side cannot see, and
 * the tree kept from one decision to the next; progressive widening; dynamic
 * komi; two threads sharing one tree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/hidden/sample.h"
#include "engine/hidden/view.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "search/ismcts.h"
#include "tests/support.h"

#define MEMORY (4u << 20)

/* The 1460 start with both hands dealt: York is to play a card. */
static void dealt_1460(struct world *w)
{
    scenario_setup(w, SCENARIO_1460);
    while (rules_actor(w) == ACTOR_CHANCE)
        rules_apply(w, rules_chance(w, 5));
}

static decision search_with(const struct ismcts_options *o, const struct world *w, int side, int iterations,
                            uint64_t seed, struct ismcts *s, size_t memory)
{
    uint64_t rng = seed;
    assert_true(ismcts_begin(s, w, side, o, memory, &rng));
    for (int i = 0; i < iterations; i++)
        ismcts_iterate(s, &rng);
    return ismcts_best(s, 1, NULL);
}

static decision search(const struct world *w, int side, int iterations, uint64_t seed, struct ismcts *s, size_t memory)
{
    return search_with(&ISMCTS_DEFAULT, w, side, iterations, seed, s, memory);
}

/* Two searches chose alike and grew the same tree; both are freed. */
static void assert_same_search(struct ismcts *a, decision x, struct ismcts *b, decision y)
{
    assert_true(x == y);
    assert_true(a->tree.count == b->tree.count);
    assert_memory_equal(a->tree.node, b->tree.node, a->tree.count * sizeof *a->tree.node);
    ismcts_end(a);
    ismcts_end(b);
}

/* What a_tiny_search_plays_a_legal_decision_everywhere() has searched. */
struct tiny_searches {
    struct ismcts tree;
    int searched, game_phases;
};

/* A side's decision at every 25th point and at the first of each phase. */
static bool search_here(void *context, const struct world *w, long played)
{
    struct tiny_searches *t = context;
    int side = rules_actor(w);
    bool first_of_phase = !(t->game_phases & 1 << w->phase);
    if (side < SIDE_COUNT && (played % 25 == 0 || first_of_phase)) {
        decision d = search(w, side, 20, (uint64_t)played, &t->tree, MEMORY);
        assert_true(legal_has(w, d));
        assert_true(t->tree.iterations == 20);
        ismcts_end(&t->tree);
        t->game_phases |= 1 << w->phase;
        t->searched++;
    }
    return true;
}

/* With 20 iterations the search still answers a legal decision wherever a
 * side decides: random games of all three scenarios, searched at every 25th
 * decision and at the first decision of each phase a game reaches. */
static void a_tiny_search_plays_a_legal_decision_everywhere(void **state)
{
    (void)state;
    static struct tiny_searches t;
    uint64_t rng = 41;
    int phases = 0;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.before = search_here, .context = &t};
    for (int g = 0; g < 24; g++) {
        struct world w;
        t.game_phases = 0;
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
        phases |= t.game_phases;
    }
    printf("%d positions searched, in phases 0x%x\n", t.searched, phases);
    int wanted = 1 << PHASE_CARDS | 1 << PHASE_ACTION | 1 << PHASE_BATTLE | 1 << PHASE_SUPPLY | 1 << PHASE_POLITICAL;
    assert_true((phases & wanted) == wanted);
    assert_true(t.searched > 250);
}

/* On one thread, the same seed, position and budget give the same decision
 * and the same tree: by default, and with RAVE. */
static void the_same_seed_gives_the_same_search(void **state)
{
    (void)state;
    static struct ismcts a, b;
    struct ismcts_options all_on = ISMCTS_DEFAULT;
    all_on.rave = 10;
    uint64_t rng = 42;
    for (int g = 0; g < 24; g++) {
        struct world w;
        const struct ismcts_options *o = g % 2 ? &all_on : &ISMCTS_DEFAULT;
        random_decision_point(&w, g % SCENARIO_COUNT, 200 + g * 25, &rng);
        int side = rules_actor(&w);
        decision x = search_with(o, &w, side, 300, 7, &a, MEMORY), y = search_with(o, &w, side, 300, 7, &b, MEMORY);
        assert_same_search(&a, x, &b, y);
    }
}

/* RAVE's notes: every iteration through a child of the root, a decision
 * of the searching side's, played its key, so the key's plays are at least
 * the child's visits, and no key is played more often than there were
 * iterations. */
static void rave_counts_each_decision_the_side_takes(void **state)
{
    (void)state;
    static struct ismcts s;
    struct ismcts_options rave = ISMCTS_DEFAULT;
    rave.rave = 10;
    uint64_t rng = 44;
    for (int g = 0; g < 12; g++) {
        struct world w;
        random_decision_point(&w, g % SCENARIO_COUNT, 150 + g * 40, &rng);
        int side = rules_actor(&w), children = 0;
        search_with(&rave, &w, side, 300, 9, &s, MEMORY);
        for (uint32_t c = s.tree.node[0].child; c; c = s.tree.node[c].sibling, children++) {
            assert_int_equal(s.tree.node[c].mover, side);
            assert_true(amaf_plays(&s.amaf, s.tree.node[c].key) >= s.tree.node[c].visits);
        }
        for (int i = 0; i < AMAF_SLOTS; i++)
            assert_true(s.amaf.slot[i].plays <= 300);
        assert_true(children > 0 && s.amaf.used >= children);
        ismcts_end(&s);
    }
}

static int children_of(const struct ismcts *s, uint32_t node)
{
    int n = 0;
    for (uint32_t c = s->tree.node[node].child; c; c = s->tree.node[c].sibling)
        n++;
    return n;
}

/* Progressive widening: a node where the enemy decides, seen n times, has at
 * most ceil(n^w) children; the side's own nodes are not narrowed. Shown at
 * the root of determinized trees (ISMCTS_DETERMINIZED: one world, no chance
 * before the root), where every decision is legal in every iteration and the
 * bound is exact: searched for the side that decides there, the root has more
 * children than the bound at some points; searched for its enemy, never, and
 * without widening, it has more there too. */
static void widening_bounds_the_enemys_children_by_the_visits(void **state)
{
    (void)state;
    static struct ismcts s;
    struct ismcts_options widening = ISMCTS_DEFAULT, off = ISMCTS_DEFAULT;
    widening.kind = off.kind = ISMCTS_DETERMINIZED;
    widening.widening = 0.3, off.widening = 0;
    uint64_t rng = 44;
    int own_beyond = 0, off_beyond = 0;
    for (int g = 0; g < 60; g++) {
        struct world w;
        random_decision_point(&w, g % SCENARIO_COUNT, 100 + g * 20, &rng);
        int actor = rules_actor(&w);
        search_with(&widening, &w, 1 - actor, 300, 5, &s, MEMORY); /* the enemy decides at the root */
        assert_true(children_of(&s, 0) <= (int)ceil(pow(s.tree.node[0].visits, 0.3)));
        ismcts_end(&s);
        search_with(&off, &w, 1 - actor, 300, 5, &s, MEMORY);
        off_beyond += children_of(&s, 0) > (int)ceil(pow(s.tree.node[0].visits, 0.3));
        ismcts_end(&s);
        decision d = search_with(&widening, &w, actor, 300, 5, &s, MEMORY); /* the side's own root */
        own_beyond += children_of(&s, 0) > (int)ceil(pow(s.tree.node[0].visits, 0.3));
        assert_true(legal_has(&w, d));
        ismcts_end(&s);
    }
    printf("roots with more than ceil(n^0.3) children: own %d; enemy's without widening %d\n", own_beyond, off_beyond);
    assert_true(own_beyond > 0);
    assert_true(off_beyond > 0);
}

/* Dynamic komi: where one side is far ahead, every playout's evaluation sits
 * near 0 or 1, so the root's value does too; with the root's own level taken
 * off, the values spread around 1/2 again (search/ismcts.h). Over lopsided
 * random decision points (a value without komi under 0.2 or over 0.8), the
 * value with komi is never further from 1/2 (0.03 allowed for the two
 * searches' noise), and in at least a third of them lies within 0.2..0.8. Where
 * the playouts end the game it stays lopsided: a win stays a win. */
static void komi_centres_the_values_of_a_lopsided_position(void **state)
{
    (void)state;
    static struct ismcts with, without;
    struct ismcts_options komi = ISMCTS_DEFAULT, none = ISMCTS_DEFAULT;
    komi.komi = 1, none.komi = 0;
    uint64_t rng = 47;
    int lopsided = 0, centred_ones = 0;
    for (int g = 0; g < 120 && lopsided < 12; g++) {
        struct world w;
        double plain, centred;
        random_decision_point(&w, g % SCENARIO_COUNT, 150 + g * 10, &rng);
        int side = rules_actor(&w);
        search_with(&none, &w, side, 300, 9, &without, MEMORY);
        ismcts_best(&without, 1, &plain);
        ismcts_end(&without);
        if (plain > 0.2 && plain < 0.8)
            continue;
        search_with(&komi, &w, side, 300, 9, &with, MEMORY);
        ismcts_best(&with, 1, &centred);
        ismcts_end(&with);
        assert_true(fabs(centred - 0.5) <= fabs(plain - 0.5) + 0.03);
        centred_ones += centred > 0.2 && centred < 0.8;
        lopsided++;
    }
    printf("%d lopsided positions, %d of them within 0.2..0.8 with komi\n", lopsided, centred_ones);
    assert_true(lopsided >= 12);
    assert_true(3 * centred_ones >= lopsided);
}

/* With widening, a node's first child is drawn by the playout policy's
 * weights, not uniformly: where a side may pass with action points left (1.2:
 * they are lost), a one-iteration search, whose root has one child, rarely
 * makes that child the pass. Uniform draws would make it 1 in the number of
 * decisions. */
static void a_widened_child_is_drawn_by_the_policy(void **state)
{
    (void)state;
    static struct ismcts s;
    uint64_t rng = 45;
    int points = 0, passes = 0;
    double uniform = 0;
    for (int g = 0; points < 400 && g < 20000; g++) {
        struct world w;
        struct decisions legal;
        random_decision_point(&w, g % SCENARIO_COUNT, 10 + g % 300, &rng);
        rules_legal(&w, &legal);
        bool can_pass = false;
        for (int i = 0; i < legal.count; i++)
            can_pass |= decision_kind(legal.list[i]) == DECIDE_PASS;
        if (w.phase != PHASE_ACTION || !w.ap_left || !can_pass || legal.count < 4)
            continue;
        search_with(&ISMCTS_DEFAULT, &w, rules_actor(&w), 1, (uint64_t)g, &s, MEMORY);
        passes += decision_kind(s.tree.node[s.tree.node[0].child].key) == DECIDE_PASS;
        uniform += 1.0 / legal.count;
        points++;
        ismcts_end(&s);
    }
    printf("%d action points: the first child a pass %d times; uniform draws would give %.0f\n", points, passes,
           uniform);
    assert_true(points == 400);
    assert_true(passes * 4 < uniform);
}

/* The tree never outgrows its memory; once full, iterations go on and the
 * visits keep counting. */
static void the_memory_cap_holds_and_the_search_goes_on(void **state)
{
    (void)state;
    static struct ismcts s;
    struct world w;
    dealt_1460(&w);
    size_t memory = 100 * sizeof(struct ismcts_node);
    decision d = search(&w, rules_actor(&w), 2000, 3, &s, memory);
    assert_true(s.tree.capacity == 100);
    assert_true(s.tree.count == 100);
    assert_true(s.tree.node[0].visits == 2000);
    assert_true(legal_has(&w, d));
    ismcts_end(&s);
    assert_true(sizeof(struct ismcts_node) <= 64);
}

/* One of the threads sharing a tree: its own sampler and random stream. */
struct sharer {
    struct ismcts *s;
    struct sampler sampler;
    struct ismcts_scratch scratch;
    uint64_t rng;
    int iterations;
};

static void *share_iterations(void *arg)
{
    struct sharer *me = arg;
    for (int i = 0; i < me->iterations; i++)
        ismcts_iterate_shared(me->s, &me->sampler, &me->scratch, &me->rng);
    return NULL;
}

/* Whether every node's visits cover its children's: an iteration passes
 * through a child only by way of its parent. */
static bool visits_cover_children(const struct ismcts *s)
{
    for (uint32_t n = 0; n < s->tree.count; n++) {
        uint32_t below = 0;
        for (uint32_t c = s->tree.node[n].child; c; c = s->tree.node[c].sibling)
            below += s->tree.node[c].visits;
        if (below > s->tree.node[n].visits || s->tree.node[n].reward > (float)s->tree.node[n].visits + 0.01f)
            return false;
    }
    return true;
}

/* Tree parallelism: two threads iterating on one tree under its lock lose
 * no visit and no iteration, leave no virtual visit without its result, and
 * the search still chooses a legal decision. */
static void two_threads_share_one_tree(void **state)
{
    (void)state;
    static struct ismcts s;
    pthread_spinlock_t lock;
    struct sharer sharer[2];
    pthread_t thread[2];
    struct world w;
    uint64_t rng = 7;
    dealt_1460(&w);
    assert_true(ismcts_begin(&s, &w, rules_actor(&w), &ISMCTS_DEFAULT, MEMORY, &rng));
    pthread_spin_init(&lock, PTHREAD_PROCESS_PRIVATE);
    s.lock = &lock;
    for (int i = 0; i < 2; i++) {
        sharer[i] = (struct sharer){.s = &s, .sampler = s.sampler, .rng = 100 + (uint64_t)i, .iterations = 1500};
        assert_int_equal(pthread_create(&thread[i], NULL, share_iterations, &sharer[i]), 0);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(thread[i], NULL);
    s.lock = NULL;
    pthread_spin_destroy(&lock);
    assert_int_equal(s.iterations, 3000);
    assert_int_equal(s.tree.node[0].visits, 3000);
    uint32_t at_root = 0;
    for (uint32_t c = s.tree.node[0].child; c; c = s.tree.node[c].sibling)
        at_root += s.tree.node[c].visits;
    assert_int_equal(at_root, 3000); /* every iteration went down one of the root's children */
    assert_true(visits_cover_children(&s));
    assert_true(legal_has(&w, ismcts_best(&s, 1, NULL)));
    ismcts_end(&s);
}

/* No peeking: in any world the side cannot tell from the true one (the enemy's
 * hidden blocks, strengths and cards changed), the search makes the same
 * decision with the same tree. */
static void changing_what_the_side_cannot_see_changes_nothing(void **state)
{
    (void)state;
    static struct ismcts a, b;
    uint64_t rng = 43;
    int compared = 0;
    for (int g = 0; g < 30; g++) {
        struct world w, other;
        random_decision_point(&w, g % SCENARIO_COUNT, 100 + random_below(&rng, 900), &rng);
        int side = rules_actor(&w);
        assert_true(sample_world(&w, side, &rng, &other));
        assert_true(infokey(&w, side) == infokey(&other, side));
        decision x = search(&w, side, 200, 11, &a, MEMORY), y = search(&other, side, 200, 11, &b, MEMORY);
        assert_same_search(&a, x, &b, y);
        compared++;
    }
    printf("%d positions searched in the true world and in one the side cannot tell from it\n", compared);
    assert_true(compared == 30);
}

static uint32_t subtree_size(const struct ismcts *s, uint32_t top)
{
    uint32_t size = 1;
    for (uint32_t c = s->tree.node[top].child; c; c = s->tree.node[c].sibling)
        size += subtree_size(s, c);
    return size;
}

/* The 1460 opening searched by its first chooser (500 iterations, seed 9);
 * the decision made, and the root's child for it. */
static decision searched_opening(struct ismcts *s, struct world *w, int *side, uint32_t *child)
{
    dealt_1460(w);
    *side = rules_actor(w);
    decision made = search(w, *side, 500, 9, s, MEMORY);
    for (*child = s->tree.node[0].child; s->tree.node[*child].key != made;)
        *child = s->tree.node[*child].sibling;
    return made;
}

/* Tree reuse: after the side's decision, the search goes on from that child's
 * subtree, its visits kept and the rest of the tree dropped; a path the tree
 * lacks leaves it as it was. */
static void a_kept_tree_moves_down_to_the_decision_made(void **state)
{
    (void)state;
    static struct ismcts s;
    struct world w;
    int side;
    uint32_t child;
    decision made = searched_opening(&s, &w, &side, &child), missing = decision_make(DECIDE_PLAY, 26);
    uint32_t size = subtree_size(&s, child), visits = s.tree.node[child].visits, before = s.tree.count;
    uint64_t rng = 5;
    assert_false(ismcts_reroot(&s, &w, &missing, 1, false, &rng));
    assert_true(s.tree.count == before);
    rules_apply(&w, made);
    assert_true(ismcts_reroot(&s, &w, &made, 1, false, &rng));
    assert_true(s.tree.count == size && size > 1 && size < before);
    assert_true(s.tree.node[0].visits == visits && subtree_size(&s, 0) == size);
    for (int i = 0; i < 100; i++)
        ismcts_iterate(&s, &rng);
    assert_true(s.tree.node[0].visits == visits + 100);
    ismcts_end(&s);
}

/* ... but not across the enemy's decision: the counts below it were gathered
 * over every reply the search sampled, and the real one is now known. */
static void a_kept_tree_is_dropped_after_an_enemy_decision(void **state)
{
    (void)state;
    static struct ismcts s;
    struct world w;
    int side;
    uint32_t child;
    decision path[2] = {searched_opening(&s, &w, &side, &child), 0};
    uint32_t reply = s.tree.node[child].child, before = s.tree.count;
    assert_true(reply != 0 && s.tree.node[reply].mover == 1 - side);
    path[1] = s.tree.node[reply].key;
    uint64_t rng = 5;
    assert_false(ismcts_reroot(&s, &w, path, 2, false, &rng));
    assert_true(s.tree.count == before);
    ismcts_end(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_tiny_search_plays_a_legal_decision_everywhere),
        cmocka_unit_test(the_same_seed_gives_the_same_search),
        cmocka_unit_test(rave_counts_each_decision_the_side_takes),
        cmocka_unit_test(the_memory_cap_holds_and_the_search_goes_on),
        cmocka_unit_test(two_threads_share_one_tree),
        cmocka_unit_test(widening_bounds_the_enemys_children_by_the_visits),
        cmocka_unit_test(a_widened_child_is_drawn_by_the_policy),
        cmocka_unit_test(komi_centres_the_values_of_a_lopsided_position),
        cmocka_unit_test(changing_what_the_side_cannot_see_changes_nothing),
        cmocka_unit_test(a_kept_tree_moves_down_to_the_decision_made),
        cmocka_unit_test(a_kept_tree_is_dropped_after_an_enemy_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
