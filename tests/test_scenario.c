/*
 * test_scenario.c: the three scenario setups against scenarios.tsv and
 * scenario_info.tsv, read here straight from the file, and against the
 * rulebook's own setup lists (4.3, 4.4, 4.5 and the two appendices).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/crown.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "tests/support.h"

/* The location a scenarios.tsv start column names. */
static int location_named(const char *name)
{
    int a = area_by_name(name, (int)strlen(name));
    if (a >= 0)
        return a;
    for (int i = 0; i < LOC_COUNT - AREA_COUNT; i++)
        if (strcmp(name, LOCATION_NAME[i]) == 0)
            return AREA_COUNT + i;
    fail_msg("unknown start '%s'", name);
    return -1;
}

static void every_block_is_where_scenarios_tsv_puts_it(void **state)
{
    (void)state;
    struct lines rows;
    int checked[SCENARIO_COUNT] = {0};
    assert_true(lines_from_file(&rows, "engine/data/scenarios.tsv"));
    for (int i = 0; i < rows.count; i++) {
        if (rows.line[i][0] == '#')
            continue;
        char year[8], id[40], start[40];
        assert_int_equal(sscanf(rows.line[i], "%7[^\t]\t%39[^\t]\t%39[^\t]", year, id, start), 3);
        int s = scenario_from_year(atoi(year));
        int b = block_by_id(id, (int)strlen(id));
        assert_true(s >= 0 && b >= 0);
        struct world w;
        scenario_setup(&w, s);
        assert_int_equal(world_location(&w, b), location_named(start));
        assert_int_equal(world_steps(&w, b), BLOCK_INFO[b].steps); /* 4.1: full strength */
        checked[s]++;
    }
    lines_free(&rows);
    for (int s = 0; s < SCENARIO_COUNT; s++)
        assert_int_equal(checked[s], BLOCK_COUNT); /* each scenario places all 63 blocks */
}

static void crowns_and_clock_follow_scenario_info(void **state)
{
    (void)state;
    struct lines rows;
    assert_true(lines_from_file(&rows, "engine/data/scenario_info.tsv"));
    int seen = 0;
    for (int i = 0; i < rows.count; i++) {
        if (rows.line[i][0] == '#')
            continue;
        int year, first, last;
        char king[40], side[20];
        assert_int_equal(sscanf(rows.line[i], "%d\t%d\t%d\t%39[^\t]\t%19s", &year, &first, &last, king, side), 5);
        struct world w;
        scenario_setup(&w, scenario_from_year(year));
        assert_int_equal(w.king, block_by_id(king, (int)strlen(king)));
        assert_int_equal(w.campaign, first);
        assert_string_equal(SIDE_NAME[BLOCK_INFO[w.pretender].side], side);
        assert_int_equal(w.turn, 1);
        assert_int_equal(w.phase, PHASE_DEAL);
        assert_int_equal(__builtin_popcount(w.deck), CARD_COUNT);
        assert_int_equal(w.hand[0] | w.hand[1], 0);
        char why[200];
        assert_true(world_check(&w, why, sizeof why));
        seen++;
    }
    lines_free(&rows);
    assert_int_equal(seen, SCENARIO_COUNT);
}

/* 4.3, 4.4: Henry VI is King in Middlesex; York, the Pretender, is in Ireland;
 * the rebel is in the pool and fights for the Pretender (3.26). */
static void rule_4_3_the_1460_setup(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    assert_int_equal(w.king, BLOCK_L_HENRY_VI);
    assert_int_equal(w.pretender, BLOCK_Y_YORK);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), AREA_MIDDLESEX);
    assert_int_equal(world_location(&w, BLOCK_Y_YORK), AREA_IRELAND);
    assert_int_equal(w.at[AREA_CALAIS] & w.side_blocks[SIDE_YORK],
                     block_bit(BLOCK_Y_MARCH) | block_bit(BLOCK_Y_WARWICK) | block_bit(BLOCK_Y_KENT) |
                         block_bit(BLOCK_Y_SALISBURY) | block_bit(BLOCK_Y_CALAIS_MERCENARY) |
                         block_bit(BLOCK_Y_BURGUNDIAN_MERCENARY));
    assert_int_equal(w.at[AREA_CORNWALL], block_bit(BLOCK_L_EXETER) | block_bit(BLOCK_L_DEVON));
    assert_true(w.pool & block_bit(BLOCK_R_REBEL));
    assert_int_equal(world_block_side(&w, BLOCK_R_REBEL), SIDE_YORK);
    /* 4.5: Clarence, Gloucester, Prince Edward and Richmond are minors */
    assert_int_equal(w.minor, block_bit(BLOCK_Y_CLARENCE) | block_bit(BLOCK_Y_GLOUCESTER) |
                                  block_bit(BLOCK_L_PRINCE_EDWARD) | block_bit(BLOCK_L_RICHMOND));
    assert_int_equal(w.prisoner, BLOCK_NONE);
    assert_int_equal(w.dead, 0);
}

/* Kingmaker (1470) and RULINGS B.15: Henry VI is a prisoner, not a block in
 * Middlesex; Prince Edward acts as Pretender; Edward IV (March) is King. */
static void kingmaker_1470_holds_henry_prisoner(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1470);
    assert_int_equal(w.prisoner, BLOCK_L_HENRY_VI);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), LOC_PRISONER);
    assert_false(w.at[AREA_MIDDLESEX] & block_bit(BLOCK_L_HENRY_VI));
    assert_int_equal(w.at[AREA_MIDDLESEX], block_bit(BLOCK_Y_MARCH));
    assert_int_equal(w.king, BLOCK_Y_MARCH);
    assert_int_equal(w.pretender, BLOCK_L_PRINCE_EDWARD);
    assert_int_equal(world_block_side(&w, BLOCK_R_REBEL), SIDE_LANCASTER);
    assert_int_equal(w.campaign, 2);
}

/* Richard III (1483): Gloucester is King in Middlesex; Richmond, the last
 * Lancaster heir, is Pretender in France. */
static void richard_iii_1483(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1483);
    assert_int_equal(w.king, BLOCK_Y_GLOUCESTER);
    assert_int_equal(w.pretender, BLOCK_L_RICHMOND);
    assert_int_equal(world_location(&w, BLOCK_L_RICHMOND), AREA_FRANCE);
    assert_int_equal(w.campaign, 3);
    assert_int_equal(senior_heir_in_play(&w, SIDE_YORK), BLOCK_Y_GLOUCESTER);
}

static void years_map_to_scenarios(void **state)
{
    (void)state;
    assert_int_equal(scenario_from_year(1460), SCENARIO_1460);
    assert_int_equal(scenario_from_year(1470), SCENARIO_1470);
    assert_int_equal(scenario_from_year(1483), SCENARIO_1483);
    assert_int_equal(scenario_from_year(1485), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_block_is_where_scenarios_tsv_puts_it),
        cmocka_unit_test(crowns_and_clock_follow_scenario_info),
        cmocka_unit_test(rule_4_3_the_1460_setup),
        cmocka_unit_test(kingmaker_1470_holds_henry_prisoner),
        cmocka_unit_test(richard_iii_1483),
        cmocka_unit_test(years_map_to_scenarios),
    };
    return cmocka_run_group_tests_name("scenario", tests, NULL, NULL);
}
