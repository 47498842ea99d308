/*
 * test_eval.c: the greedy player's evaluation (eval/eval.h): each feature
 * moves it the way the rules say it should matter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "../engine/scenario.h"
#include "../eval/eval.h"
#include "support.h"

/* 9.0: the side whose last heir dies loses, so an heir is worth most. */
static void an_heir_lost_costs_its_weight(void **state)
{
    (void)state;
    struct world w, after;
    scenario_setup(&w, SCENARIO_1460);
    after = w;
    world_place(&after, BLOCK_Y_RUTLAND, LOC_DEAD);
    double drop = evaluate(&w, SIDE_YORK, &EVAL_DEFAULT) - evaluate(&after, SIDE_YORK, &EVAL_DEFAULT);
    assert_true(drop > EVAL_DEFAULT.heirs - 1e-9); /* the heir, and his strength on the map */
    assert_true(evaluate(&after, SIDE_LANCASTER, &EVAL_DEFAULT) > evaluate(&w, SIDE_LANCASTER, &EVAL_DEFAULT));
}

/* The evaluation is the same game seen from the two chairs. */
static void the_two_sides_see_opposite_scores(void **state)
{
    (void)state;
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        struct world w;
        scenario_setup(&w, s);
        assert_true(evaluate(&w, SIDE_YORK, &EVAL_DEFAULT) == -evaluate(&w, SIDE_LANCASTER, &EVAL_DEFAULT));
    }
}

/* A finished game outweighs any position. */
static void a_won_game_is_worth_a_thousand(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1483);
    w.phase = PHASE_OVER;
    w.winner = SIDE_LANCASTER;
    assert_true(evaluate(&w, SIDE_LANCASTER, &EVAL_DEFAULT) == 1000.0);
    assert_true(evaluate(&w, SIDE_YORK, &EVAL_DEFAULT) == -1000.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_heir_lost_costs_its_weight),
        cmocka_unit_test(the_two_sides_see_opposite_scores),
        cmocka_unit_test(a_won_game_is_worth_a_thousand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
