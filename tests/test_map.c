/*
 * test_map.c: facts of the map that the rulebook states in its text and
 * examples, checked against the tables: 5.2, 5.21, 5.3 and 2.83.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/core/places.h"
#include "engine/core/tables.h"

/* Areas a land move of one or two areas can end in (5.2): a red border stops
 * the move (5.21), and so does nothing else on an empty map. */
static uint64_t land_reach(int from)
{
    uint64_t reach = 0;
    const struct neighbours *n = &AREA_NEIGHBOURS[from];
    for (int i = 0; i < n->count; i++) {
        int mid = n->area[i];
        reach |= area_bit(mid);
        if (BORDER_INFO[n->border[i]].colour == BORDER_RED)
            continue;
        const struct neighbours *m = &AREA_NEIGHBOURS[mid];
        for (int j = 0; j < m->count; j++)
            if (m->area[j] != from)
                reach |= area_bit(m->area[j]);
    }
    return reach;
}

/* Areas adjacent to both a and b: the ways of a two-area move from a to b. */
static uint64_t common_neighbours(int a, int b)
{
    uint64_t set = 0;
    for (int i = 0; i < AREA_NEIGHBOURS[a].count; i++) {
        int mid = AREA_NEIGHBOURS[a].area[i];
        if (border_between(mid, b) != BORDER_NONE)
            set |= area_bit(mid);
    }
    return set;
}

/* 5.21 example: five blocks in Middlesex move to Oxford. Four can go straight
 * over the yellow border; the fifth must go through Leicester or Sussex. */
static void rule_5_21_middlesex_to_oxford(void **state)
{
    (void)state;
    int direct = border_between(AREA_MIDDLESEX, AREA_OXFORD);
    assert_int_not_equal(direct, BORDER_NONE);
    assert_int_equal(BORDER_INFO[direct].colour, BORDER_YELLOW);
    assert_int_equal(BORDER_INFO[direct].limit, 4);
    assert_int_equal(common_neighbours(AREA_MIDDLESEX, AREA_OXFORD), area_bit(AREA_LEICESTER) | area_bit(AREA_SUSSEX));
    /* neither way is cut by a red border, which would stop the block halfway */
    assert_int_not_equal(BORDER_INFO[border_between(AREA_MIDDLESEX, AREA_LEICESTER)].colour, BORDER_RED);
    assert_int_not_equal(BORDER_INFO[border_between(AREA_MIDDLESEX, AREA_SUSSEX)].colour, BORDER_RED);
}

/* 5.2 example: for 1 AP, blocks in East Anglia reach Essex, Middlesex, Rutland,
 * Leicester and Lincoln; the river lets 3 cross straight to Rutland, and 3 more
 * can come round through Essex. */
static void rule_5_2_east_anglia_reach(void **state)
{
    (void)state;
    uint64_t expected = area_bit(AREA_ESSEX) | area_bit(AREA_MIDDLESEX) | area_bit(AREA_RUTLAND) |
                        area_bit(AREA_LEICESTER) | area_bit(AREA_LINCOLN);
    assert_int_equal(land_reach(AREA_EAST_ANGLIA), expected);
    int river = border_between(AREA_EAST_ANGLIA, AREA_RUTLAND);
    assert_int_equal(BORDER_INFO[river].colour, BORDER_BLUE);
    assert_int_equal(BORDER_INFO[river].limit, 3);
    int round = border_between(AREA_ESSEX, AREA_RUTLAND);
    assert_int_not_equal(round, BORDER_NONE);
    assert_int_equal(BORDER_INFO[round].limit, 3);
}

/* 5.2 (estuaries): Glamorgan-Somerset, East Yorks-Lincoln and Kent-Essex are
 * not adjacent by land; the way from Glamorgan to Somerset is Hereford, Gloucester. */
static void rule_5_2_estuaries_are_not_borders(void **state)
{
    (void)state;
    assert_int_equal(border_between(AREA_GLAMORGAN, AREA_SOMERSET), BORDER_NONE);
    assert_int_equal(border_between(AREA_EAST_YORKS, AREA_LINCOLN), BORDER_NONE);
    assert_int_equal(border_between(AREA_KENT, AREA_ESSEX), BORDER_NONE);
    assert_int_not_equal(border_between(AREA_GLAMORGAN, AREA_HEREFORD), BORDER_NONE);
    assert_int_not_equal(border_between(AREA_HEREFORD, AREA_GLOUCESTER), BORDER_NONE);
    assert_int_not_equal(border_between(AREA_GLOUCESTER, AREA_SOMERSET), BORDER_NONE);
    /* all three pairs are coastal, so the sea is their only link (5.3) */
    assert_true(area_is_coastal(AREA_GLAMORGAN) && area_is_coastal(AREA_SOMERSET));
    assert_true(area_is_coastal(AREA_KENT) && area_is_coastal(AREA_ESSEX));
}

/* 5.3 and 2.83: no sea moves to or from Hereford, Gloucester or South Yorks;
 * Middlesex (London) is a major port. */
static void rule_5_3_inland_areas_and_london(void **state)
{
    (void)state;
    assert_false(area_is_coastal(AREA_HEREFORD));
    assert_false(area_is_coastal(AREA_GLOUCESTER));
    assert_false(area_is_coastal(AREA_SOUTH_YORKS));
    assert_true(area_is_coastal(AREA_MIDDLESEX));
    assert_true(AREA_INFO[AREA_MIDDLESEX].major_port);
}

/* 2.8.1 and 5.3: Kent, Cornwall and Scotland each touch two sea zones; Calais
 * reaches the Channel and the North Sea, France the Channel and the Irish Sea. */
static void rule_5_3_two_zone_areas(void **state)
{
    (void)state;
    static const int TWO_ZONES[] = {AREA_KENT, AREA_CORNWALL, AREA_SCOTLAND, AREA_CALAIS, AREA_FRANCE};
    for (unsigned i = 0; i < sizeof TWO_ZONES / sizeof TWO_ZONES[0]; i++)
        assert_int_equal(AREA_INFO[TWO_ZONES[i]].sea_count, 2);
    int others = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        others += AREA_INFO[a].sea_count == 2;
    assert_int_equal(others, 5);
}

/* 2.7: each side has two exile areas: Lancaster France and Scotland, York Calais and Ireland. */
static void rule_2_7_exiles(void **state)
{
    (void)state;
    assert_int_equal(AREA_INFO[AREA_FRANCE].exile_of, SIDE_LANCASTER);
    assert_int_equal(AREA_INFO[AREA_SCOTLAND].exile_of, SIDE_LANCASTER);
    assert_int_equal(AREA_INFO[AREA_CALAIS].exile_of, SIDE_YORK);
    assert_int_equal(AREA_INFO[AREA_IRELAND].exile_of, SIDE_YORK);
    int exiles = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        exiles += AREA_INFO[a].kind == AREA_EXILE;
    assert_int_equal(exiles, 4);
    /* 2.7.2: Scotland is the one exile reachable by land */
    assert_true(AREA_NEIGHBOURS[AREA_SCOTLAND].count > 0);
    assert_int_equal(AREA_NEIGHBOURS[AREA_FRANCE].count, 0);
    assert_int_equal(AREA_NEIGHBOURS[AREA_CALAIS].count, 0);
    assert_int_equal(AREA_NEIGHBOURS[AREA_IRELAND].count, 0);
    assert_int_equal(AREA_NEIGHBOURS[AREA_ISLE_OF_MAN].count, 0);
}

/* 2.4: seven cities; 2.6: four areas of Wales. */
static void rule_2_4_cities_and_2_6_wales(void **state)
{
    (void)state;
    int cities = 0, wales = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        cities += AREA_INFO[a].city != NULL;
        wales += AREA_INFO[a].kind == AREA_WALES;
    }
    assert_int_equal(cities, 7);
    assert_int_equal(wales, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_5_21_middlesex_to_oxford),
        cmocka_unit_test(rule_5_2_east_anglia_reach),
        cmocka_unit_test(rule_5_2_estuaries_are_not_borders),
        cmocka_unit_test(rule_5_3_inland_areas_and_london),
        cmocka_unit_test(rule_5_3_two_zone_areas),
        cmocka_unit_test(rule_2_7_exiles),
        cmocka_unit_test(rule_2_4_cities_and_2_6_wales),
    };
    return cmocka_run_group_tests_name("map", tests, NULL, NULL);
}
