/*
 * test_features.c: the sparse features of the learned value
 * (eval/features.h) on hand-made positions: a block's place and strength,
 * an area's steps by bucket, who holds it, a battle due, the enemy's steps
 * next to it by border colour, the cards played, and the state's one-hots.
 * On random worlds of every scenario the list is sorted, unique, in range,
 * and every block and every one-hot group has exactly one feature, and the
 * area groups are what the world and the map's tables say, border by
 * border. The
 * index's groups follow each other with no gap, and its hash is that of
 * their names and sizes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/rules/rules.h"
#include "eval/features.h"
#include "tests/support.h"

static bool active(const uint16_t *index, int count, int feature)
{
    for (int i = 0; i < count; i++)
        if (index[i] == feature)
            return true;
    return false;
}

static int in_group(const uint16_t *index, int count, int group)
{
    int n = 0;
    for (int i = 0; i < count; i++)
        n +=
            index[i] >= FEATURE_GROUP[group].first && index[i] < FEATURE_GROUP[group].first + FEATURE_GROUP[group].size;
    return n;
}

static void the_groups_tile_the_index(void **state)
{
    (void)state;
    int next = 0;
    for (int g = 0; g < FEATURE_GROUPS; g++) {
        assert_int_equal(FEATURE_GROUP[g].first, next);
        assert_true(FEATURE_GROUP[g].size > 0);
        next += FEATURE_GROUP[g].size;
    }
    assert_int_equal(next, FEATURE_COUNT);
    assert_int_equal(FEATURE_GROUP[FG_AREA_THREAT].size, AREA_COUNT * 2 * 3 * FEATURE_STEP_BUCKETS);
    assert_true(features_set_hash() != 0 && features_set_hash() == features_set_hash());
    /* the buckets: 1-2, 3-4, 5-6, 7-9, 10-13, 14 or more */
    const int steps[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14, 40},
              bucket[] = {-1, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
        assert_int_equal(feature_step_bucket(steps[i]), bucket[i]);
}

/* Henry VI (4 steps) alone in Middlesex; York's March (3 steps) in Kent,
 * across a blue border, and Rutland (2) in Essex, across a yellow one. */
static void a_hand_made_board(void **state)
{
    (void)state;
    struct world w;
    uint16_t index[FEATURES_MAX_ACTIVE];
    empty_board(&w, 3, 4);
    world_set_steps(&w, BLOCK_L_HENRY_VI, 4);
    world_place(&w, BLOCK_Y_MARCH, AREA_KENT);
    world_set_steps(&w, BLOCK_Y_MARCH, 3);
    world_place(&w, BLOCK_Y_RUTLAND, AREA_ESSEX);
    world_set_steps(&w, BLOCK_Y_RUTLAND, 2);
    int n = features_active(&w, index);
    const int L = SIDE_LANCASTER, Y = SIDE_YORK;
    assert_true(active(index, n, FEATURE_GROUP[FG_BLOCK_PLACE].first + BLOCK_L_HENRY_VI * LOC_COUNT + AREA_MIDDLESEX));
    assert_true(active(index, n, FEATURE_GROUP[FG_BLOCK_PLACE].first + BLOCK_Y_MARCH * LOC_COUNT + AREA_KENT));
    assert_true(active(index, n, FEATURE_GROUP[FG_BLOCK_STEPS].first + BLOCK_L_HENRY_VI * 4 + 3));
    assert_true(active(index, n, FEATURE_GROUP[FG_AREA_STEPS].first + (AREA_MIDDLESEX * 2 + L) * 6 + 1)); /* 4: 3-4 */
    assert_true(active(index, n, FEATURE_GROUP[FG_AREA_STEPS].first + (AREA_ESSEX * 2 + Y) * 6 + 0));     /* 2: 1-2 */
    assert_true(active(index, n, FEATURE_GROUP[FG_AREA_HELD].first + AREA_MIDDLESEX * 2 + L));
    assert_false(active(index, n, FEATURE_GROUP[FG_AREA_HELD].first + AREA_MIDDLESEX * 2 + Y));
    assert_int_equal(in_group(index, n, FG_AREA_BATTLE), 0);
    int threat = FEATURE_GROUP[FG_AREA_THREAT].first + (AREA_MIDDLESEX * 2 + L) * 3 * 6;
    assert_true(active(index, n, threat + BORDER_BLUE * 6 + 1));   /* March's 3 across Kent's blue border */
    assert_true(active(index, n, threat + BORDER_YELLOW * 6 + 0)); /* Rutland's 2 across Essex's yellow one */
    assert_int_equal(in_group(index, n, FG_AREA_THREAT) >= 2, true);
    assert_true(active(index, n, FEATURE_GROUP[FG_PLAYED].first + Y * CARD_COUNT + 3 - 1));
    assert_true(active(index, n, FEATURE_GROUP[FG_PLAYED].first + L * CARD_COUNT + 4 - 1));
    assert_int_equal(in_group(index, n, FG_HAND), 0);
    assert_true(active(index, n, FEATURE_GROUP[FG_PHASE].first + PHASE_ACTION));
    assert_true(active(index, n, FEATURE_GROUP[FG_KING].first + BLOCK_L_HENRY_VI));
    assert_true(active(index, n, FEATURE_GROUP[FG_SCENARIO].first + SCENARIO_1460));
    /* March walks into Middlesex: a battle is due there, and nobody holds it. */
    world_place(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    n = features_active(&w, index);
    assert_true(active(index, n, FEATURE_GROUP[FG_AREA_BATTLE].first + AREA_MIDDLESEX));
    assert_int_equal(in_group(index, n, FG_AREA_HELD) >= 1, true);
    assert_false(active(index, n, FEATURE_GROUP[FG_AREA_HELD].first + AREA_MIDDLESEX * 2 + L));
}

static void random_worlds_give_sorted_lists_with_one_of_each(void **state)
{
    (void)state;
    static const int ONE_EACH[] = {FG_SCENARIO, FG_TURN, FG_PHASE, FG_ACTOR, FG_PLAYER1, FG_AP_LEFT};
    uint64_t rng = 11;
    uint16_t index[FEATURES_MAX_ACTIVE];
    struct world w;
    for (int game = 0; game < 300; game++) {
        random_decision_point(&w, game % SCENARIO_COUNT, rng_below(&rng, 400), &rng);
        int n = features_active(&w, index);
        assert_true(n > BLOCK_COUNT && n < FEATURES_MAX_ACTIVE);
        for (int i = 1; i < n; i++)
            assert_true(index[i - 1] < index[i]);
        assert_true(index[n - 1] < FEATURE_COUNT);
        assert_int_equal(in_group(index, n, FG_BLOCK_PLACE), BLOCK_COUNT);
        for (size_t g = 0; g < sizeof ONE_EACH / sizeof *ONE_EACH; g++)
            assert_int_equal(in_group(index, n, ONE_EACH[g]), 1);
        assert_int_equal(in_group(index, n, FG_MINORS_DUE), 2);
    }
}

/* Side s's steps in area a, block by block. */
static int steps_in(const struct world *w, int s, int a)
{
    int steps = 0;
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (blocks_in(w, s, a) & block_bit(b))
            steps += world_steps(w, b);
    return steps;
}

/* The area groups read straight from the world and the map's tables,
 * neighbour by neighbour, as the rules define them (2.1 held, 6.0 a battle
 * due, 5.2 the borders' colours): the features take them from bit sets. */
static void expected_area_groups(const struct world *w, bool expected[FEATURE_COUNT])
{
    memset(expected, 0, FEATURE_COUNT * sizeof *expected);
    for (int a = 0; a < AREA_COUNT; a++)
        for (int s = 0; s < SIDE_COUNT; s++) {
            int steps = steps_in(w, s, a), by_colour[3] = {0, 0, 0};
            if (!steps)
                continue;
            expected[FEATURE_GROUP[FG_AREA_STEPS].first + (a * 2 + s) * 6 + feature_step_bucket(steps)] = true;
            expected[FEATURE_GROUP[FG_AREA_HELD].first + a * 2 + s] = area_friendly(w, s, a);
            expected[FEATURE_GROUP[FG_AREA_BATTLE].first + a] = area_contested(w, a);
            for (int k = 0; k < AREA_NEIGHBOURS[a].count; k++)
                by_colour[BORDER_INFO[AREA_NEIGHBOURS[a].border[k]].colour] +=
                    steps_in(w, 1 - s, AREA_NEIGHBOURS[a].area[k]);
            for (int c = 0; c < 3; c++)
                if (by_colour[c])
                    expected[FEATURE_GROUP[FG_AREA_THREAT].first + ((a * 2 + s) * 3 + c) * 6 +
                             feature_step_bucket(by_colour[c])] = true;
        }
}

static void random_worlds_read_their_areas_as_the_map_says(void **state)
{
    (void)state;
    static bool expected[FEATURE_COUNT];
    uint64_t rng = 12;
    uint16_t index[FEATURES_MAX_ACTIVE];
    struct world w;
    for (int a = 0; a < AREA_COUNT; a++) /* two areas share at most one border: each is listed once */
        for (int k = 0; k < AREA_NEIGHBOURS[a].count; k++)
            for (int j = 0; j < k; j++)
                assert_int_not_equal(AREA_NEIGHBOURS[a].area[j], AREA_NEIGHBOURS[a].area[k]);
    int threats = 0;
    for (int game = 0; game < 300; game++) {
        random_decision_point(&w, game % SCENARIO_COUNT, rng_below(&rng, 400), &rng);
        int n = features_active(&w, index);
        expected_area_groups(&w, expected);
        for (int f = FEATURE_GROUP[FG_AREA_STEPS].first; f < FEATURE_GROUP[FG_AREA_OVER].first; f++)
            assert_int_equal(active(index, n, f), expected[f]);
        threats += in_group(index, n, FG_AREA_THREAT);
    }
    assert_true(threats > 300); /* the worlds have blocks next to the enemy's */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_groups_tile_the_index),
        cmocka_unit_test(a_hand_made_board),
        cmocka_unit_test(random_worlds_give_sorted_lists_with_one_of_each),
        cmocka_unit_test(random_worlds_read_their_areas_as_the_map_says),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
