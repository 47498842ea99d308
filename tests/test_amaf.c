/*
 * test_amaf.c: RAVE's all-moves-as-first means (search/amaf.h). A key
 * played twice in one iteration counts once; its mean is York's result for
 * York and the rest for Lancaster, with the prior as one more play; a key
 * never played has none; a full table still counts the keys it holds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "engine/core/types.h"
#include "search/amaf.h"

static struct amaf table;

static void count(struct amaf *a, const decision *keys, int n, uint32_t stamp, double york)
{
    struct amaf_notes notes = {.count = 0};
    for (int i = 0; i < n; i++)
        amaf_note(&notes, keys[i]);
    amaf_count(a, &notes, stamp, york);
    assert_int_equal(notes.count, 0);
}

static void a_key_played_twice_counts_once(void **state)
{
    (void)state;
    amaf_clear(&table);
    const decision twice[] = {7, 9, 7};
    count(&table, twice, 3, 1, 1.0);
    count(&table, twice, 1, 2, 0.0);
    double mean;
    assert_true(amaf_mean(&table, 7, SIDE_YORK, 0.5, &mean));
    assert_true(fabs(mean - 1.5 / 3) < 1e-9); /* (1 + 0 + the prior 0.5) over 3 */
    assert_true(amaf_mean(&table, 9, SIDE_YORK, 0.5, &mean));
    assert_true(fabs(mean - 1.5 / 2) < 1e-9);
}

static void each_side_reads_its_own_share(void **state)
{
    (void)state;
    amaf_clear(&table);
    const decision key[] = {0x40012};
    for (uint32_t i = 1; i <= 4; i++)
        count(&table, key, 1, i, 0.75);
    double york, lancaster;
    assert_true(amaf_mean(&table, key[0], SIDE_YORK, 0, &york));
    assert_true(amaf_mean(&table, key[0], SIDE_LANCASTER, 0, &lancaster));
    assert_true(fabs(york - 3.0 / 5) < 1e-6);
    assert_true(fabs(lancaster - 1.0 / 5) < 1e-6);
}

static void a_key_never_played_has_no_mean(void **state)
{
    (void)state;
    amaf_clear(&table);
    const decision key[] = {3};
    count(&table, key, 1, 1, 1.0);
    double mean = -1;
    assert_false(amaf_mean(&table, 4, SIDE_YORK, 0.5, &mean));
    assert_true(mean == -1);
}

/* More keys than the table takes: the first ones keep counting, the rest
 * are dropped, and looking one of those up ends. */
static void a_full_table_keeps_what_it_holds(void **state)
{
    (void)state;
    amaf_clear(&table);
    for (uint32_t k = 1; k <= AMAF_SLOTS; k++) {
        const decision key[] = {k};
        count(&table, key, 1, k, 1.0);
    }
    double mean;
    assert_true(amaf_mean(&table, 1, SIDE_YORK, 0, &mean));
    assert_false(amaf_mean(&table, AMAF_SLOTS, SIDE_YORK, 0, &mean));
    const decision first[] = {1};
    count(&table, first, 1, AMAF_SLOTS + 1, 0.0);
    assert_true(amaf_mean(&table, 1, SIDE_YORK, 0, &mean));
    assert_true(fabs(mean - 1.0 / 3) < 1e-9); /* 1 + 0 over 2 plays and the prior's */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_key_played_twice_counts_once),
        cmocka_unit_test(each_side_reads_its_own_share),
        cmocka_unit_test(a_key_never_played_has_no_mean),
        cmocka_unit_test(a_full_table_keeps_what_it_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
