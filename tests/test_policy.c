/*
 * test_policy.c: the heuristic playout policy (search/policy.c): only legal
 * decisions over random positions and whole games of all three scenarios,
 * the same choices for the same seed, and its preferences in hand-made
 * situations: fire rather than pass (6.2, 6.4), retreat a hopeless block
 * (6.6), recruit what counts for usurpation (5.4, 8.2, RULINGS B.14), keep
 * out of an overwhelming stack (5.2), spare heirs when taking hits (6.4,
 * RULINGS B.12). Its weights (search/policy_weights.c): the built-in table
 * is the hand-written weights exactly, search/policy-hand.txt is the
 * built-in list, a cell's features and logit agree, the extras of a move,
 * and a file's other weights change the draws. Cards: a card's category in
 * its hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "search/policy.h"
#include "tests/support.h"

#define DRAWS 4000

/* The built-in table: the hand-written rules of thumb. */
static const struct policy_table *hand(void) { return policy_table_builtin(); }

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
            assert_true(policy_weight(hand(), &w, legal.list[i]) > 0);
        for (int draw = 0; draw < 20; draw++)
            assert_true(legal_has(&w, policy_choose(hand(), &w, &legal, &rng)));
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
        hits += decision_kind(policy_choose(hand(), w, &legal, &rng)) == kind;
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
    unsigned noble = policy_weight(hand(), &w, parsed(&w, "recruit Y:Herbert"));
    unsigned church = policy_weight(hand(), &w, parsed(&w, "recruit Y:Canterbury-church"));
    unsigned levy = policy_weight(hand(), &w, parsed(&w, "recruit Y:Norwich-levy"));
    unsigned pass = policy_weight(hand(), &w, parsed(&w, "pass"));
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
    unsigned stack = policy_weight(hand(), &w, parsed(&w, "to Leicester"));
    unsigned vacant = policy_weight(hand(), &w, parsed(&w, "to Chester"));
    unsigned weak = policy_weight(hand(), &w, parsed(&w, "to Derby"));
    unsigned heir = policy_weight(hand(), &w, parsed(&w, "to Oxford"));
    assert_true(stack < vacant && vacant < weak && weak < heir);
}

/* RULINGS B.12: of equally strong blocks the owner chooses which takes a
 * hit; the policy puts it on a noble rather than an heir (9.0). */
static void it_takes_hits_on_nobles_before_heirs(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 13, 20);
    unsigned heir = policy_weight(hand(), &w, decision_make(DECIDE_HIT, BLOCK_Y_MARCH));
    unsigned noble = policy_weight(hand(), &w, decision_make(DECIDE_HIT, BLOCK_Y_HERBERT));
    assert_true(noble > heir && heir > 0);
}

/* ---- cards (1.1) ---- */

/* A card's category: its event, else the most or fewest action points of
 * the hand's cards with no event. */
static void a_card_is_rated_within_its_hand(void **state)
{
    (void)state;
    uint32_t hand = 1u << 1 | 1u << 3 | 1u << 7 | 1u << 13 | 1u << 20; /* Force March, Piracy, 4, 3, 2 */
    assert_int_equal(policy_play_category(hand, 1), POLICY_PLAY_FORCE_MARCH);
    assert_int_equal(policy_play_category(hand, 3), POLICY_PLAY_PIRACY);
    assert_int_equal(policy_play_category(hand, 7), POLICY_PLAY_MOST);
    assert_int_equal(policy_play_category(hand, 13), POLICY_NO_RULE);
    assert_int_equal(policy_play_category(hand, 20), POLICY_PLAY_LEAST);
    assert_int_equal(policy_play_category(1u << 13 | 1u << 14, 14), POLICY_PLAY_MOST); /* all alike */
}

/* ---- the weights ---- */

/* The hand-written weights each category had before they were weights:
 * RARE 1, LOW 4, NORMAL 16, HIGH 64, URGENT 128, and NORMAL/2 for a halt. */
static const unsigned HAND[POLICY_CATEGORIES + 1] = {
    [POLICY_PASS_WITH_AP] = 1,
    [POLICY_PASS_SPENT] = 16,
    [POLICY_RECRUIT_THRONE] = 64,
    [POLICY_RECRUIT_OTHER] = 16,
    [POLICY_ENTER_VACANT] = 16,
    [POLICY_ENTER_EXILE] = 4,
    [POLICY_ENTER_FAR_STRONGER] = 1,
    [POLICY_ENTER_STRONGER] = 4,
    [POLICY_ENTER_HEIR] = 128,
    [POLICY_ENTER_WEAKER] = 64,
    [POLICY_END_GROUP] = 4,
    [POLICY_HALT] = 8,
    [POLICY_REGROUP_END] = 16,
    [POLICY_FIRE] = 64,
    [POLICY_BATTLE_PASS] = 1,
    [POLICY_RETREAT_HOPELESS] = 128,
    [POLICY_RETREAT] = 1,
    [POLICY_CHARGE_WEAK_HEIR] = 64,
    [POLICY_CHARGE_ONE_STEP] = 4,
    [POLICY_CHARGE] = 1,
    [POLICY_TREACHERY] = 16,
    [POLICY_TREASON] = 64,
    [POLICY_DECLINE] = 4,
    [POLICY_HIT_HEIR] = 1,
    [POLICY_HIT] = 16,
    [POLICY_REGROUP] = 4,
    [POLICY_LOSE_HEIR] = 1,
    [POLICY_LOSE] = 16,
    [POLICY_PLAY_MOST] = 16,
    [POLICY_PLAY_LEAST] = 16,
    [POLICY_PLAY_FORCE_MARCH] = 16,
    [POLICY_PLAY_MUSTER] = 16,
    [POLICY_PLAY_PIRACY] = 16,
    [POLICY_PLAY_PLAGUE] = 16,
    [POLICY_PLAY_SURPRISE] = 16,
    [POLICY_PLAY_TREASON] = 16,
    [POLICY_NO_RULE] = 16,
};

/* The built-in table gives every cell its category's hand-written weight:
 * the extras weigh 0 by default, exp(0) = 1. */
static void the_built_in_table_is_the_hand_written_weights(void **state)
{
    (void)state;
    const struct policy_table *t = hand();
    for (int cell = 0; cell < POLICY_CELLS; cell++)
        if (t->weight[cell] != HAND[policy_cell_category(cell)])
            fail_msg("cell %d (category %d, extras %u): %u, by hand %u", cell, policy_cell_category(cell),
                     policy_cell_extras(cell), t->weight[cell], HAND[policy_cell_category(cell)]);
}

static void write_weights(FILE *out, const void *weights) { assert_true(policy_weights_write(out, weights)); }

/* A file the engine ships is its C list, every weight given, as the writer
 * writes them and within their bounds, and its table is the built-in one. */
static void assert_shipped(const char *path, const struct policy_weights *list, const struct policy_table *built_in)
{
    char why[512] = "", *written = capture(write_weights, list), *shipped = file_text(path);
    struct policy_weights read;
    bool loaded = policy_weights_load(path, &read, why, sizeof why);
    assert_string_equal(why, "");
    assert_true(loaded);
    assert_memory_equal(read.w, list->w, sizeof read.w);
    assert_string_equal(written, shipped);
    free(written);
    free(shipped);
    struct policy_table table;
    policy_table_of(&read, &table);
    assert_memory_equal(&table, built_in, sizeof table);
    for (int j = 0; j < POLICY_WEIGHT_COUNT; j++)
        assert_true(POLICY_WEIGHT_INFO[j].min <= list->w[j] && list->w[j] <= POLICY_WEIGHT_INFO[j].max);
}

/* search/policy-hand.txt: the hand-written playout policy. */
static void policy_hand_txt_is_the_built_in_policy(void **state)
{
    (void)state;
    assert_shipped("search/policy-hand.txt", &POLICY_DEFAULT, hand());
}

/* search/policy-prior.txt: the fitted weights of the built-in priors. */
static void policy_prior_txt_is_the_built_in_prior(void **state)
{
    (void)state;
    assert_shipped("search/policy-prior.txt", &POLICY_PRIOR_DEFAULT, policy_table_prior());
}

/* search/policy-prior-levels.txt: the priors the levels were measured with. */
static void policy_prior_levels_txt_is_the_levels_prior(void **state)
{
    (void)state;
    assert_shipped("search/policy-prior-levels.txt", &POLICY_PRIOR_LEVELS, policy_table_prior_levels());
}

/* A cell's logit is the dot product of its features with the weights, and
 * its table weight the rounded 16 exp(logit) within [1, POLICY_MOST]. */
static void a_cells_logit_is_its_features_times_the_weights(void **state)
{
    (void)state;
    uint64_t rng = 5;
    struct policy_weights w;
    for (int j = 0; j < POLICY_WEIGHT_COUNT; j++)
        w.w[j] = POLICY_WEIGHT_INFO[j].min +
                 (double)random_below(&rng, 1000) / 1000 * (POLICY_WEIGHT_INFO[j].max - POLICY_WEIGHT_INFO[j].min);
    struct policy_table t;
    policy_table_of(&w, &t);
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        double f[POLICY_WEIGHT_COUNT], dot = 0;
        int ones = 0;
        policy_cell_features(cell, f);
        for (int j = 0; j < POLICY_WEIGHT_COUNT; j++) {
            dot += f[j] * w.w[j];
            ones += f[j] == 1;
            assert_true(f[j] == 0 || f[j] == 1);
        }
        assert_int_equal(ones,
                         (policy_cell_category(cell) != POLICY_NO_RULE) + __builtin_popcount(policy_cell_extras(cell)));
        assert_true(fabs(dot - policy_cell_logit(w.w, cell)) < 1e-12);
        double x = round(POLICY_NORMAL * exp(dot));
        assert_true(t.weight[cell] == (x < 1 ? 1 : x > POLICY_MOST ? POLICY_MOST : x));
    }
}

/* The extras of a move (2.3, 2.4, 9.0): March, an heir, moving from
 * Leicester into Warwick (Coventry, a crown) has all three; into Rutland
 * only his own; a decision that is no move into an area has none. */
static void a_move_has_the_extras_of_its_area_and_block(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 13, 20);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    put(&w, BLOCK_Y_MARCH, AREA_LEICESTER);
    unsigned none = policy_cell_extras(policy_cell(&w, parsed(&w, "move-from Leicester")));
    play_text(&w, "move-from Leicester");
    play_text(&w, "block Y:March");
    unsigned city = 1u << (POLICY_ENTER_CITY - POLICY_CATEGORIES),
             crown = 1u << (POLICY_ENTER_CROWN - POLICY_CATEGORIES),
             heir = 1u << (POLICY_HEIR_MOVES - POLICY_CATEGORIES);
    int warwick = policy_cell(&w, parsed(&w, "to Warwick")), rutland = policy_cell(&w, parsed(&w, "to Rutland"));
    assert_int_equal(none, 0);
    assert_int_equal(policy_cell_extras(warwick), city | crown | heir);
    assert_int_equal(policy_cell_extras(rutland), heir);
    assert_int_equal(policy_cell_category(warwick), POLICY_ENTER_VACANT);
    assert_int_equal(policy_cell(&w, decision_make(DECIDE_STOP, 0)), policy_cell_make(POLICY_HALT, 0));
}

/* Weights of another file change the draws: with fire at its least and a
 * battle pass at its most, the block that fired ten times as often as it
 * passed now passes far more often than it fires. */
static void other_weights_change_the_draws(void **state)
{
    (void)state;
    struct policy_weights w = POLICY_DEFAULT;
    w.w[POLICY_FIRE] = POLICY_WEIGHT_INFO[POLICY_FIRE].min;
    w.w[POLICY_BATTLE_PASS] = POLICY_WEIGHT_INFO[POLICY_BATTLE_PASS].max;
    struct policy_table t;
    policy_table_of(&w, &t);
    struct world b;
    york_attacks_a_lone_rivers(&b);
    struct decisions legal;
    rules_legal(&b, &legal);
    uint64_t rng = 9;
    int fire = 0, pass = 0;
    for (int i = 0; i < DRAWS; i++) {
        int kind = decision_kind(policy_choose(&t, &b, &legal, &rng));
        fire += kind == DECIDE_FIRE;
        pass += kind == DECIDE_HOLD;
    }
    assert_true(pass > 100 * fire && fire > 0);
}

static int passes_drawn(const struct policy_table *t, const struct world *w)
{
    struct decisions legal;
    uint64_t rng = 11;
    int hits = 0;
    rules_legal(w, &legal);
    for (int i = 0; i < DRAWS; i++)
        hits += decision_kind(policy_choose(t, w, &legal, &rng)) == DECIDE_HOLD;
    return hits;
}

/* A temperature divides every cell's logit (PlayoutTemperature): at 1 the
 * table is the plain one; at 1/2 a cell weighs NORMAL exp(2 logit), within
 * the table's bounds, so a battle pass, which fire outweighs at 1, comes
 * more seldom, and at 2 far more often. */
static void a_lower_temperature_leans_further_to_the_preferred(void **state)
{
    (void)state;
    struct policy_table one, half, two;
    policy_table_tempered(&POLICY_DEFAULT, 1, &one);
    policy_table_tempered(&POLICY_DEFAULT, 0.5, &half);
    policy_table_tempered(&POLICY_DEFAULT, 2, &two);
    assert_memory_equal(&one, policy_table_builtin(), sizeof one);
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        double x = round(POLICY_NORMAL * exp(2 * policy_cell_logit(POLICY_DEFAULT.w, cell)));
        assert_true(half.weight[cell] == (x < 1 ? 1 : x > POLICY_MOST ? POLICY_MOST : x));
    }
    struct world w;
    york_attacks_a_lone_rivers(&w);
    int at_one = passes_drawn(&one, &w), at_half = passes_drawn(&half, &w), at_two = passes_drawn(&two, &w);
    assert_true(at_half > 0 && 2 * at_half < at_one); /* 17 and 51: the least weight, 1, bounds it */
    assert_true(at_two > 2 * at_one);
}

/* A bad policy file is refused naming its line, as EvalFile's are
 * (tests/test_eval.c has every fault); the weights passed in stay. */
static void a_bad_policy_file_is_refused_by_line(void **state)
{
    (void)state;
    char path[] = "/tmp/r3-test-policy-XXXXXX", why[512], want[600];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "w");
    for (int j = 0; j < POLICY_WEIGHT_COUNT; j++) { /* one weight a line, fire's out of bounds */
        const struct weight_info *info = &POLICY_WEIGHT_INFO[j];
        fprintf(out, "%s %.17g %g %g\n", info->name, j == POLICY_FIRE ? 9 : info->fallback, info->min, info->max);
    }
    assert_int_equal(fclose(out), 0);
    struct policy_weights read = POLICY_DEFAULT;
    read.w[0] = 42;
    assert_false(policy_weights_load(path, &read, why, sizeof why));
    snprintf(want, sizeof want, "%s:%d: weight 'fire' is 9, outside its bounds [-3, 6]", path, POLICY_FIRE + 1);
    assert_string_equal(why, want);
    assert_true(read.w[0] == 42);
    remove(path);
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
        cmocka_unit_test(the_built_in_table_is_the_hand_written_weights),
        cmocka_unit_test(policy_hand_txt_is_the_built_in_policy),
        cmocka_unit_test(policy_prior_txt_is_the_built_in_prior),
        cmocka_unit_test(policy_prior_levels_txt_is_the_levels_prior),
        cmocka_unit_test(a_cells_logit_is_its_features_times_the_weights),
        cmocka_unit_test(a_move_has_the_extras_of_its_area_and_block),
        cmocka_unit_test(other_weights_change_the_draws),
        cmocka_unit_test(a_lower_temperature_leans_further_to_the_preferred),
        cmocka_unit_test(a_bad_policy_file_is_refused_by_line),
        cmocka_unit_test(a_card_is_rated_within_its_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
