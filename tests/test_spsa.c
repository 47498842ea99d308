/*
 * test_spsa.c: the arithmetic of r3 tune spsa (tuning/spsa.c): the gains
 * reach c_end and r_end * c_end at the last iteration, as fishtest sets them,
 * and shrink on the way; a value for the engine is rounded and clamped; the
 * perturbation's signs are +-1, fixed by the seed and the iteration, and
 * differ between iterations. A parameter's numbers are refused unless the
 * gains stay finite at every iteration.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

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

static void assert_param_refused(const struct spsa_param *p, const char *why_part)
{
    char why[300];
    if (spsa_param_check(p, why, sizeof why))
        fail_msg("accepted, expected '%s'", why_part);
    if (!strstr(why, why_part))
        fail_msg("'%s' does not say '%s'", why, why_part);
}

static void a_param_is_refused_unless_finite_and_bounded(void **state)
{
    (void)state;
    char why[300];
    struct spsa_param p = OPTION;
    assert_true(spsa_param_check(&p, why, sizeof why));
    p.c_end = INFINITY, p.r_end = INFINITY;
    assert_param_refused(&p, "must be finite numbers");
    p = OPTION, p.start = NAN;
    assert_param_refused(&p, "must be finite numbers");
    p = OPTION, p.c_end = 1e308;
    assert_param_refused(&p, "C_END must be above 0 and at most MAX - MIN, 200");
    p = OPTION, p.r_end = 1e308;
    assert_param_refused(&p, "R_END must be above 0 and at most (MAX - MIN) / C_END, 50,");
    p = OPTION, p.min = -1e308;
    assert_param_refused(&p, "MIN and MAX must lie within -1e+15..1e+15");
    p = OPTION, p.max = 0;
    assert_param_refused(&p, "MIN must be below MAX");
    p = OPTION, p.start = 201;
    assert_param_refused(&p, "START is outside MIN..MAX, 0..200");
}

/* At the edges spsa_param_check allows, over as many iterations as the
 * command line allows, every perturbation and step is finite. */
static void at_the_bounds_allowed_the_gains_stay_finite(void **state)
{
    (void)state;
    const struct spsa_param edge[] = {
        {.name = "widest",
         .target = SPSA_EVAL,
         .start = 0,
         .min = -SPSA_MAX_MAGNITUDE,
         .max = SPSA_MAX_MAGNITUDE,
         .c_end = 2 * SPSA_MAX_MAGNITUDE,
         .r_end = 1},
        {.name = "tiny", .target = SPSA_EVAL, .start = 0.5, .min = 0, .max = 1, .c_end = 1e-300, .r_end = 1e299},
    };
    char why[300];
    for (int e = 0; e < 2; e++) {
        assert_true(spsa_param_check(&edge[e], why, sizeof why));
        for (long n = 1; n <= 1000000; n *= 10)
            for (long k = 1; k <= n; k = k < n / 2 ? k * 2 : k + 1 + (n - k) / 2) {
                double c = spsa_perturbation(&edge[e], n, k), theta = edge[e].start + spsa_step(&edge[e], n, k) * 2;
                assert_true(isfinite(c) && isfinite(edge[e].max + c) && isfinite(edge[e].min - c));
                assert_true(isfinite(theta) && isfinite(spsa_value(&edge[e], theta)));
            }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gains_end_at_c_end_and_r_end),
        cmocka_unit_test(a_value_is_rounded_for_an_option_and_clamped),
        cmocka_unit_test(the_signs_are_fixed_by_seed_and_iteration),
        cmocka_unit_test(a_param_is_refused_unless_finite_and_bounded),
        cmocka_unit_test(at_the_bounds_allowed_the_gains_stay_finite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
