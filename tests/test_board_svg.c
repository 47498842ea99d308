/*
 * test_board_svg.c: the board picture (engine/picture/board_svg.c, its map in
 * engine/picture/map_geometry.c). The map is the board's: a line for every
 * border, a port link for every sea zone an area reaches and no other
 * (2.81). Labels are measured by the font's widths. In whole random games of
 * the three scenarios no label covers another, in the referee's picture and
 * in each side's, and every one lies inside the picture.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/view.h"
#include "engine/picture/board_svg.h"
#include "engine/picture/map_geometry.h"
#include "engine/picture/view_svg.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"

/* Each border has a line and each area an outline, and the port links are
 * exactly the sea zones each area reaches by the data. */
static void the_map_has_every_border_and_port(void **state)
{
    (void)state;
    for (int e = 0; e < BORDER_COUNT; e++)
        assert_true(MAP_BORDER[e][0] == 'M' && strlen(MAP_BORDER[e]) > 8);
    int links = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        assert_true(MAP_AREA[a].path[0] == 'M');
        assert_true(MAP_AREA[a].label_x > 0 && MAP_AREA[a].label_x < MAP_WIDTH);
        assert_true(MAP_AREA[a].label_y > 0 && MAP_AREA[a].label_y < MAP_HEIGHT);
        for (int s = 0; s < AREA_INFO[a].sea_count; s++) {
            int found = 0;
            for (int i = 0; i < MAP_PORT_COUNT; i++)
                found += MAP_PORT[i].area == a && MAP_PORT[i].sea == AREA_INFO[a].seas[s];
            assert_int_equal(found, 1);
            links++;
        }
    }
    assert_int_equal(MAP_PORT_COUNT, links);
}

/* Widths add up glyph by glyph, bold is wider, and the map's symbols have
 * their own widths rather than a whole em. */
static void text_is_measured_by_the_fonts_widths(void **state)
{
    (void)state;
    assert_true(map_text_width("ii", 10, false) < map_text_width("WW", 10, false));
    assert_true(map_text_width("Leicester", 10, true) > map_text_width("Leicester", 10, false));
    double crown = map_text_width("\xe2\x99\x94", 10, false);
    assert_true(crown > 5 && crown < 10);
    assert_true(map_text_width("York", 20, false) == 2 * map_text_width("York", 10, false));
}

struct overlaps {
    long pictures, boxes;
    char first[200];
};

static void check_layout(struct overlaps *o, const struct board_layout *l, const char *whose, long played)
{
    o->pictures++;
    o->boxes += l->all.count;
    for (int i = 0; i < l->all.count; i++) {
        const struct map_box *a = &l->all.box[i];
        if (!o->first[0] && (a->x < 0 || a->y < 0 || a->x + a->w > MAP_WIDTH || a->y + a->h > MAP_HEIGHT))
            snprintf(o->first, sizeof o->first, "%s, decision %ld: box %d outside the picture", whose, played, i);
        for (int j = i + 1; j < l->all.count; j++)
            if (!o->first[0] && map_boxes_overlap(a, &l->all.box[j]))
                snprintf(o->first, sizeof o->first, "%s, decision %ld: boxes %d and %d overlap", whose, played, i, j);
    }
}

static bool lay_out_every_picture(void *context, const struct world *before, decision d, const struct world *w,
                                  long played)
{
    (void)before, (void)d;
    struct overlaps *o = context;
    static struct view v;
    struct board_picture p;
    struct board_layout l;
    if (played % 3)
        return true;
    board_picture_of(w, rules_actor(w), &p);
    board_picture_layout(&p, w, &l);
    check_layout(o, &l, "the referee's", played);
    for (int side = 0; side < SIDE_COUNT; side++) {
        view_of(w, side, &v);
        view_picture(&v, rules_actor(w), &p);
        board_picture_layout(&p, &v.w, &l);
        check_layout(o, &l, SIDE_NAME[side], played);
    }
    return true;
}

static void no_label_covers_another(void **state)
{
    (void)state;
    struct overlaps o = {0};
    uint64_t rng = 38;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.after = lay_out_every_picture, .context = &o};
    for (int g = 0; g < 30; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
    printf("%ld pictures laid out, %.1f labels each\n", o.pictures, (double)o.boxes / o.pictures);
    if (o.first[0])
        fail_msg("%s", o.first);
    assert_true(o.pictures > 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_map_has_every_border_and_port),
        cmocka_unit_test(text_is_measured_by_the_fonts_widths),
        cmocka_unit_test(no_label_covers_another),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
