/*
 * test_policy.c: the heuristic playout policy (search/policy.c): only legal
 * decisions over random positions and whole games of all three scenarios,
 * the same choices for the same seed, and its preferences in hand-made
 * situations: fire rather than pass (6.2, 6.4), retreat a hopeless block
 * (6.6), recruit what counts for usurpation (5.4, 8.2, RULINGS B.14), keep
 * out of an overwhelming stack (5.2), spare heirs when taking hits (6.4,
 * RULINGS B.12).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/scenario.h"
#include "search/policy.h"
#include "tests/support.h"

#define DRAWS 4000

/* 600 random positions, 200 of each scenario at depths up to 500 decisions:
 * every one of 20 draws there is legal, and no legal decision weighs 0. */
static void the_policy_picks_legal_decisions_in_random_positions(void **state)
{
    (void)state;
    uint64_t rng = 17;
    for (int p = 0; p < 600; p++) {
        struct world w;
        struct decisions legal;
        random_decision_point(&w, p % SCENARIO_COUNT, random_below(&rng, 500), &rng);
        rules_legal(&w, &legal);
        for (int i = 0; i < legal.count; i++)
            assert_true(policy_weight(&w, legal.list[i]) > 0);
        for (int draw = 0; draw < 20; draw++)
            assert_true(legal_has(&w, policy_choose(&w, &legal, &rng)));
    }
}

/* The policy as every actor's player, each of its decisions checked legal. */
static bool policy_decides(void *rng, const struct world *w, decision *d)
{
    assert_true(policy_player(rng, w, d));
    assert_true(legal_has(w, *d));
    return true;
}

static bool hash_decision(void *hash, const struct world *w, decision d, long played)
{
    uint64_t *h = hash;
    (void)w, (void)played;
    *h = (*h ^ d) * 0x100000001b3ull;
    return true;
}

/* One whole game with every decision, chance too, by the policy; a hash of
 * its decisions. Every decision is checked to be legal, and the game ends,
 * within the decision bound. */
static uint64_t policy_game(int scenario, uint64_t seed)
{
    struct world w;
    uint64_t rng = seed, hash = 0;
    const struct game_player policy = {policy_decides, &rng};
    const struct game_hooks hooks = {.decided = hash_decision, .context = &hash};
    scenario_setup(&w, scenario);
    w.flags |= WORLD_NO_KNOWLEDGE; /* as in a search's playout */
    struct game_outcome o = game_play(&w, (const struct game_player[GAME_ACTORS]){policy, policy, policy}, &hooks);
    assert_int_equal(o.status, GAME_OVER);
    assert_world_ok(&w);
    return hash;
}

/* 90 games, 30 of each scenario, played to their end by the policy alone. */
static void the_policy_plays_whole_games_of_every_scenario(void **state)
{
    (void)state;
    for (int g = 0; g < 90; g++)
        policy_game(g % SCENARIO_COUNT, 1000 + (uint64_t)g);
}

/* docs/architecture.md (determinism): a seed fixes every choice. */
static void the_same_seed_plays_the_same_game(void **state)
{
    (void)state;
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        assert_true(policy_game(s, 77) == policy_game(s, 77));
        assert_true(policy_game(s, 77) != policy_game(s, 78));
    }
}

/* How often, in DRAWS draws at w, the policy takes a decision of this kind. */
static int share_of_kind(const struct world *w, int kind, uint64_t seed)
{
    struct decisions legal;
    uint64_t rng = seed;
    int hits = 0;
    rules_legal(w, &legal);
    for (int i = 0; i < DRAWS; i++)
        hits += decision_kind(policy_choose(w, &legal, &rng)) == kind;
    return hits;
}

static decision parsed(const struct world *w, const char *text)
{
    decision d;
    char why[200];
    if (!decision_parse(w, text, &d, why, sizeof why))
        fail_msg("%s: %s", text, why);
    return d;
}

/* Passes battle turns until it is 'side''s turn in round 2 (6.2). */
static void pass_to_round_2_turn_of(struct world *w, int side)
{
    while (w->battle.round < 2 || rules_actor(w) != side) {
        struct decisions legal;
        rules_legal(w, &legal);
        int i = 0;
        while (decision_kind(legal.list[i]) != DECIDE_HOLD)
            assert_true(++i < legal.count);
        rules_apply(w, legal.list[i]);
    }
}

/* York (Player 1, 3 AP) attacks Rivers, alone and down to one step in
 * Leicester, with Herbert, Hastings and Norfolk from Warwick. */
static void york_attacks_a_lone_rivers(struct world *w)
{
    empty_board(w, 13, 20);
    world_place(w, BLOCK_L_HENRY_VI, AREA_LINCOLN); /* out of the way */
    put(w, BLOCK_L_RIVERS, AREA_LEICESTER);
    world_set_steps(w, BLOCK_L_RIVERS, 1);
    put(w, BLOCK_Y_HERBERT, AREA_WARWICK);
    put(w, BLOCK_Y_HASTINGS, AREA_WARWICK);
    put(w, BLOCK_Y_NORFOLK, AREA_WARWICK);
    play_text(w, "move-from Warwick");
    play_text(w, "block Y:Herbert");
    play_text(w, "to Leicester");
    play_text(w, "block Y:Hastings");
    play_text(w, "to Leicester");
    play_text(w, "block Y:Norfolk");
    play_text(w, "to Leicester");
    play_text(w, "end");
    play_text(w, "pass");
    play_text(w, "pass");
    assert_int_equal(w->battle.area, AREA_LEICESTER);
}

/* 6.2, 6.4: in its battle turn a block fires, passes or (from round 2)
 * retreats. The policy fires in round 1 more than ten times as often as it
 * passes: a pass gives up the block's dice. */
static void in_battle_it_fires_far_more_often_than_it_passes(void **state)
{
    (void)state;
    struct world w;
    york_attacks_a_lone_rivers(&w);
    assert_int_equal(w.battle.round, 1);
    assert_true(is_legal(&w, "fire Y:Herbert") && is_legal(&w, "pass Y:Herbert"));
    int fire = share_of_kind(&w, DECIDE_FIRE, 5), hold = share_of_kind(&w, DECIDE_HOLD, 5);
    assert_int_equal(fire + hold, DRAWS);
    assert_true(fire > 10 * hold);
    assert_true(hold > 0); /* still possible: playouts stay varied */
}

/* 6.6: from round 2 a block may retreat. Rivers' one step against York's ten
 * cannot win: the policy retreats him most of the time; York, far stronger,
 * seldom retreats. */
static void a_hopeless_block_retreats_and_a_strong_one_stays(void **state)
{
    (void)state;
    struct world w;
    york_attacks_a_lone_rivers(&w);
    pass_to_round_2_turn_of(&w, SIDE_LANCASTER);
    assert_true(is_legal(&w, "retreat L:Rivers Lincoln"));
    assert_false(is_legal(&w, "retreat L:Rivers Warwick")); /* York came over that border (6.6) */
    assert_true(share_of_kind(&w, DECIDE_RETREAT, 6) > DRAWS * 8 / 10);

    york_attacks_a_lone_rivers(&w);
    pass_to_round_2_turn_of(&w, SIDE_YORK);
    assert_true(share_of_kind(&w, DECIDE_RETREAT, 7) < DRAWS / 4);
    assert_true(share_of_kind(&w, DECIDE_FIRE, 7) > DRAWS * 6 / 10);
}

/* 5.4 and 8.2 (RULINGS B.14): nobles, heirs and churches on the map count for
 * usurpation, levies do not; recruiting either beats passing with AP left. */
static void it_recruits_towards_the_usurpation_count(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 13, 20);
    unsigned noble = policy_weight(&w, parsed(&w, "recruit Y:Herbert"));
    unsigned church = policy_weight(&w, parsed(&w, "recruit Y:Canterbury-church"));
    unsigned levy = policy_weight(&w, parsed(&w, "recruit Y:Norwich-levy"));
    unsigned pass = policy_weight(&w, parsed(&w, "pass"));
    assert_true(noble > levy && church > levy);
    assert_true(levy > pass);
}

/* 5.2: a block entering an enemy area stops there for a battle. Herbert alone
 * (3 steps) rarely walks into Leicester held by Buckingham, Warwick and
 * Northumberland (12 steps); a vacant area or a one-step Rivers suits him
 * better, and a weak enemy heir best of all (9.0). */
static void it_keeps_out_of_an_overwhelming_stack(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 13, 20);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    put(&w, BLOCK_Y_HERBERT, AREA_WARWICK);
    put(&w, BLOCK_L_BUCKINGHAM, AREA_LEICESTER);
    put(&w, BLOCK_L_WARWICK, AREA_LEICESTER);
    put(&w, BLOCK_L_NORTHUMBERLAND, AREA_LEICESTER);
    put(&w, BLOCK_L_RIVERS, AREA_DERBY);
    world_set_steps(&w, BLOCK_L_RIVERS, 1);
    put(&w, BLOCK_L_EXETER, AREA_OXFORD);
    world_set_steps(&w, BLOCK_L_EXETER, 2);
    play_text(&w, "move-from Warwick");
    play_text(&w, "block Y:Herbert");
    unsigned stack = policy_weight(&w, parsed(&w, "to Leicester"));
    unsigned vacant = policy_weight(&w, parsed(&w, "to Chester"));
    unsigned weak = policy_weight(&w, parsed(&w, "to Derby"));
    unsigned heir = policy_weight(&w, parsed(&w, "to Oxford"));
    assert_true(stack < vacant && vacant < weak && weak < heir);
}

/* RULINGS B.12: of equally strong blocks the owner chooses which takes a
 * hit; the policy puts it on a noble rather than an heir (9.0). */
static void it_takes_hits_on_nobles_before_heirs(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 13, 20);
    unsigned heir = policy_weight(&w, decision_make(DECIDE_HIT, BLOCK_Y_MARCH));
    unsigned noble = policy_weight(&w, decision_make(DECIDE_HIT, BLOCK_Y_HERBERT));
    assert_true(noble > heir && heir > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_policy_picks_legal_decisions_in_random_positions),
        cmocka_unit_test(the_policy_plays_whole_games_of_every_scenario),
        cmocka_unit_test(the_same_seed_plays_the_same_game),
        cmocka_unit_test(in_battle_it_fires_far_more_often_than_it_passes),
        cmocka_unit_test(a_hopeless_block_retreats_and_a_strong_one_stays),
        cmocka_unit_test(it_recruits_towards_the_usurpation_count),
        cmocka_unit_test(it_keeps_out_of_an_overwhelming_stack),
        cmocka_unit_test(it_takes_hits_on_nobles_before_heirs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
