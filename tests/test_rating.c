/*
 * test_rating.c: the Bradley-Terry fit of tuning/arena/rating.h on results
 * whose answer is known. Where every pair's score agrees with one set of
 * ratings (odds that multiply: 3 to 1, 3 to 1, then 9 to 1), the maximum
 * likelihood is exactly those ratings: 400 log10(3) = 190.85 Elo a step.
 * One pair's interval is the textbook one, 1.96 / sqrt(n p (1 - p)) in the
 * logistic's units (22.0 Elo for 1,000 games at 60%), and game pairs widen
 * or narrow it as their games go together. Engines with no finite rating are
 * refused by name: one alone, or a group that never lost to the rest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "tuning/arena/rating.h"

static struct rating_games games;
static uint64_t next_seed; /* every game of play() on a seed of its own: no two make a pair */

/* n games between a and b, a scoring 'share' of the points (in whole wins and losses). */
static void play(struct rating_games *g, int a, int b, int n, double share)
{
    int wins = (int)lround(share * n);
    for (int k = 0; k < n; k++)
        assert_true(rating_add(g, a, b, k < wins ? 1.0 : 0.0, ++next_seed));
}

static void forget_games(void)
{
    rating_free(&games);
    memset(&games, 0, sizeof games);
}

static int engine(const char *name)
{
    char why[200];
    int i = rating_engine(&games, name, why, sizeof why);
    assert_true(i >= 0);
    return i;
}

static void consistent_scores_give_their_own_ratings(void **state)
{
    (void)state;
    static struct rating_fit fit;
    char why[300];
    forget_games();
    int a = engine("a"), b = engine("b"), c = engine("c");
    assert_int_equal(engine("b"), b); /* one name, one engine */
    play(&games, a, b, 400, 0.75);
    play(&games, b, c, 400, 0.75);
    play(&games, a, c, 400, 0.9);
    assert_true(rating_fit(&games, c, 1000, &fit, why, sizeof why));
    double step = 400 * log10(3.0);
    assert_true(fabs(fit.elo[c] - 1000) < 1e-9 && fit.margin[c] == 0);
    assert_true(fabs(fit.elo[b] - (1000 + step)) < 1e-3);
    assert_true(fabs(fit.elo[a] - (1000 + 2 * step)) < 1e-3);
    assert_true(fit.games[a] == 800 && fit.points[a] == 300 + 360);
    /* Anchored elsewhere, the same differences. */
    assert_true(rating_fit(&games, a, 0, &fit, why, sizeof why));
    assert_true(fabs(fit.elo[c] + 2 * step) < 1e-3);
}

static void one_pair_has_the_textbook_interval(void **state)
{
    (void)state;
    static struct rating_fit fit;
    char why[300];
    forget_games();
    int a = engine("a"), b = engine("b");
    play(&games, a, b, 1000, 0.6);
    assert_true(rating_fit(&games, b, 0, &fit, why, sizeof why));
    assert_true(fabs(fit.elo[a] - 400 * log10(0.6 / 0.4)) < 1e-3);
    double standard_error = 1 / sqrt(1000 * 0.6 * 0.4) / (log(10.0) / 400);
    assert_true(fabs(fit.margin[a] - 1.959964 * standard_error) < 1e-3);
    assert_true(fabs(fit.margin[a] - 22.0) < 0.05);
}

static void engines_without_a_finite_rating_are_named(void **state)
{
    (void)state;
    static struct rating_fit fit;
    char why[300];
    forget_games();
    int a = engine("a"), b = engine("strong"), c = engine("c"), d = engine("island"), e = engine("other");
    play(&games, a, c, 10, 0.5);
    play(&games, b, a, 10, 1.0); /* won every game */
    assert_false(rating_fit(&games, a, 0, &fit, why, sizeof why));
    assert_non_null(strstr(why, "'strong' won every one of its 10 games"));
    rating_add(&games, a, b, 1.0, ++next_seed);
    play(&games, d, e, 10, 0.5); /* never met a, b or c */
    assert_false(rating_fit(&games, a, 0, &fit, why, sizeof why));
    assert_non_null(strstr(why, "'island' never met"));
    rating_add(&games, d, a, 0.5, ++next_seed);
    assert_true(rating_fit(&games, a, 0, &fit, why, sizeof why));
    assert_true(fit.elo[b] > 300 && fit.margin[d] > fit.margin[c]);
    /* Two that beat the other two every time, each pair splitting its own
     * games: none won or lost every game, yet a group did. */
    forget_games();
    a = engine("a"), b = engine("b"), c = engine("c"), d = engine("d");
    play(&games, a, b, 10, 0.5);
    play(&games, c, d, 10, 0.5);
    play(&games, a, c, 10, 1.0);
    play(&games, b, d, 10, 1.0);
    assert_false(rating_fit(&games, c, 0, &fit, why, sizeof why));
    assert_non_null(strstr(why, "'a' and the engines with it never lost a game to the engines of the anchor 'c'"));
}

/* The two games of a pair share their deal and dice. Pairs that each go one
 * way (2-0 or 0-2, half of them each) spread twice as much as 200 games
 * apart would: the interval is sqrt(2) wider than the textbook's, 1.96 x
 * 0.2 / (ln 10 / 400) = 68.1 Elo against 48.2. Pairs that each split 1-1
 * leave no doubt that the engines are equal: an interval of 0. */
static void the_interval_counts_game_pairs(void **state)
{
    (void)state;
    static struct rating_fit fit;
    char why[300];
    forget_games();
    int a = engine("a"), b = engine("b");
    for (uint64_t pair = 1; pair <= 100; pair++) {
        double points = pair % 2 ? 1.0 : 0.0; /* a wins both or loses both */
        assert_true(rating_add(&games, a, b, points, pair) && rating_add(&games, b, a, 1 - points, pair));
    }
    assert_true(rating_fit(&games, b, 0, &fit, why, sizeof why));
    assert_true(fabs(fit.elo[a]) < 1e-6);
    assert_true(fabs(fit.margin[a] - 1.959964 * 0.2 / (log(10.0) / 400)) < 1e-3);
    assert_true(fabs(fit.margin[a] - 68.1) < 0.05);
    forget_games();
    a = engine("a"), b = engine("b");
    for (uint64_t pair = 1; pair <= 100; pair++) /* York wins every game: each pair splits */
        assert_true(rating_add(&games, a, b, 1.0, pair) && rating_add(&games, b, a, 1.0, pair));
    assert_true(rating_fit(&games, b, 0, &fit, why, sizeof why));
    assert_true(fabs(fit.elo[a]) < 1e-6 && fit.margin[a] < 1e-6);
    forget_games();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(consistent_scores_give_their_own_ratings),
        cmocka_unit_test(one_pair_has_the_textbook_interval),
        cmocka_unit_test(engines_without_a_finite_rating_are_named),
        cmocka_unit_test(the_interval_counts_game_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
