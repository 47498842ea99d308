/*
 * test_cards.c: the card phases through the decision interface: the deal as
 * chance (1.0), the mulligan with the opponent's answer (5.1, RULINGS A.2),
 * and the card play with its tie rules (1.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/cards.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

static uint32_t card_bits(const int *cards, int n)
{
    uint32_t set = 0;
    for (int i = 0; i < n; i++)
        set |= (uint32_t)1 << cards[i];
    return set;
}

/* Deals the given hands through chance decisions: York's seven, then Lancaster's. */
static void deal(struct world *w, const int york[HAND_SIZE], const int lancaster[HAND_SIZE])
{
    for (int i = 0; i < 2 * HAND_SIZE; i++) {
        assert_int_equal(rules_actor(w), ACTOR_CHANCE);
        int card = i < HAND_SIZE ? york[i] : lancaster[i - HAND_SIZE];
        rules_apply(w, decision_make(DECIDE_DEAL, card));
    }
}

static const int STRONG_Y[HAND_SIZE] = {7, 8, 9, 13, 14, 20, 21};    /* 4+4+4+3+3+2+2 = 22 AP */
static const int STRONG_L[HAND_SIZE] = {10, 11, 12, 15, 16, 22, 23}; /* 22 AP */
static const int WEAK_Y[HAND_SIZE] = {1, 2, 3, 4, 5, 6, 24};         /* 1+0+2+0+1+1+2 = 7 AP */

/* 1.0: seven cards are dealt to each player, face-down; the rest are not used. */
static void rule_1_0_deal_fills_two_hands_of_seven(void **state)
{
    (void)state;
    struct world w;
    char why[200];
    scenario_setup(&w, SCENARIO_1460);
    struct decisions legal;
    rules_legal(&w, &legal);
    assert_int_equal(legal.count, CARD_COUNT); /* every card can come first, each equally likely */
    deal(&w, STRONG_Y, STRONG_L);
    assert_int_equal(w.hand[SIDE_YORK], card_bits(STRONG_Y, HAND_SIZE));
    assert_int_equal(w.hand[SIDE_LANCASTER], card_bits(STRONG_L, HAND_SIZE));
    assert_int_equal(__builtin_popcount(w.deck), CARD_COUNT - 2 * HAND_SIZE);
    assert_int_equal(w.phase, PHASE_CARDS); /* neither hand is a mulligan: straight to play */
    assert_true(world_check(&w, why, sizeof why));
}

/* 1.1: both play a card; the higher card is Player 1; on a tie the Pretender. */
static void rule_1_1_card_ties(void **state)
{
    (void)state;
    /* the sample game turn: York 3, Lancaster 3, York (the Pretender) is Player 1 */
    assert_int_equal(player1_for(13, 14, SIDE_YORK), SIDE_YORK);
    assert_int_equal(player1_for(13, 14, SIDE_LANCASTER), SIDE_LANCASTER);
    assert_int_equal(player1_for(7, 20, SIDE_LANCASTER), SIDE_YORK); /* 4 beats 2 */
    assert_int_equal(player1_for(20, 7, SIDE_YORK), SIDE_LANCASTER);
    /* the event card always wins: Muster (AP0) beats a 4 (5.1) */
    assert_int_equal(player1_for(2, 7, SIDE_LANCASTER), SIDE_YORK);
    assert_int_equal(player1_for(7, 4, SIDE_YORK), SIDE_LANCASTER);
    /* two events: the higher AP; Piracy (AP2) beats Surprise (AP1) */
    assert_int_equal(player1_for(5, 3, SIDE_YORK), SIDE_LANCASTER);
    /* two events of equal AP: the Pretender; Force March (1) and Treason (1) */
    assert_int_equal(player1_for(1, 6, SIDE_YORK), SIDE_YORK);
    assert_int_equal(player1_for(1, 6, SIDE_LANCASTER), SIDE_LANCASTER);
}

/* 1.1 through the decisions: York's card is down first and Lancaster chooses
 * from his own hand without it; the reveal sets Player 1 and his AP. */
static void rule_1_1_card_play_is_two_decisions(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    deal(&w, STRONG_Y, STRONG_L);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_false(legal_has(&w, decision_make(DECIDE_PLAY, 10))); /* not York's card */
    rules_apply(&w, decision_make(DECIDE_PLAY, 13));
    assert_int_equal(w.played[SIDE_YORK], 13);
    assert_int_equal(w.phase, PHASE_CARDS);
    assert_int_equal(w.player1, SIDE_NONE); /* nothing revealed yet */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    struct decisions legal;
    rules_legal(&w, &legal);
    assert_int_equal(legal.count, HAND_SIZE);
    rules_apply(&w, decision_make(DECIDE_PLAY, 15)); /* 3 against 3 */
    assert_int_equal(w.phase, PHASE_ACTION);
    assert_int_equal(w.player1, SIDE_YORK); /* York is the Pretender in 1460 */
    assert_int_equal(w.ap_left, 3);
    assert_int_equal(__builtin_popcount(w.hand[SIDE_YORK]), HAND_SIZE - 1);
}

/* 1.1 with RULINGS B.7: after Prince Edward and Exeter fall in 1470 with Henry VI
 * still a prisoner and Richmond a minor, no Lancaster heir holds the Pretender's place
 * until the next supply phase; a tie still goes to Lancaster, the Pretender's side. */
static void rule_1_1_tie_goes_to_the_pretenders_side_while_his_place_is_empty(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1470);
    world_set_steps(&w, BLOCK_L_PRINCE_EDWARD, 1);
    lose_step(&w, BLOCK_L_PRINCE_EDWARD);
    assert_int_equal(w.pretender, BLOCK_L_EXETER); /* the next heir in play takes the place */
    world_set_steps(&w, BLOCK_L_EXETER, 1);
    lose_step(&w, BLOCK_L_EXETER);
    assert_int_equal(w.pretender, BLOCK_NONE);
    assert_int_equal(world_pretender_side(&w), SIDE_LANCASTER);
    w.deck = 0;
    w.phase = PHASE_CARDS;
    w.hand[SIDE_YORK] = 1u << 13;
    w.hand[SIDE_LANCASTER] = 1u << 14;
    rules_apply(&w, decision_make(DECIDE_PLAY, 13));
    rules_apply(&w, decision_make(DECIDE_PLAY, 14));
    assert_int_equal(w.player1, SIDE_LANCASTER);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
}

/* 5.1, RULINGS A.2: a hand of AP13 or less may be shown for a redeal; the
 * opponent then keeps or redeals his own; every card not in a kept hand is
 * shuffled and dealt again; once per campaign. */
static void rule_5_1_mulligan_with_the_opponents_redeal(void **state)
{
    (void)state;
    struct world w;
    char why[200];
    scenario_setup(&w, SCENARIO_1460);
    deal(&w, WEAK_Y, STRONG_L);
    assert_int_equal(hand_ap(w.hand[SIDE_YORK]), 7);
    assert_int_equal(w.phase, PHASE_MULLIGAN);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_true(legal_has(&w, decision_make(DECIDE_MULLIGAN, 0)));
    rules_apply(&w, decision_make(DECIDE_MULLIGAN, 0));
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_true(legal_has(&w, decision_make(DECIDE_REDEAL, 0)));
    rules_apply(&w, decision_make(DECIDE_REDEAL, 0));
    assert_int_equal(w.phase, PHASE_DEAL);
    assert_int_equal(__builtin_popcount(w.deck), CARD_COUNT); /* both hands back in the deck */
    assert_true(w.flags & WORLD_MULLIGAN_USED_YORK);
    assert_false(w.flags & WORLD_MULLIGAN_USED_LANCASTER);
    assert_true(world_check(&w, why, sizeof why));
    deal(&w, WEAK_Y, STRONG_L);
    /* York has used his mulligan; Lancaster's 22 AP is no mulligan: play begins */
    assert_int_equal(w.phase, PHASE_CARDS);
}

static void rule_5_1_opponent_may_keep_his_hand(void **state)
{
    (void)state;
    struct world w;
    static const int NEXT_Y[HAND_SIZE] = {7, 8, 9, 13, 14, 17, 18};
    scenario_setup(&w, SCENARIO_1460);
    deal(&w, WEAK_Y, STRONG_L);
    rules_apply(&w, decision_make(DECIDE_MULLIGAN, 0));
    rules_apply(&w, decision_make(DECIDE_KEEP, 0));
    assert_int_equal(w.hand[SIDE_LANCASTER], card_bits(STRONG_L, HAND_SIZE)); /* kept */
    assert_int_equal(w.hand[SIDE_YORK], 0);
    assert_int_equal(__builtin_popcount(w.deck), CARD_COUNT - HAND_SIZE);
    for (int i = 0; i < HAND_SIZE; i++) /* only York's hand is dealt again */
        rules_apply(&w, decision_make(DECIDE_DEAL, NEXT_Y[i]));
    assert_int_equal(w.hand[SIDE_YORK], card_bits(NEXT_Y, HAND_SIZE));
    assert_int_equal(w.phase, PHASE_CARDS);
}

/* A hand over AP13 cannot be refused; a player may also keep a weak hand. */
static void rule_5_1_only_weak_hands_and_keeping_is_allowed(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    static const int WEAK_L[HAND_SIZE] = {1, 2, 3, 4, 5, 6, 24};
    deal(&w, STRONG_Y, WEAK_L);
    assert_int_equal(w.phase, PHASE_MULLIGAN);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER); /* York's 22 AP: he is not asked */
    rules_apply(&w, decision_make(DECIDE_KEEP, 0));
    assert_int_equal(w.phase, PHASE_CARDS);
    assert_int_equal(w.flags & (WORLD_MULLIGAN_USED_YORK | WORLD_MULLIGAN_USED_LANCASTER), 0);
}

static void decisions_have_stable_text(void **state)
{
    (void)state;
    struct world w;
    char text[64], error[128];
    decision d;
    decision_text(decision_make(DECIDE_PLAY, 14), text, sizeof text);
    assert_string_equal(text, "play 14");
    decision_text(decision_make(DECIDE_MULLIGAN, 0), text, sizeof text);
    assert_string_equal(text, "mulligan");
    scenario_setup(&w, SCENARIO_1460);
    assert_true(decision_parse(&w, "deal 25", &d, error, sizeof error));
    assert_int_equal(d, decision_make(DECIDE_DEAL, 25));
    assert_false(decision_parse(&w, "play 25", &d, error, sizeof error));
    assert_string_equal(error, "'play 25' is not legal here; r3 legal lists the 25 legal decisions");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_1_0_deal_fills_two_hands_of_seven),
        cmocka_unit_test(rule_1_1_card_ties),
        cmocka_unit_test(rule_1_1_card_play_is_two_decisions),
        cmocka_unit_test(rule_1_1_tie_goes_to_the_pretenders_side_while_his_place_is_empty),
        cmocka_unit_test(rule_5_1_mulligan_with_the_opponents_redeal),
        cmocka_unit_test(rule_5_1_opponent_may_keep_his_hand),
        cmocka_unit_test(rule_5_1_only_weak_hands_and_keeping_is_allowed),
        cmocka_unit_test(decisions_have_stable_text),
    };
    return cmocka_run_group_tests_name("cards", tests, NULL, NULL);
}
