/*
 * test_number.c: the words engine/io/number.h reads as numbers, and the ones
 * it turns away: a word that is the number and nothing else, within bounds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/io/number.h"

static void whole_numbers_within_bounds(void **state)
{
    (void)state;
    long long n = -1;
    assert_true(number_whole("0", 0, 10, &n));
    assert_int_equal(n, 0);
    assert_true(number_whole("10", 0, 10, &n));
    assert_int_equal(n, 10);
    assert_true(number_whole("-7", -10, 10, &n));
    assert_int_equal(n, -7);
    assert_true(number_whole("9223372036854775807", 0, INT64_MAX, &n));
    assert_int_equal(n, INT64_MAX);
    n = 5;
    assert_false(number_whole("11", 0, 10, &n));
    assert_false(number_whole("-1", 0, 10, &n));
    assert_int_equal(n, 5); /* untouched by a refusal */
}

static void whole_numbers_are_the_whole_word(void **state)
{
    (void)state;
    long long n;
    const char *refused[] = {"", "-", "+1", " 1", "1 ", "1x", "0x10", "1.0", "--1", "9223372036854775808"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        assert_false(number_whole(refused[i], -100, INT64_MAX, &n));
}

static void unsigned_64_bits(void **state)
{
    (void)state;
    uint64_t n;
    assert_true(number_whole_u64("18446744073709551615", &n));
    assert_true(n == UINT64_MAX);
    assert_false(number_whole_u64("18446744073709551616", &n));
    assert_false(number_whole_u64("-1", &n));
    assert_false(number_whole_u64("", &n));
}

static void decimals_finite_within_bounds(void **state)
{
    (void)state;
    double x = -1;
    assert_true(number_decimal("0.5", 0, 1, &x));
    assert_true(x == 0.5);
    assert_true(number_decimal("-2e3", -DBL_MAX, DBL_MAX, &x));
    assert_true(x == -2000);
    const char *refused[] = {"", " 1", "1 ", "1,5", "nan", "inf", "-inf", "1e999", "2", "-0.1", "x"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        assert_false(number_decimal(refused[i], 0, 1, &x));
}

static void any_decimal_reads_infinities(void **state)
{
    (void)state;
    double x;
    assert_true(number_any_decimal("1e999", &x));
    assert_true(isinf(x));
    assert_true(number_any_decimal("nan", &x));
    assert_false(number_any_decimal("1e9x", &x));
    assert_false(number_any_decimal("", &x));
}

/* What number_write_exact wrote, read back from a memory stream. */
static const char *written(double x, char *text, size_t size)
{
    FILE *f = fmemopen(text, size, "w");
    assert_non_null(f);
    number_write_exact(f, x);
    fclose(f);
    return text;
}

static void exact_writing_is_shortest_and_reads_back(void **state)
{
    (void)state;
    char text[64];
    assert_string_equal(written(20, text, sizeof text), "20");
    assert_string_equal(written(0.1, text, sizeof text), "0.1");
    assert_string_equal(written(-1.5e-7, text, sizeof text), "-1.5e-07");
    const double hard[] = {1.0 / 3, 0.1 + 0.2, 2.0 / 7 * 1e12, -4.9406564584124654e-324};
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++)
        assert_true(strtod(written(hard[i], text, sizeof text), NULL) == hard[i]);
    assert_string_equal(written(0.1 + 0.2, text, sizeof text), "0.30000000000000004");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_numbers_within_bounds),
        cmocka_unit_test(whole_numbers_are_the_whole_word),
        cmocka_unit_test(unsigned_64_bits),
        cmocka_unit_test(decimals_finite_within_bounds),
        cmocka_unit_test(any_decimal_reads_infinities),
        cmocka_unit_test(exact_writing_is_shortest_and_reads_back),
    };
    return cmocka_run_group_tests_name("number", tests, NULL, NULL);
}
