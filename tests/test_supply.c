/*
 * test_supply.c: the supply phase (7.1, 7.2, 6.81, 6.82, 9.1, RULINGS B.6,
 * B.7, B.15), the political turn (8.1-8.5, RULINGS B.14, B.16) and the end of
 * the game (9.0).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/places.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/view.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/political.h"
#include "engine/rules/rules.h"
#include "engine/rules/supply.h"
#include "tests/support.h"

/* The 1460 setup in turn 3 of campaign 1, cards already played out of the way. */
static void midgame(struct world *w)
{
    scenario_setup(w, SCENARIO_1460);
    w->deck = (1u << 26) - 2;
    w->turn = 3;
}

/* Five of Lancaster's blocks in Leicester, and a sixth: two over its four (7.1). */
static void six_in_leicester(struct world *w, int sixth)
{
    static const int FIVE[] = {BLOCK_L_HENRY_VI, BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_OXFORD, BLOCK_L_DEVON};
    for (int i = 0; i < 5; i++)
        world_place(w, FIVE[i], AREA_LEICESTER);
    world_place(w, sixth, AREA_LEICESTER);
}

/* 7.1: an area supplies four blocks; each one over that loses a step, the owner choosing. */
static void rule_7_1_supply_losses(void **state)
{
    (void)state;
    struct world w;
    midgame(&w);
    six_in_leicester(&w, BLOCK_L_BEAUMONT);
    world_place(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    world_place(&w, BLOCK_Y_WARWICK, AREA_MIDDLESEX);
    supply_begin(&w);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    play_text(&w, "lose L:Devon");              /* Devon has 2: now 1 */
    assert_false(is_legal(&w, "lose L:Devon")); /* a block loses one step at most */
    play_text(&w, "lose L:Oxford");
    assert_int_equal(world_steps(&w, BLOCK_L_DEVON), 1);
    assert_int_equal(world_steps(&w, BLOCK_L_OXFORD), 2);
    assert_int_equal(w.phase, PHASE_CARDS); /* two over, two losses: the next turn */
    assert_int_equal(w.turn, 4);
    assert_int_equal(w.moved, 0);
    assert_world_ok(&w);
}

/* 7.1, 6.84: a mercenary that falls to a supply loss goes face-down to its
 * exile and carries no mark of the loss there, where nothing is owed; while
 * the losses go on, York sees one step gone from Leicester and none in France. */
static void rule_7_1_fallen_mercenary_leaves_its_loss_behind(void **state)
{
    (void)state;
    struct world w;
    midgame(&w);
    six_in_leicester(&w, BLOCK_L_FRENCH_MERCENARY);
    world_set_steps(&w, BLOCK_L_FRENCH_MERCENARY, 1);
    supply_begin(&w);
    play_text(&w, "lose L:French-mercenary");
    assert_int_equal(w.phase, PHASE_SUPPLY); /* one more to lose */
    assert_int_equal(world_location(&w, BLOCK_L_FRENCH_MERCENARY), AREA_FRANCE);
    assert_false(w.acted & block_bit(BLOCK_L_FRENCH_MERCENARY));
    struct view v;
    view_of(&w, SIDE_YORK, &v);
    assert_int_equal(v.supply_losses[AREA_FRANCE], 0);
    assert_world_ok(&w);
}

/* 7.1: five in an area with a city; 7.2: Ireland supplies two plus the Irish. */
static void rule_7_2_city_and_exile_limits(void **state)
{
    (void)state;
    struct world w;
    midgame(&w);
    assert_int_equal(supply_limit(AREA_MIDDLESEX), 5);
    assert_int_equal(supply_limit(AREA_LEICESTER), 4);
    assert_int_equal(supply_limit(AREA_CALAIS), 4);
    assert_int_equal(supply_limit(AREA_IRELAND), 2);
    /* 1460: York, Rutland and the Irish in Ireland: the Irish do not count */
    assert_int_equal(supply_counted(&w, AREA_IRELAND), block_bit(BLOCK_Y_YORK) | block_bit(BLOCK_Y_RUTLAND));
    world_place(&w, BLOCK_Y_ESSEX, AREA_IRELAND); /* a third exile: one loss */
    supply_begin(&w);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_false(is_legal(&w, "lose Y:Irish-mercenary"));
    play_text(&w, "lose Y:Essex");
    assert_int_equal(w.phase, PHASE_CARDS);
}

/* 6.82, RULINGS B.6: a dead heir brings the senior minor at the start of the
 * next supply phase; a royal heir enters in a friendly or vacant crown area,
 * the Pretender's in exile. 6.81, B.7: the senior royal heir is then King. */
static void rule_6_81_6_82_minors_and_the_new_king(void **state)
{
    (void)state;
    struct world w;
    midgame(&w);
    world_set_steps(&w, BLOCK_L_HENRY_VI, 1);
    lose_step(&w, BLOCK_L_HENRY_VI); /* the King dies */
    assert_int_equal(w.king, BLOCK_NONE);
    assert_int_equal(w.minors_due[SIDE_LANCASTER], 1);
    world_set_steps(&w, BLOCK_Y_RUTLAND, 1);
    lose_step(&w, BLOCK_Y_RUTLAND);
    supply_begin(&w);
    assert_int_equal(rules_actor(&w), ACTOR_YORK); /* Clarence, York's senior minor, enters in exile */
    assert_true(is_legal(&w, "enter Ireland") && is_legal(&w, "enter Calais"));
    assert_false(is_legal(&w, "enter Derby"));
    play_text(&w, "enter Ireland"); /* Calais would be over its exile limit */
    assert_int_equal(world_location(&w, BLOCK_Y_CLARENCE), AREA_IRELAND);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER); /* Prince Edward, a royal heir, to a crown */
    assert_true(is_legal(&w, "enter Derby") && is_legal(&w, "enter Middlesex"));
    assert_false(is_legal(&w, "enter Calais"));
    play_text(&w, "enter Derby");
    /* Prince Edward (heir 2) is senior to Exeter (3): he is crowned where he stands */
    assert_int_equal(w.king, BLOCK_L_PRINCE_EDWARD);
    assert_int_equal(w.phase, PHASE_CARDS);
    assert_world_ok(&w);
}

/* 9.1: the owner of a defected Clarence may execute him in a supply phase;
 * his death, not his defection, brings York a minor. */
static void rule_9_1_executing_clarence(void **state)
{
    (void)state;
    struct world w;
    midgame(&w);
    world_place(&w, BLOCK_Y_CLARENCE, LOC_OTHER_SIDE);
    world_place(&w, BLOCK_L_CLARENCE, AREA_LINCOLN);
    supply_begin(&w);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_true(is_legal(&w, "spare"));
    play_text(&w, "execute L:Clarence");
    assert_int_equal(world_location(&w, BLOCK_L_CLARENCE), LOC_DEAD);
    assert_int_equal(world_location(&w, BLOCK_Y_CLARENCE), LOC_DEAD);
    assert_int_equal(w.minors_due[SIDE_YORK], 1);
    assert_world_ok(&w);
}

/* RULINGS B.15: Henry VI goes free as soon as Lancaster controls Middlesex,
 * and becomes the Pretender. */
static void kingmaker_henry_freed(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1470);
    world_place(&w, BLOCK_Y_MARCH, AREA_KENT);
    world_place(&w, BLOCK_L_OXFORD, AREA_MIDDLESEX);
    w.deck = 0;
    w.phase = PHASE_CARDS;
    w.hand[SIDE_YORK] = 1u << 20;
    w.hand[SIDE_LANCASTER] = 1u << 21;
    play_text(&w, "play 20");
    play_text(&w, "play 21"); /* any decision: Lancaster holds London */
    assert_int_equal(w.prisoner, BLOCK_NONE);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), AREA_MIDDLESEX);
    assert_int_equal(w.pretender, BLOCK_L_HENRY_VI);
    assert_world_ok(&w);
}

/* RULINGS B.14: nobles, heirs and churches on the map, not in exile or on the
 * Isle of Man; Middlesex counts one more; the Pretender needs a strict majority. */
static void rule_8_2_usurpation_count(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    /* Lancaster: Henry (Middlesex, +1 for London), Exeter, Devon, Somerset,
     * Pembroke, Oxford, Beaumont, Clifford, Wiltshire; the mercenaries do not count */
    assert_int_equal(usurpation_count(&w, SIDE_LANCASTER), 10);
    assert_int_equal(usurpation_count(&w, SIDE_YORK), 0); /* all in exile */
    world_place(&w, BLOCK_Y_STANLEY, AREA_ISLE_OF_MAN);
    assert_int_equal(usurpation_count(&w, SIDE_YORK), 0);
    struct world k;
    scenario_setup(&k, SCENARIO_1470); /* Henry counts for Lancaster while a prisoner */
    assert_int_equal(usurpation_count(&k, SIDE_LANCASTER), 1);
}

/* 8.1-8.5 and RULINGS B.16: Kingmaker ends after the usurpation step; York,
 * holding more, stays King and wins, and Henry, still a prisoner, dies. */
static void rule_8_kingmaker_ends_after_usurpation(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1470);
    w.turn = 7;
    w.deck = (1u << 26) - 2;
    political_begin(&w);
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_YORK);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), LOC_DEAD);
}

static void rule_8_usurpation_ends_1483_for_the_pretender(void **state)
{
    (void)state;
    struct world w;
    richmond_usurps_in_1483(&w);
    political_begin(&w);
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_LANCASTER);
    assert_int_equal(w.king, BLOCK_L_RICHMOND);
}

/* 8.1 and 5.4: a levy that disbands leaves its losses behind; in the pool it
 * is a block at full strength, as a recruit comes, before 8.5 resets the rest. */
static void rule_8_1_disbanded_levy_is_full_in_the_pool(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    w.turn = 7;
    world_place(&w, BLOCK_Y_LONDON_LEVY, AREA_KENT);
    world_set_steps(&w, BLOCK_Y_LONDON_LEVY, 1);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    political_disband_and_usurp(&w);
    assert_int_equal(world_location(&w, BLOCK_Y_LONDON_LEVY), LOC_POOL);
    assert_int_equal(world_steps(&w, BLOCK_Y_LONDON_LEVY), BLOCK_INFO[BLOCK_Y_LONDON_LEVY].steps);
    assert_int_equal(world_steps(&w, BLOCK_L_OXFORD), 1); /* on the map until 8.5 */
    assert_int_equal(w.step, POLITICAL_HOMING_DUE);
}

/* 8.1, 8.3, 8.4, 8.5 in 1460 after campaign 1: levies go to the pool,
 * mercenaries home, the Pretender's heirs into exile, nobles to their shields,
 * then everything at full strength, the rebel with the Pretender, a new deal. */
static void rule_8_political_turn_and_campaign_reset(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    w.turn = 7;
    w.deck = (1u << 26) - 2;
    world_place(&w, BLOCK_Y_LONDON_LEVY, AREA_KENT);
    world_place(&w, BLOCK_Y_IRISH_MERCENARY, AREA_KENT);
    world_place(&w, BLOCK_Y_MARCH, AREA_KENT);
    world_place(&w, BLOCK_Y_HASTINGS, AREA_ESSEX);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    world_set_flag(&w, BLOCK_L_BUCKINGHAM, FLAG_FACE_DOWN, true);
    political_begin(&w);
    assert_int_equal(world_location(&w, BLOCK_Y_LONDON_LEVY), LOC_POOL);         /* 8.1 */
    assert_int_equal(world_location(&w, BLOCK_Y_IRISH_MERCENARY), AREA_IRELAND); /* 8.1 */
    assert_int_equal(w.phase, PHASE_POLITICAL);
    assert_int_equal(rules_actor(&w), ACTOR_YORK); /* the Pretender goes home first (8.3) */
    assert_true(is_legal(&w, "home Y:March Ireland") && is_legal(&w, "home Y:March Calais"));
    play_text(&w, "home Y:March Calais");
    /* Hastings's shield is Leicester, vacant: he went there by himself */
    assert_int_equal(world_location(&w, BLOCK_Y_HASTINGS), AREA_LEICESTER);
    /* the King's side: Henry to a shield or crown; nobles home (8.4); pick Henry's */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    while (w.phase == PHASE_POLITICAL) {
        struct decisions choices;
        rules_legal(&w, &choices);
        rules_apply(&w, choices.list[0]);
    }
    assert_int_equal(w.phase, PHASE_DEAL); /* 8.5 */
    assert_int_equal(w.campaign, 2);
    assert_int_equal(w.turn, 1);
    assert_int_equal(__builtin_popcount(w.deck), CARD_COUNT);
    assert_int_equal(world_steps(&w, BLOCK_L_OXFORD), 3);
    assert_false(world_has_flag(&w, BLOCK_L_BUCKINGHAM, FLAG_FACE_DOWN));
    assert_int_equal(world_location(&w, BLOCK_R_REBEL), LOC_POOL);
    assert_int_equal(world_block_side(&w, BLOCK_R_REBEL), SIDE_YORK);
    assert_world_ok(&w);
}

/* 8.3: Salisbury and Kent may go to Calais when their shields are enemy-held;
 * a Neville may take a dead Neville's shield. RULINGS A.8: blocks over an exile
 * limit go to the pool at the reset, the owner choosing. */
static void rule_8_3_note_nevilles_go_to_calais_or_a_dead_nevilles_shield(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    w.turn = 7;
    w.deck = (1u << 26) - 2;
    world_place(&w, BLOCK_Y_KENT, AREA_KENT);
    world_place(&w, BLOCK_Y_SALISBURY, AREA_SUSSEX);
    world_place(&w, BLOCK_L_CLIFFORD, AREA_NORTH_YORKS); /* Salisbury's shields held by Lancaster */
    world_place(&w, BLOCK_L_OXFORD, AREA_EAST_YORKS);
    world_place(&w, BLOCK_Y_WARWICK, LOC_DEAD);  /* Warwick is dead: his shields are free to Kent */
    world_place(&w, BLOCK_Y_ESSEX, AREA_CALAIS); /* exiles in Calais, which stay there (8.4) */
    world_place(&w, BLOCK_Y_HASTINGS, AREA_CALAIS);
    world_place(&w, BLOCK_Y_HERBERT, AREA_CALAIS);
    political_begin(&w);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_true(is_legal(&w, "home Y:Kent Warwick") && is_legal(&w, "home Y:Kent Glamorgan"));
    assert_false(is_legal(&w, "home Y:Kent East-Yorks")); /* his own shield is enemy-held */
    play_text(&w, "home Y:Kent Warwick");
    /* Salisbury's own shields are enemy-held: dead Warwick's, or Calais (Warwick's shield too) */
    assert_true(is_legal(&w, "home Y:Salisbury Glamorgan"));
    assert_false(is_legal(&w, "home Y:Salisbury North-Yorks"));
    play_text(&w, "home Y:Salisbury Calais");
    /* York is through; Lancaster's blocks go home; then Calais holds March,
     * Salisbury and its exiles over the limit of 4 plus local mercenaries */
    while (w.phase == PHASE_POLITICAL && w.step != POLITICAL_EXILE_SURPLUS) {
        struct decisions choices;
        rules_legal(&w, &choices);
        rules_apply(&w, choices.list[0]);
    }
    assert_int_equal(w.step, POLITICAL_EXILE_SURPLUS);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_false(is_legal(&w, "disband Y:Calais-mercenary")); /* local mercenaries do not count */
    assert_false(is_legal(&w, "disband Y:March"));            /* heirs stay */
    play_text(&w, "disband Y:Salisbury");
    assert_int_equal(world_location(&w, BLOCK_Y_SALISBURY), LOC_POOL);
    assert_int_equal(w.phase, PHASE_DEAL);
    assert_world_ok(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_7_1_supply_losses),
        cmocka_unit_test(rule_7_2_city_and_exile_limits),
        cmocka_unit_test(rule_6_81_6_82_minors_and_the_new_king),
        cmocka_unit_test(rule_9_1_executing_clarence),
        cmocka_unit_test(kingmaker_henry_freed),
        cmocka_unit_test(rule_8_2_usurpation_count),
        cmocka_unit_test(rule_8_kingmaker_ends_after_usurpation),
        cmocka_unit_test(rule_8_usurpation_ends_1483_for_the_pretender),
        cmocka_unit_test(rule_8_1_disbanded_levy_is_full_in_the_pool),
        cmocka_unit_test(rule_7_1_fallen_mercenary_leaves_its_loss_behind),
        cmocka_unit_test(rule_8_political_turn_and_campaign_reset),
        cmocka_unit_test(rule_8_3_note_nevilles_go_to_calais_or_a_dead_nevilles_shield),
    };
    return cmocka_run_group_tests_name("supply", tests, NULL, NULL);
}
