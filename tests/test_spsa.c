/*
 * test_spsa.c: the arithmetic of r3 tune spsa (tuning/spsa.c): the gains
 * reach c_end and r_end * c_end at the last iteration, as fishtest sets them,
 * and shrink on the way; a value for the engine is rounded and clamped; the
 * perturbation's signs are +-1, fixed by the seed and the iteration, and
 * differ between iterations.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "tuning/spsa.h"

static const struct spsa_param OPTION = {
    .name = "Exploration", .target = SPSA_OPTION, .start = 20, .min = 0, .max = 200, .c_end = 4, .r_end = 0.002};

static void the_gains_end_at_c_end_and_r_end(void **state)
{
    (void)state;
    assert_true(fabs(spsa_perturbation(&OPTION, 1000, 1000) - 4) < 1e-12);
    assert_true(fabs(spsa_step(&OPTION, 1000, 1000) - 0.002 * 4) < 1e-12);
    /* larger at the start: c_1 = c_end * N^0.101, a_1 / c_1 by ((A + N) / (A + 1))^0.602 / N^0.101 */
    assert_true(fabs(spsa_perturbation(&OPTION, 1000, 1) - 4 * pow(1000, 0.101)) < 1e-9);
    assert_true(fabs(spsa_step(&OPTION, 1000, 1) - 0.008 * pow(1100.0 / 101.0, 0.602) / pow(1000, 0.101)) < 1e-12);
    for (long k = 1; k < 1000; k++)
        assert_true(spsa_perturbation(&OPTION, 1000, k + 1) < spsa_perturbation(&OPTION, 1000, k));
}

static void a_value_is_rounded_for_an_option_and_clamped(void **state)
{
    (void)state;
    struct spsa_param weight = OPTION;
    weight.target = SPSA_EVAL;
    assert_true(spsa_value(&OPTION, 20.5) == 21);
    assert_true(spsa_value(&OPTION, 20.49) == 20);
    assert_true(spsa_value(&OPTION, -3.2) == 0);
    assert_true(spsa_value(&OPTION, 200.4) == 200);
    assert_true(spsa_value(&OPTION, 250) == 200);
    assert_true(spsa_value(&weight, 20.49) == 20.49);
    assert_true(spsa_value(&weight, -0.1) == 0);
}

static void the_signs_are_fixed_by_seed_and_iteration(void **state)
{
    (void)state;
    int a[SPSA_MAX_PARAMS], b[SPSA_MAX_PARAMS], plus = 0, same = 0;
    for (long k = 1; k <= 200; k++) {
        spsa_signs(7, k, SPSA_MAX_PARAMS, a);
        spsa_signs(7, k, SPSA_MAX_PARAMS, b);
        for (int i = 0; i < SPSA_MAX_PARAMS; i++) {
            assert_true(a[i] == 1 || a[i] == -1);
            assert_int_equal(a[i], b[i]);
            plus += a[i] == 1;
        }
        spsa_signs(7, k + 1, SPSA_MAX_PARAMS, b);
        same += a[0] == b[0];
    }
    /* 3,200 fair draws: +1 about half the time, and the next iteration's first sign no copy of this one's */
    assert_in_range(plus, 1450, 1750);
    assert_in_range(same, 70, 130);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gains_end_at_c_end_and_r_end),
        cmocka_unit_test(a_value_is_rounded_for_an_option_and_clamped),
        cmocka_unit_test(the_signs_are_fixed_by_seed_and_iteration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
