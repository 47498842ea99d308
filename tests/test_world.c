/*
 * test_world.c: the world struct itself: its size (the truth in 512 bytes), that
 * it is plain data (memcpy, memcmp, hash), the accessors that keep its
 * redundant parts in step, and the invariant checker; and the packing of a
 * two-part decision (engine/core/decision.h), which the rules, the notation and
 * the policy all read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/decision.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"

/* docs/architecture.md: the truth fits in 512 bytes; the knowledge of both sides follows it. */
static void the_truth_fits_in_512_bytes(void **state)
{
    (void)state;
    printf("sizeof(struct world) = %zu bytes, the truth %zu of them\n", sizeof(struct world),
           offsetof(struct world, know));
    assert_true(offsetof(struct world, know) <= 512);
    assert_true(sizeof(struct world) <= 512 + sizeof(struct knowledge));
}

static void copies_compare_and_hash_equal(void **state)
{
    (void)state;
    struct world a, b;
    scenario_setup(&a, SCENARIO_1460);
    memcpy(&b, &a, sizeof b);
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(world_hash(&a), world_hash(&b));
    world_set_steps(&b, BLOCK_Y_YORK, 3);
    assert_int_not_equal(world_hash(&a), world_hash(&b));
    struct world c;
    scenario_setup(&c, SCENARIO_1460); /* setting up twice gives the same bytes */
    assert_memory_equal(&a, &c, sizeof a);
}

static void place_moves_a_block_between_every_kind_of_place(void **state)
{
    (void)state;
    struct world w;
    char why[200];
    scenario_setup(&w, SCENARIO_1460);
    for (int loc = 0; loc < LOC_COUNT; loc++) {
        world_place(&w, BLOCK_Y_WARWICK, loc);
        assert_int_equal(world_location(&w, BLOCK_Y_WARWICK), loc);
        assert_true(world_check(&w, why, sizeof why));
    }
    world_place(&w, BLOCK_Y_WARWICK, AREA_KENT);
    assert_int_equal(w.at[AREA_KENT] & w.side_blocks[SIDE_YORK], block_bit(BLOCK_Y_WARWICK));
    assert_int_equal(w.at[AREA_KENT] & w.side_blocks[SIDE_LANCASTER], 0);
    assert_int_equal(w.prisoner, BLOCK_NONE);
}

static void steps_run_from_one_to_four(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    for (int s = 1; s <= 4; s++) {
        world_set_steps(&w, BLOCK_Y_YORK, s);
        assert_int_equal(world_steps(&w, BLOCK_Y_YORK), s);
        assert_int_equal(world_steps(&w, BLOCK_Y_MARCH), 3); /* neighbours untouched */
    }
}

static void crossing_and_retreat_counters_are_independent(void **state)
{
    (void)state;
    struct world w;
    world_clear(&w);
    for (int e = 0; e < BORDER_COUNT; e++)
        world_set_crossed(&w, e, e % 8);
    for (int e = 0; e < BORDER_COUNT; e++)
        assert_int_equal(world_crossed(&w, e), e % 8);
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int i = 0; i < MAX_NEIGHBOURS; i++)
            world_set_retreats(&w, s, i, (s * 8 + i) % 16);
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int i = 0; i < MAX_NEIGHBOURS; i++)
            assert_int_equal(world_retreats(&w, s, i), (s * 8 + i) % 16);
}

static void each_flag_is_its_own_set(void **state)
{
    (void)state;
    struct world w;
    world_clear(&w);
    const blockset *sets[BLOCK_FLAG_COUNT] = {&w.moved,    &w.pinned,  &w.face_down, &w.revealed,
                                              &w.defected, &w.reserve, &w.by_sea};
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++) {
        world_set_flag(&w, BLOCK_L_OXFORD, f, true);
        assert_true(world_has_flag(&w, BLOCK_L_OXFORD, f));
        assert_false(world_has_flag(&w, BLOCK_Y_YORK, f));
        for (int g = 0; g < BLOCK_FLAG_COUNT; g++)
            assert_int_equal(*sets[g], g == f ? block_bit(BLOCK_L_OXFORD) : 0);
        world_set_flag(&w, BLOCK_L_OXFORD, f, false);
        assert_int_equal(*sets[f], 0);
    }
}

/* 3.26: the rebel fights for whoever is the Pretender. */
static void rebel_follows_the_pretender(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    assert_int_equal(world_block_side(&w, BLOCK_R_REBEL), SIDE_YORK);
    w.king = BLOCK_Y_YORK;
    world_set_pretender(&w, BLOCK_L_HENRY_VI);
    assert_int_equal(world_block_side(&w, BLOCK_R_REBEL), SIDE_LANCASTER);
    assert_false(w.side_blocks[SIDE_YORK] & block_bit(BLOCK_R_REBEL));
}

static void check_finds_each_broken_invariant(void **state)
{
    (void)state;
    struct world good, w;
    char why[200];
    scenario_setup(&good, SCENARIO_1460);
    assert_true(world_check(&good, why, sizeof why));

    memcpy(&w, &good, sizeof w);
    w.at[AREA_KENT] |= block_bit(BLOCK_Y_YORK); /* in Ireland and Kent at once */
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "a block is in two places at once");

    memcpy(&w, &good, sizeof w);
    w.at[AREA_IRELAND] &= ~block_bit(BLOCK_Y_YORK);
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "block Y:York is nowhere");

    memcpy(&w, &good, sizeof w);
    world_set_steps(&w, BLOCK_Y_WORCESTER, 4);
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "Y:Worcester has strength 4 but only 2 steps");

    memcpy(&w, &good, sizeof w);
    w.hand[SIDE_YORK] = 1u << 7;
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "a card is in two places at once");

    memcpy(&w, &good, sizeof w);
    w.king = BLOCK_L_OXFORD;
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "the King must be an heir");

    memcpy(&w, &good, sizeof w);
    w.battle.round = 2;
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "no battle is in progress, yet the battle has fields set");

    memcpy(&w, &good, sizeof w);
    w.side_blocks[SIDE_LANCASTER] |= block_bit(BLOCK_R_REBEL);
    assert_false(world_check(&w, why, sizeof why));
    assert_string_equal(why, "the side sets do not match the Pretender's side");
}

/* The two parts come back as given, and the encoding stays the one saved games and trees were made with. */
static void decision_pairs_round_trip(void **state)
{
    (void)state;
    for (int kind = 0; kind < DECIDE_KIND_COUNT; kind++)
        for (int first = 0; first < 256; first++)
            for (int second = 0; second < 256; second += 17) {
                decision d = decision_pair(kind, first, second);
                assert_int_equal(decision_kind(d), kind);
                assert_int_equal(decision_first(d), first);
                assert_int_equal(decision_second(d), second);
            }
    assert_int_equal(decision_pair(DECIDE_RETREAT, BLOCK_Y_MARCH, AREA_NORTHUMBRIA),
                     (uint32_t)DECIDE_RETREAT << 16 | (uint32_t)AREA_NORTHUMBRIA << 8 | BLOCK_Y_MARCH);
    assert_int_equal(decision_pair(DECIDE_FIRE, BLOCK_Y_MARCH, 0), decision_make(DECIDE_FIRE, BLOCK_Y_MARCH));
    assert_int_equal(decision_first(decision_make(DECIDE_FIRE, BLOCK_Y_MARCH)), BLOCK_Y_MARCH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_truth_fits_in_512_bytes),
        cmocka_unit_test(copies_compare_and_hash_equal),
        cmocka_unit_test(place_moves_a_block_between_every_kind_of_place),
        cmocka_unit_test(steps_run_from_one_to_four),
        cmocka_unit_test(crossing_and_retreat_counters_are_independent),
        cmocka_unit_test(each_flag_is_its_own_set),
        cmocka_unit_test(rebel_follows_the_pretender),
        cmocka_unit_test(check_finds_each_broken_invariant),
        cmocka_unit_test(decision_pairs_round_trip),
    };
    return cmocka_run_group_tests_name("world", tests, NULL, NULL);
}
