/*
 * test_stats.c: the match statistics (tuning/arena/stats.h): Elo of a score, its
 * interval, the LOS, and the SPRT's log-likelihood ratio on game pairs,
 * against values worked out by hand from the formulas.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "tuning/arena/stats.h"

static const struct sprt ZERO_TEN = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
static const struct sprt ZERO_FIFTY = {.elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05};

static void elo_of_a_score(void **state)
{
    (void)state;
    assert_true(stats_elo(0.5) == 0.0 && !signbit(stats_elo(0.5)));
    assert_true(fabs(stats_elo(0.75) - 400 * log10(3)) < 1e-9); /* 3 points won for each lost */
    assert_true(fabs(stats_elo(0.25) + stats_elo(0.75)) < 1e-9);
}

static void elo_estimate_and_its_interval(void **state)
{
    (void)state;
    struct elo_estimate e = stats_elo_estimate(6, 2, 2); /* score 0.7 */
    assert_true(fabs(e.elo - 147.1907) < 1e-3);
    assert_int_equal(e.infinite, 0);
    assert_true(e.margin > 100 && e.margin < 400); /* ten games say little */
    assert_true(stats_elo_estimate(600, 200, 200).margin < e.margin / 9);
    assert_int_equal(stats_elo_estimate(5, 0, 0).infinite, 1);
    assert_int_equal(stats_elo_estimate(0, 3, 0).infinite, -1);
}

/* Pairs, as fastchess counts them: ten pairs scoring 0, 1/4, 1/2, 3/4 and 1
 * in 1:2:4:2:1 have a mean of 1/2 and a variance of 0.075, so the 95%
 * interval of the mean is 1/2 +- 1.959964 sqrt(0.0075) and its Elo
 * half-width 400 log10(0.66974 / 0.33026) = 122.8; a lone pair has no
 * interval, and pairs all of one score none either. */
static void elo_from_game_pairs(void **state)
{
    (void)state;
    struct elo_estimate e = stats_elo_pairs((const long[PAIR_SCORES]){1, 2, 4, 2, 1});
    assert_true(fabs(e.elo) < 1e-9 && !e.infinite);
    double half = 1.959964 * sqrt(0.075 / 10);
    assert_true(fabs(e.margin - 400 * log10((0.5 + half) / (0.5 - half))) < 1e-6);
    assert_true(fabs(e.margin - 122.8) < 0.05);
    e = stats_elo_pairs((const long[PAIR_SCORES]){0, 0, 0, 3, 1}); /* 13/16 */
    assert_true(fabs(e.elo - stats_elo(13.0 / 16)) < 1e-9 && e.margin > 0);
    assert_true(stats_elo_pairs((const long[PAIR_SCORES]){0, 0, 7, 0, 0}).margin == 0);
    assert_true(stats_elo_pairs((const long[PAIR_SCORES]){0, 0, 0, 0, 1}).infinite == 1);
    assert_true(stats_elo_pairs((const long[PAIR_SCORES]){0, 1, 0, 0, 0}).margin == 0); /* one pair */
    /* Ten pairs each won once by each side: counted singly, 10-10 looks uncertain;
     * as pairs, every seed was an even game, and the interval is nil. */
    assert_true(stats_elo_estimate(10, 10, 0).margin > 100);
    assert_true(stats_elo_pairs((const long[PAIR_SCORES]){0, 0, 10, 0, 0}).margin == 0);
}

static void likelihood_of_superiority(void **state)
{
    (void)state;
    assert_true(stats_los(0, 0) == 0.5);
    assert_true(stats_los(7, 7) == 0.5);
    assert_true(fabs(stats_los(10, 0) - 0.5 * (1 + erf(10 / sqrt(20)))) < 1e-12); /* 0.99922 */
    assert_true(fabs(stats_los(3, 9) + stats_los(9, 3) - 1) < 1e-12);
}

/* ln(beta / (1 - alpha)) and ln((1 - beta) / alpha): +-2.944 at 5% each. */
static void sprt_bounds(void **state)
{
    (void)state;
    assert_true(fabs(sprt_lower_bound(&ZERO_TEN) + log(19)) < 1e-12);
    assert_true(fabs(sprt_upper_bound(&ZERO_TEN) - log(19)) < 1e-12);
    struct sprt lopsided = {.elo0 = 0, .elo1 = 5, .alpha = 0.01, .beta = 0.1};
    assert_true(fabs(sprt_lower_bound(&lopsided) - log(0.1 / 0.99)) < 1e-12);
    assert_true(fabs(sprt_upper_bound(&lopsided) - log(0.9 / 0.01)) < 1e-12);
    assert_int_equal(sprt_verdict(&ZERO_TEN, 2.95), SPRT_H1);
    assert_int_equal(sprt_verdict(&ZERO_TEN, -2.95), SPRT_H0);
    assert_int_equal(sprt_verdict(&ZERO_TEN, 2.9), SPRT_CONTINUE);
}

/* 170 pairs scoring 0..4 half points 10, 30, 50, 60, 20 times: mean 0.57353,
 * variance 0.07180 (0.07211 with the one virtual pair), s0 0.5, s1 0.51439. */
static void llr_by_the_formula(void **state)
{
    (void)state;
    const long pairs[PAIR_SCORES] = {10, 30, 50, 60, 20};
    assert_true(fabs(sprt_llr(&ZERO_TEN, pairs) - 2.249965) < 1e-5);
    const long few[PAIR_SCORES] = {1, 2, 4, 2, 1}; /* mean 0.5: a hair below the midpoint */
    assert_true(fabs(sprt_llr(&ZERO_TEN, few) + 0.0130113) < 1e-6);
}

/* With many pairs the virtual pair no longer counts: the plain GSPRT formula. */
static void llr_of_many_pairs_is_the_plain_formula(void **state)
{
    (void)state;
    const long pairs[PAIR_SCORES] = {1000, 3000, 5000, 6000, 2000};
    double n = 17000, mean = (3000 * 0.25 + 5000 * 0.5 + 6000 * 0.75 + 2000) / n;
    double variance = (1000 * pow(mean, 2) + 3000 * pow(0.25 - mean, 2) + 5000 * pow(0.5 - mean, 2) +
                       6000 * pow(0.75 - mean, 2) + 2000 * pow(1 - mean, 2)) /
                      n;
    double s0 = 0.5, s1 = 1 / (1 + pow(10, -10.0 / 400));
    double plain = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
    assert_true(fabs(sprt_llr(&ZERO_TEN, pairs) - plain) < 1e-4 * plain);
}

/* Every pair won 2-0 has no variance: the LLR stays finite and grows with
 * each pair, and H1 of +50 Elo is taken after three pairs, not one. */
static void llr_when_every_pair_is_the_same(void **state)
{
    (void)state;
    long pairs[PAIR_SCORES] = {0};
    double last = 0;
    for (int n = 1; n <= 3; n++) {
        pairs[4] = n;
        double llr = sprt_llr(&ZERO_FIFTY, pairs);
        assert_true(isfinite(llr) && llr > last);
        assert_int_equal(sprt_verdict(&ZERO_FIFTY, llr), n < 3 ? SPRT_CONTINUE : SPRT_H1);
        last = llr;
    }
    long lost[PAIR_SCORES] = {3, 0, 0, 0, 0};
    assert_int_equal(sprt_verdict(&ZERO_FIFTY, sprt_llr(&ZERO_FIFTY, lost)), SPRT_H0);
    long drawn[PAIR_SCORES] = {0, 0, 40, 0, 0}; /* even score: below the midpoint, towards H0 */
    assert_true(sprt_llr(&ZERO_FIFTY, drawn) < 0);
}

static void llr_without_pairs_is_zero(void **state)
{
    (void)state;
    const long none[PAIR_SCORES] = {0};
    assert_true(sprt_llr(&ZERO_TEN, none) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(elo_of_a_score),
        cmocka_unit_test(elo_estimate_and_its_interval),
        cmocka_unit_test(elo_from_game_pairs),
        cmocka_unit_test(likelihood_of_superiority),
        cmocka_unit_test(sprt_bounds),
        cmocka_unit_test(llr_by_the_formula),
        cmocka_unit_test(llr_of_many_pairs_is_the_plain_formula),
        cmocka_unit_test(llr_when_every_pair_is_the_same),
        cmocka_unit_test(llr_without_pairs_is_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
