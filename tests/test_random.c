/*
 * test_random.c: the generator's remainder by multiplication must be the
 * remainder, for every divisor it serves and numerators from all over the
 * 64-bit range, since every seeded game and search depends on its draws.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/core/random.h"

static void check_all_divisors(uint64_t x)
{
    for (uint64_t n = 1; n < RANDOM_FAST_MOD + 8; n++)
        if (random_mod(x, n) != x % n)
            fail_msg("random_mod(%llu, %llu) = %llu, not %llu", (unsigned long long)x, (unsigned long long)n,
                     (unsigned long long)random_mod(x, n), (unsigned long long)(x % n));
}

static void remainders_at_the_edges(void **state)
{
    (void)state;
    static const uint64_t EDGE[] = {0,
                                    1,
                                    2,
                                    255,
                                    256,
                                    UINT32_MAX,
                                    (uint64_t)UINT32_MAX + 1,
                                    UINT64_MAX - 1,
                                    UINT64_MAX,
                                    UINT64_MAX / 3,
                                    UINT64_MAX / 255 * 255,
                                    0x8000000000000000ull};
    for (size_t i = 0; i < sizeof EDGE / sizeof EDGE[0]; i++)
        check_all_divisors(EDGE[i]);
}

static void remainders_of_random_numbers(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    for (int i = 0; i < 20000; i++)
        check_all_divisors(random_next(&rng));
}

/* Multiples and their neighbours: where a remainder wraps to 0. */
static void remainders_near_multiples(void **state)
{
    (void)state;
    uint64_t rng = 99;
    for (uint64_t n = 1; n < RANDOM_FAST_MOD; n++)
        for (int i = 0; i < 50; i++) {
            uint64_t x = random_next(&rng) / n * n;
            for (uint64_t d = 0; d < 2; d++)
                if (random_mod(x + d, n) != (x + d) % n || random_mod(x - d, n) != (x - d) % n)
                    fail_msg("random_mod near the multiple %llu of %llu", (unsigned long long)x, (unsigned long long)n);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(remainders_at_the_edges),
        cmocka_unit_test(remainders_of_random_numbers),
        cmocka_unit_test(remainders_near_multiples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
