/*
 * test_tables.c: the C tables against the TSV files they come from (the
 * project's copy in engine/data/, and ../shared/data/ when it exists), and the
 * shape of the data: symmetric adjacency, border colours and limits (5.21),
 * the counts of the rulebook (3.0, 5.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/text/tsv.h"
#include "tests/support.h"

static void write_table(FILE *out, const void *name) { tsv_print_table(name, out); }

/* The table printed by r3 must hold the same rows as the file, and the same header line first. */
static void assert_table_matches(const char *table, const char *dir)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, table);
    struct lines file, printed;
    if (!lines_from_file(&file, path))
        fail_msg("cannot read %s", path);
    char *text = capture(write_table, table);
    lines_from_text(&printed, text);
    free(text);
    assert_string_equal(printed.line[0], file.line[0]);
    assert_int_equal(printed.count, file.count);
    lines_sort(&file);
    lines_sort(&printed);
    for (int i = 0; i < file.count; i++)
        assert_string_equal(printed.line[i], file.line[i]);
    lines_free(&file);
    lines_free(&printed);
}

static void tables_match_project_data(void **state)
{
    (void)state;
    for (int i = 0; TSV_TABLE_NAMES[i]; i++)
        assert_table_matches(TSV_TABLE_NAMES[i], "engine/data");
}

static void tables_match_shared_data(void **state)
{
    (void)state;
    FILE *probe = fopen("../shared/data/areas.tsv", "r");
    if (!probe)
        skip(); /* a clone without ../shared: the project's copy was checked above */
    fclose(probe);
    for (int i = 0; TSV_TABLE_NAMES[i]; i++)
        assert_table_matches(TSV_TABLE_NAMES[i], "../shared/data");
}

static void unknown_table_prints_nothing(void **state)
{
    (void)state;
    char *text = capture(write_table, "area");
    assert_string_equal(text, "");
    free(text);
    assert_false(tsv_print_table("", stdout));
}

static void adjacency_is_symmetric_and_matches_borders(void **state)
{
    (void)state;
    int listed = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        const struct neighbours *n = &AREA_NEIGHBOURS[a];
        for (int i = 0; i < n->count; i++) {
            int b = n->area[i], e = n->border[i];
            assert_int_not_equal(a, b);
            assert_int_equal(border_between(b, a), e);
            assert_int_equal(border_between(a, b), e);
            const struct border_info *x = &BORDER_INFO[e];
            assert_true((x->a == a && x->b == b) || (x->a == b && x->b == a));
            listed++;
        }
    }
    assert_int_equal(listed, 2 * BORDER_COUNT);
    for (int e = 0; e < BORDER_COUNT; e++)
        for (int f = e + 1; f < BORDER_COUNT; f++)
            assert_false((BORDER_INFO[e].a == BORDER_INFO[f].a && BORDER_INFO[e].b == BORDER_INFO[f].b) ||
                         (BORDER_INFO[e].a == BORDER_INFO[f].b && BORDER_INFO[e].b == BORDER_INFO[f].a));
}

/* 5.21: yellow borders take 4 blocks, blue 3, red 2. */
static void each_border_has_one_colour_and_its_limit(void **state)
{
    (void)state;
    static const int LIMIT[] = {[BORDER_YELLOW] = 4, [BORDER_BLUE] = 3, [BORDER_RED] = 2};
    int count[3] = {0};
    for (int e = 0; e < BORDER_COUNT; e++) {
        assert_in_range(BORDER_INFO[e].colour, BORDER_YELLOW, BORDER_RED);
        assert_int_equal(BORDER_INFO[e].limit, LIMIT[BORDER_INFO[e].colour]);
        count[BORDER_INFO[e].colour]++;
    }
    assert_int_equal(count[0] + count[1] + count[2], BORDER_COUNT);
    assert_true(count[BORDER_RED] > 0 && count[BORDER_BLUE] > 0 && count[BORDER_YELLOW] > 0);
}

/* 3.0: 63 blocks, 31 red, 31 white, 1 black; 3.21: five heirs a side, ranked 1..5. */
static void blocks_are_31_31_and_the_rebel(void **state)
{
    (void)state;
    int per_side[3] = {0}, heirs[2] = {0}, rank_seen[2] = {0};
    for (int b = 0; b < BLOCK_COUNT; b++) {
        const struct block_info *x = &BLOCK_INFO[b];
        per_side[x->side]++;
        assert_true(blocks_of_side(x->side) & block_bit(b));
        if (x->type == BLOCK_HEIR) {
            heirs[x->side]++;
            rank_seen[x->side] |= 1 << x->heir_rank;
        }
        assert_in_range(x->steps, 2, 4);
    }
    assert_int_equal(per_side[SIDE_YORK], 31);
    assert_int_equal(per_side[SIDE_LANCASTER], 31);
    assert_int_equal(per_side[SIDE_REBEL], 1);
    assert_int_equal(heirs[SIDE_YORK], 5);
    assert_int_equal(heirs[SIDE_LANCASTER], 5);
    assert_int_equal(rank_seen[SIDE_YORK], 0x3e);
    assert_int_equal(rank_seen[SIDE_LANCASTER], 0x3e);
}

/* 5.1: 25 cards: 6 x AP2, 7 x AP3, 6 x AP4 and 6 events. */
static void cards_are_as_in_5_1(void **state)
{
    (void)state;
    int ap[5] = {0}, events = 0;
    for (int c = 1; c <= CARD_COUNT; c++) {
        if (CARD_INFO[c].event != EVENT_NONE)
            events++;
        else
            ap[CARD_INFO[c].ap]++;
    }
    assert_int_equal(events, 6);
    assert_int_equal(ap[2], 6);
    assert_int_equal(ap[3], 7);
    assert_int_equal(ap[4], 6);
}

static void names_are_found_both_ways(void **state)
{
    (void)state;
    for (int a = 0; a < AREA_COUNT; a++)
        assert_int_equal(area_by_name(AREA_INFO[a].name, (int)strlen(AREA_INFO[a].name)), a);
    assert_int_equal(area_by_name("Isle-of-Man", 11), AREA_ISLE_OF_MAN);
    assert_int_equal(area_by_name("Isle of", 7), -1);
    for (int b = 0; b < BLOCK_COUNT; b++)
        assert_int_equal(block_by_id(BLOCK_INFO[b].id, (int)strlen(BLOCK_INFO[b].id)), b);
    assert_int_equal(block_by_id("Y:Yrok", 6), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_match_project_data),
        cmocka_unit_test(tables_match_shared_data),
        cmocka_unit_test(unknown_table_prints_nothing),
        cmocka_unit_test(adjacency_is_symmetric_and_matches_borders),
        cmocka_unit_test(each_border_has_one_colour_and_its_limit),
        cmocka_unit_test(blocks_are_31_31_and_the_rebel),
        cmocka_unit_test(cards_are_as_in_5_1),
        cmocka_unit_test(names_are_found_both_ways),
    };
    return cmocka_run_group_tests_name("tables", tests, NULL, NULL);
}
