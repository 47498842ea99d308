/*
 * test_card_root.c: a search whose root is the side's card play
 * (search/card_root.h). A peek puts the enemy's card where the worlds
 * drawn must carry it, and nowhere else moves a card; Lancaster's belief
 * after York's face-down play is the same whatever York played (what r3
 * quality-card's card decided ahead rests on); with MixedCard the
 * driver reports a strategy over the legal cards alone, summing to 1, and
 * draws its card from it: over many seeds the cards drawn match the
 * strategies reported within sampling error, where always taking the
 * likeliest card would not; the same seed draws the same card; with the
 * option off, no strategy, and the most visited card as before.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/observe.h"
#include "engine/rules/rules.h"
#include "search/card_root.h"
#include "search/driver.h"
#include "search/ismcts.h"

static struct world truth;
static struct belief belief[SIDE_COUNT];
static struct driver driver; /* its trees' table is too big for the stack */
static struct ismcts search;

/* Both beliefs take in what they saw of one transition, applied to truth. */
static void play(decision d)
{
    struct observations seen;
    struct world was = truth;
    rules_apply(&truth, d);
    for (int side = 0; side < SIDE_COUNT; side++) {
        observe(&was, d, &truth, side, &seen);
        assert_true(belief_observe(&belief[side], &seen, NULL, 0));
    }
}

/* The 1460 start dealt from 'seed', every hand kept: York is to play a card. */
static void deal(uint64_t seed)
{
    uint64_t rng = seed;
    scenario_setup(&truth, SCENARIO_1460);
    for (int side = 0; side < SIDE_COUNT; side++)
        belief_start(&belief[side], SCENARIO_1460, side, seed + (uint64_t)side);
    while (truth.phase != PHASE_CARDS)
        play(rules_actor(&truth) == ACTOR_CHANCE ? rules_chance(&truth, random_next(&rng))
                                                 : decision_make(DECIDE_KEEP, 0));
    assert_int_equal(rules_actor(&truth), SIDE_YORK);
}

static int lowest_card(uint32_t hand) { return __builtin_ctz(hand); }

static uint32_t bit(int card) { return (uint32_t)1 << card; }

static void peek_lancaster(void **state)
{
    (void)state;
    uint64_t rng = 3;
    struct card_peek peek = {0};
    struct ismcts_options o = ISMCTS_DEFAULT;
    struct world w;
    struct card_pick pick;
    deal(11);
    int york_card = lowest_card(truth.hand[SIDE_YORK]);
    play(decision_make(DECIDE_PLAY, york_card));
    peek.odds[york_card] = 1;
    o.peek = &peek;
    assert_true(ismcts_begin(&search, &belief[SIDE_LANCASTER].w, SIDE_LANCASTER, &o, 1 << 20, &rng));
    assert_true(search.card.on && search.card.enemy_down);
    int other = 0;
    for (int i = 0; i < 200; i++) {
        sampler_draw(&search.sampler, &rng, &w);
        other += w.played[SIDE_YORK] != york_card; /* without the peek, seldom the true card */
        uint32_t cards = w.hand[SIDE_YORK] | w.deck | bit(w.played[SIDE_YORK]), hand = w.hand[SIDE_YORK];
        card_root_deal(&search.card, &w, &pick, &rng);
        assert_int_equal(w.played[SIDE_YORK], york_card);
        assert_int_equal(w.hand[SIDE_YORK] | w.deck | bit(w.played[SIDE_YORK]), cards); /* a swap, nothing lost */
        assert_int_equal(__builtin_popcount(w.hand[SIDE_YORK]), __builtin_popcount(hand));
        assert_int_equal(w.hand[SIDE_YORK] & w.deck, 0);
        assert_int_equal(pick.enemy, 0); /* down already: nothing to force */
    }
    assert_true(other > 100);
    ismcts_end(&search);
}

static void peek_york(void **state)
{
    (void)state;
    uint64_t rng = 5;
    struct card_peek peek = {0};
    struct ismcts_options o = ISMCTS_DEFAULT;
    struct world w;
    struct card_pick pick;
    deal(12);
    int lancaster_card = lowest_card(truth.hand[SIDE_LANCASTER]);
    peek.odds[lancaster_card] = 1;
    o.peek = &peek;
    assert_true(ismcts_begin(&search, &belief[SIDE_YORK].w, SIDE_YORK, &o, 1 << 20, &rng));
    assert_true(search.card.on && !search.card.enemy_down);
    for (int i = 0; i < 200; i++) {
        sampler_draw(&search.sampler, &rng, &w);
        uint32_t cards = w.hand[SIDE_LANCASTER] | w.deck;
        card_root_deal(&search.card, &w, &pick, &rng);
        assert_true(w.hand[SIDE_LANCASTER] & bit(lancaster_card));
        assert_int_equal(w.hand[SIDE_LANCASTER] | w.deck, cards);
        assert_int_equal(__builtin_popcount(w.hand[SIDE_LANCASTER]), 7);
        assert_int_equal(pick.enemy, decision_make(DECIDE_PLAY, lancaster_card));
        /* York's card goes down; Lancaster then plays the card shown, once. */
        rules_apply(&w, decision_make(DECIDE_PLAY, lowest_card(w.hand[SIDE_YORK])));
        decision other = decision_make(DECIDE_PLAY, lowest_card(w.hand[SIDE_LANCASTER] & ~bit(lancaster_card)));
        assert_int_equal(card_root_enemy_play(&pick, &w, SIDE_YORK, other), decision_make(DECIDE_PLAY, lancaster_card));
        assert_int_equal(card_root_enemy_play(&pick, &w, SIDE_YORK, other), other);
    }
    ismcts_end(&search);
}

/* r3 quality-card decides Lancaster's card ahead, on a copy of its belief
 * told York's play as it will see it: that holds only if Lancaster's
 * belief after York's face-down play is the same whatever York played. */
static void lancaster_believes_the_same_whatever_york_played(void **state)
{
    (void)state;
    deal(13);
    struct world before = truth;
    struct belief after[2];
    for (int i = 0; i < 2; i++) {
        uint32_t hand = truth.hand[SIDE_YORK];
        int card = i ? 31 - __builtin_clz(hand) : lowest_card(hand); /* York's lowest card, then its highest */
        struct belief lancaster = belief[SIDE_LANCASTER];
        struct observations seen;
        struct world now = before;
        rules_apply(&now, decision_make(DECIDE_PLAY, card));
        observe(&before, decision_make(DECIDE_PLAY, card), &now, SIDE_LANCASTER, &seen);
        assert_true(belief_observe(&lancaster, &seen, NULL, 0));
        after[i] = lancaster;
    }
    assert_memory_equal(&after[0], &after[1], sizeof after[0]);
}

/* ---- the driver's mixed card ---- */

struct record {
    bool mixed;
    struct card_strategy strategy;
    decision best, most_visited;
};

static void on_progress(void *context, const struct driver_progress *p)
{
    struct record *r = context;
    r->mixed = p->mixed;
    r->strategy = p->strategy;
    int most = 0; /* the lines are every root decision, the choice first */
    for (int i = 1; i < p->lines; i++)
        if (p->line[i].visits > p->line[most].visits)
            most = i;
    r->most_visited = p->line[most].key;
}

static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }

static void on_bestmove(void *context, decision best) { ((struct record *)context)->best = best; }

/* One search of side's belief at 'iterations' on one thread, the driver's
 * stream at 'seed'. */
static struct record card_search(int side, bool mixed, long iterations, uint64_t seed)
{
    struct record r = {0};
    struct player p = {.kind = PLAYER_ISMCTS,
                       .iterations = iterations,
                       .memory_mb = 8,
                       .threads = 1,
                       .multipv = DRIVER_MAX_MULTIPV,
                       .ismcts = ISMCTS_DEFAULT};
    p.ismcts.mixed_card = mixed;
    const struct limits limits = {.clock = {-1, -1}};
    const struct driver_callbacks report = {on_progress, on_note, on_bestmove, &r, NULL};
    driver.rng = seed;
    driver_start(&driver, &belief[side], NULL, &p, &limits, &report);
    assert_false(driver_settle(&driver));
    driver_finish(&driver);
    return r;
}

static bool listed(const struct decisions *legal, decision d)
{
    for (int i = 0; i < legal->count; i++)
        if (legal->list[i] == d)
            return true;
    return false;
}

/* The strategy is over the legal cards only, each once, summing to 1, and
 * the card played is one of them. */
static void assert_a_strategy_of(const struct record *r, const struct world *w)
{
    struct decisions legal;
    double sum = 0;
    rules_legal(w, &legal);
    assert_true(r->mixed);
    assert_int_equal(r->strategy.count, legal.count);
    for (int i = 0; i < r->strategy.count; i++) {
        assert_true(listed(&legal, r->strategy.card[i]));
        for (int j = 0; j < i; j++)
            assert_int_not_equal(r->strategy.card[i], r->strategy.card[j]);
        assert_true(r->strategy.share[i] >= 0);
        sum += r->strategy.share[i];
    }
    assert_true(fabs(sum - 1) < 1e-9);
    assert_true(listed(&legal, r->best));
}

static void the_strategy_sums_to_one_over_the_legal_cards(void **state)
{
    (void)state;
    deal(21);
    struct record york = card_search(SIDE_YORK, true, 500, 1);
    assert_a_strategy_of(&york, &belief[SIDE_YORK].w);
    play(decision_make(DECIDE_PLAY, lowest_card(truth.hand[SIDE_YORK])));
    struct record lancaster = card_search(SIDE_LANCASTER, true, 500, 1);
    assert_a_strategy_of(&lancaster, &belief[SIDE_LANCASTER].w);
}

/* Over many seeds, each card is drawn as often as the strategies reported
 * say, within 4.5 standard errors (a Poisson-binomial count); and the chance
 * each strategy gave the card drawn, summed, is as large as draws from
 * them would make it, within 4.5 standard errors, where always taking each
 * strategy's likeliest card would be far above. */
static void the_card_is_drawn_from_the_strategy_reported(void **state)
{
    (void)state;
    enum { SEEDS = 300 };
    double expected[CARD_COUNT + 1] = {0}, variance[CARD_COUNT + 1] = {0};
    double chance = 0, chance_mean = 0, chance_variance = 0, pure = 0;
    int drawn[CARD_COUNT + 1] = {0};
    for (int side = 0; side < SIDE_COUNT; side++) {
        deal(31);
        if (side == SIDE_LANCASTER)
            play(decision_make(DECIDE_PLAY, lowest_card(truth.hand[SIDE_YORK])));
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            struct record r = card_search(side, true, 200, seed);
            assert_a_strategy_of(&r, &belief[side].w);
            double squares = 0, cubes = 0, most = 0;
            for (int i = 0; i < r.strategy.count; i++) {
                double p = r.strategy.share[i];
                int card = decision_arg(r.strategy.card[i]);
                expected[card] += p, variance[card] += p * (1 - p);
                squares += p * p, cubes += p * p * p, most = fmax(most, p);
                if (r.strategy.card[i] == r.best)
                    chance += p;
            }
            chance_mean += squares, chance_variance += cubes - squares * squares, pure += most;
            drawn[decision_arg(r.best)]++;
        }
    }
    for (int card = 1; card <= CARD_COUNT; card++) {
        double se = sqrt(variance[card]);
        if (fabs(drawn[card] - expected[card]) > 4.5 * se + 1)
            fail_msg("card %d drawn %d times, the strategies say %.1f ± %.1f", card, drawn[card], expected[card], se);
    }
    double se = sqrt(chance_variance);
    if (fabs(chance - chance_mean) > 4.5 * se)
        fail_msg("the cards drawn had %.1f of chance in all, draws would have %.1f ± %.1f", chance, chance_mean, se);
    if (pure - chance_mean <= 4.5 * se)
        fail_msg("the strategies are too close to pure for the test to see a pure choice: %.1f against %.1f ± %.1f",
                 pure, chance_mean, se);
}

static void the_same_seed_draws_the_same_card(void **state)
{
    (void)state;
    deal(41);
    struct record a = card_search(SIDE_YORK, true, 300, 9), b = card_search(SIDE_YORK, true, 300, 9);
    assert_int_equal(a.best, b.best);
    assert_memory_equal(a.strategy.share, b.strategy.share, sizeof a.strategy.share);
}

static void with_the_option_off_the_most_visited_card_and_no_strategy(void **state)
{
    (void)state;
    deal(51);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        struct record r = card_search(SIDE_YORK, false, 300, seed);
        assert_false(r.mixed);
        assert_int_equal(r.best, r.most_visited);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(peek_lancaster),
        cmocka_unit_test(peek_york),
        cmocka_unit_test(lancaster_believes_the_same_whatever_york_played),
        cmocka_unit_test(the_strategy_sums_to_one_over_the_legal_cards),
        cmocka_unit_test(the_card_is_drawn_from_the_strategy_reported),
        cmocka_unit_test(the_same_seed_draws_the_same_card),
        cmocka_unit_test(with_the_option_off_the_most_visited_card_and_no_strategy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
