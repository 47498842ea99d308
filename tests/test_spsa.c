/*
 * test_spsa.c: the arithmetic of r3 tune spsa (tuning/spsa/spsa.c): the gains
 * reach c_end and r_end * c_end at the last iteration, as fishtest sets them,
 * and shrink on the way; a value for the engine is rounded and clamped; the
 * perturbation's signs are +-1, fixed by the seed and the iteration, and
 * differ between iterations. A parameter's numbers are refused unless the
 * gains stay finite at every iteration; params.tsv is read back exactly,
 * and a row that a run would not write is refused by line
 * (tuning/spsa/spsa_files.c).
 */
/* gnulib's unistd.h, first on the include path, needs its config.h first. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support.h"
#include "tuning/spsa/spsa.h"
#include "tuning/spsa/spsa_files.h"

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

/* A run of one parameter in a scratch directory, its params.tsv written as a run writes it. */
struct scratch_run {
    char dir[64];
    struct spsa_options o;
    FILE *params;
};

static void start_scratch_run(struct scratch_run *run, const double *theta_after_1)
{
    char why[300];
    snprintf(run->dir, sizeof run->dir, "/tmp/r3-test-spsa-XXXXXX");
    assert_non_null(mkdtemp(run->dir));
    run->o = (struct spsa_options){.params = 1, .iterations = 3, .pairs = 2, .out_dir = run->dir, .resume = true};
    run->o.param[0] = OPTION;
    run->o.match.seed = 5;
    run->params = spsa_params_start(&run->o, &OPTION.start, why, sizeof why);
    assert_non_null(run->params);
    spsa_params_row(run->params, 1, (const long[]){3, 1, 0}, 1, theta_after_1);
    fflush(run->params);
}

static void remove_scratch_run(struct scratch_run *run)
{
    char path[SPSA_PATH_MAX];
    fclose(run->params);
    spsa_file_path(&run->o, SPSA_PARAMS_FILE, path, sizeof path);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(rmdir(run->dir), 0);
}

static void params_are_read_back_exactly(void **state)
{
    (void)state;
    static double path[4][SPSA_MAX_PARAMS];
    struct scratch_run run;
    char why[600];
    double third = 100.0 / 3;
    start_scratch_run(&run, &third);
    assert_int_equal(spsa_params_read(&run.o, path, why, sizeof why), 1);
    assert_true(path[0][0] == OPTION.start);
    assert_true(path[1][0] == third); /* all of its digits: a resumed run goes on from theta itself */
    remove_scratch_run(&run);
}

/* Row 2 given as 'row' is refused, naming line 5 of params.tsv and why. */
static void assert_row_refused(const char *row, size_t length, const char *why_part)
{
    static double path[4][SPSA_MAX_PARAMS];
    struct scratch_run run;
    char why[600], where[128];
    start_scratch_run(&run, &OPTION.start);
    fwrite(row, 1, length, run.params);
    fflush(run.params);
    snprintf(where, sizeof where, "--resume: %s/params.tsv:5: ", run.dir);
    assert_refused_by_line(spsa_params_read(&run.o, path, why, sizeof why) >= 0, why, where, why_part);
    remove_scratch_run(&run);
}

#define ROW(text) text, sizeof text - 1

static void a_row_a_run_would_not_write_is_refused(void **state)
{
    (void)state;
    assert_row_refused(ROW("2\t2\t2\t0\tabc\n"), "Exploration is 'abc', not a number");
    assert_row_refused(ROW("2\t2\t2\t0\t20x\n"), "Exploration is '20x', not a number");
    assert_row_refused(ROW("2\t2\t2\t0\tnan\n"), "Exploration is 'nan', not a finite number");
    assert_row_refused(ROW("2\t2\t2\t0\t-inf\n"), "Exploration is '-inf', not a finite number");
    assert_row_refused(ROW("2\t2\t2\t0\t1e999\n"), "Exploration is '1e999', not a finite number");
    assert_row_refused(ROW("2\t2\t2\t0\t200.5\n"), "Exploration is 200.5, outside its MIN..MAX 0..200");
    assert_row_refused(ROW("2\t2\t2\t0\t20"), "no newline at its end");
    assert_row_refused(ROW("2\t2\t2\t0\t2\0000\n"), "a NUL byte at character 10");
    assert_row_refused(ROW("2\t2\t2\t0\t20\t30\n"), "6 tab-separated fields where 5 are due");
    assert_row_refused(ROW("3\t2\t2\t0\t20\n"), "iteration '3' where 2 is due");
    assert_row_refused(ROW("2\t2\t2\t1\t20\n"), "5 games where an iteration plays 4");
    assert_row_refused(ROW("2\t-1\t5\t0\t20\n"), "'-1' is not a count of games from 0 to 4");
    assert_row_refused(ROW("\n"), "1 tab-separated fields where 5 are due");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gains_end_at_c_end_and_r_end),
        cmocka_unit_test(a_value_is_rounded_for_an_option_and_clamped),
        cmocka_unit_test(the_signs_are_fixed_by_seed_and_iteration),
        cmocka_unit_test(a_param_is_refused_unless_finite_and_bounded),
        cmocka_unit_test(at_the_bounds_allowed_the_gains_stay_finite),
        cmocka_unit_test(params_are_read_back_exactly),
        cmocka_unit_test(a_row_a_run_would_not_write_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
