/*
 * test_level.c: the levels a person chooses (search/level.h). Drawn from
 * constructed root values: a weak level picks among the decent decisions,
 * sometimes not the best, and never one worse than the best by more than its
 * floor or one the search hardly looked at; level 10 always picks the most
 * visited. The tree levels' budgets rise and their temperatures fall; their
 * measured Elo rises, and UCI_Elo picks the level nearest the Elo wanted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>

#include "search/level.h"

/* A root: the best (0.60), a decent second (0.56), a clear blunder 0.15 below
 * the best, and a decision that looks best but was hardly looked at. */
static const double VALUE[] = {0.60, 0.56, 0.45, 0.70};
static const long VISITS[] = {1000, 800, 900, 10};

static void a_level_draws_only_decent_decisions(void **state)
{
    (void)state;
    for (int level = 1; level <= LEVEL_MOST; level++) {
        uint64_t rng = (uint64_t)level;
        int drawn[4] = {0};
        for (int i = 0; i < 100000; i++)
            drawn[level_draw(VALUE, VISITS, 4, level_of(level).temperature, level_of(level).floor, &rng)]++;
        printf("level %2d: best %6d, second %6d, blunder %d, hardly looked at %d\n", level, drawn[0], drawn[1],
               drawn[2], drawn[3]);
        assert_int_equal(drawn[2], 0);
        assert_int_equal(drawn[3], 0);
        if (level == LEVEL_MOST)
            assert_int_equal(drawn[0], 100000);
        if (level == 1) /* weak: the second is drawn often, the best still most */
            assert_true(drawn[1] > 20000 && drawn[0] > drawn[1]);
    }
}

/* Level 1 cannot tell near decisions apart but sees a clear loss: what is
 * more than its floor below the best is never drawn, however its
 * temperature weighs the rest. */
static void the_flat_level_draws_nothing_below_its_floor(void **state)
{
    (void)state;
    const struct level l = level_of(1);
    assert_true(l.flat && l.floor > 0 && l.floor <= LEVEL_FLOOR);
    const double value[] = {0.60, 0.60 - l.floor / 2, 0.60 - l.floor * 1.5};
    const long visits[] = {100, 100, 100}; /* flat: every decision looked at equally */
    uint64_t rng = 7;
    int drawn[3] = {0};
    for (int i = 0; i < 100000; i++)
        drawn[level_draw(value, visits, 3, l.temperature, l.floor, &rng)]++;
    assert_int_equal(drawn[2], 0);
    assert_true(drawn[1] > 40000 && drawn[0] > 40000);
    for (int level = 2; level <= LEVEL_MOST; level++)
        assert_true(!level_of(level).flat && level_of(level).floor == LEVEL_FLOOR);
}

static void levels_think_more_and_choose_more_carefully_as_they_rise(void **state)
{
    (void)state;
    for (int level = 2; level < LEVEL_MOST; level++) {
        if (!level_of(level - 1).flat) /* a flat level's playouts are spread over every decision */
            assert_true(level_of(level).iterations > level_of(level - 1).iterations);
        assert_true(level_of(level).temperature < level_of(level - 1).temperature);
    }
    assert_true(level_of(LEVEL_MOST).iterations == 0 && level_of(LEVEL_MOST).temperature == 0);
}

static void an_elo_picks_the_level_measured_nearest_it(void **state)
{
    (void)state;
    for (int level = 1; level <= LEVEL_MOST; level++) {
        assert_int_equal(level_for_elo(LEVEL_ELO[level]), level);
        if (level > 1) {
            assert_true(LEVEL_ELO[level] > LEVEL_ELO[level - 1]);
            int between = (LEVEL_ELO[level] + LEVEL_ELO[level - 1]) / 2;
            assert_true(level_for_elo(between - 1) == level - 1 || level_for_elo(between + 1) == level);
        }
    }
    assert_int_equal(level_for_elo(LEVEL_ELO_LEAST - 1000), 1);
    assert_int_equal(level_for_elo(LEVEL_ELO_MOST + 1000), LEVEL_MOST);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_level_draws_only_decent_decisions),
        cmocka_unit_test(the_flat_level_draws_nothing_below_its_floor),
        cmocka_unit_test(levels_think_more_and_choose_more_carefully_as_they_rise),
        cmocka_unit_test(an_elo_picks_the_level_measured_nearest_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
