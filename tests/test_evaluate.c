/*
 * test_evaluate.c: the one evaluation of a leaf (search/evaluate.h). By the
 * weights alone it is the weights' chance to the bit, for both sides; a
 * finished game keeps its result whatever the network or the komi; the komi
 * is taken off York's logit; and the built-in network is read only over the
 * built-in weights at full strength.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/rules/rules.h"
#include "eval/eval.h"
#include "eval/value.h"
#include "search/evaluate.h"

/* Calls check on every position of a few random games. */
static void over_random_games(void (*check)(const struct world *w, const struct net_q *net), const struct net_q *net)
{
    uint64_t rng = 11;
    for (int game = 0; game < 4; game++) {
        struct world w;
        scenario_setup(&w, game % SCENARIO_COUNT);
        w.flags |= WORLD_NO_KNOWLEDGE;
        for (;;) {
            check(&w, net);
            if (w.phase == PHASE_OVER)
                break;
            struct decisions legal;
            rules_legal(&w, &legal);
            rules_apply(&w, legal.list[random_below(&rng, legal.count)]);
        }
    }
}

static void assert_the_weights_chance(const struct world *w, const struct net_q *net)
{
    (void)net;
    const struct evaluation e = {&EVAL_DEFAULT, NULL, 0};
    for (int side = SIDE_YORK; side <= SIDE_LANCASTER; side++)
        assert_true(evaluate(w, side, &e) == eval_win_probability(w, side, &EVAL_DEFAULT));
}

/* Without a network and komi, a leaf is worth what the 17 weights say, to
 * the bit: the greedy player and the levels play as they were measured. */
static void by_the_weights_alone_it_is_their_chance(void **state)
{
    (void)state;
    over_random_games(assert_the_weights_chance, NULL);
}

static void assert_komi_taken_off(const struct world *w, const struct net_q *net)
{
    if (w->phase == PHASE_OVER)
        return;
    const struct evaluation plain = {&EVAL_DEFAULT, net, 0}, centred = {&EVAL_DEFAULT, net, 0.7};
    double logit = evaluate_york_logit(w, &plain);
    assert_true(evaluate_york_logit(w, &centred) == logit);
    assert_true(fabs(evaluate(w, SIDE_YORK, &plain) - 1 / (1 + exp(-logit))) < 1e-15);
    assert_true(fabs(evaluate(w, SIDE_YORK, &centred) - 1 / (1 + exp(0.7 - logit))) < 1e-15);
    assert_true(evaluate(w, SIDE_LANCASTER, &centred) == 1 - evaluate(w, SIDE_YORK, &centred));
}

/* The komi comes off York's logit, by the network or the weights, and the
 * two sides' chances add up to one. */
static void the_komi_comes_off_yorks_logit(void **state)
{
    (void)state;
    uint64_t id;
    over_random_games(assert_komi_taken_off, NULL);
    over_random_games(assert_komi_taken_off, value_net_built_in(&id));
}

/* A win stays a win: a finished game is its result, whatever reads it. */
static void a_finished_game_keeps_its_result(void **state)
{
    (void)state;
    uint64_t id;
    struct world w;
    scenario_setup(&w, SCENARIO_1483);
    w.phase = PHASE_OVER;
    const struct evaluation by_net = {&EVAL_DEFAULT, value_net_built_in(&id), -3};
    w.winner = SIDE_LANCASTER;
    assert_true(evaluate(&w, SIDE_LANCASTER, &by_net) == 1.0 && evaluate(&w, SIDE_YORK, &by_net) == 0.0);
    w.winner = SIDE_YORK;
    assert_true(evaluate(&w, SIDE_YORK, &by_net) == 1.0);
    w.winner = SIDE_NONE;
    assert_true(evaluate(&w, SIDE_YORK, &by_net) == 0.5 && evaluate(&w, SIDE_LANCASTER, &by_net) == 0.5);
}

/* The built-in network reads over the built-in weights it was trained on,
 * and a limited strength plays with the weights its Elo was measured with. */
static void the_built_in_network_only_over_the_built_in_weights_at_full_strength(void **state)
{
    (void)state;
    uint64_t built_in_id, id = 1;
    const struct net_q *built_in = value_net_built_in(&built_in_id);
    assert_ptr_equal(evaluate_built_in_network(true, false, &id), built_in);
    assert_true(id == built_in_id);
    assert_null(evaluate_built_in_network(false, false, &id));
    assert_true(id == 0);
    assert_null(evaluate_built_in_network(true, true, &id));
    assert_null(evaluate_built_in_network(false, true, &id));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_the_weights_alone_it_is_their_chance),
        cmocka_unit_test(the_komi_comes_off_yorks_logit),
        cmocka_unit_test(a_finished_game_keeps_its_result),
        cmocka_unit_test(the_built_in_network_only_over_the_built_in_weights_at_full_strength),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
