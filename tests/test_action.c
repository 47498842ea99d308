/*
 * test_action.c: the action phase through decisions, with the rulebook's
 * worked examples: 1.2 (what AP3 allows), 5.2 (East Anglia), 5.21 (Middlesex to
 * Oxford), 5.22 (pinning at Chester), 5.3 (Calais by sea), 5.4 (recruiting at
 * Northumbria and East Anglia), 6.3 (examples 1 and 2 and the Essex
 * reinforcement), the sample game turn, and the events of RULINGS A.1. The
 * rulebook's other examples are in test_examples.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/action.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

/* The empty board of support.c, in the action phase. */
static void board(struct world *w, int york_card, int lancaster_card)
{
    empty_board(w, york_card, lancaster_card);
    assert_int_equal(w->phase, PHASE_ACTION);
}

/* 1.2: a card of AP3 gives three actions: moves and recruits in any mix. */
static void rule_1_2_example_ap3_allows_two_moves_and_one_recruit(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20); /* York 3 against Lancaster 2: York is Player 1 with 3 AP */
    put(&w, BLOCK_Y_MARCH, AREA_KENT);
    put(&w, BLOCK_Y_WARWICK, AREA_SUSSEX);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_int_equal(w.ap_left, 3);
    play_text(&w, "move-from Kent");
    play_text(&w, "block Y:March");
    play_text(&w, "to Sussex");
    play_text(&w, "halt");
    play_text(&w, "end");
    play_text(&w, "move-from Sussex");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Wilts");
    play_text(&w, "halt");
    play_text(&w, "end");
    assert_int_equal(w.ap_left, 1);
    play_text(&w, "recruit Y:Arundel");
    play_text(&w, "at Sussex");
    assert_int_equal(world_location(&w, BLOCK_Y_ARUNDEL), AREA_SUSSEX);
    assert_true(world_has_flag(&w, BLOCK_Y_ARUNDEL, FLAG_MOVED)); /* recruits may not move this turn */
    assert_false(is_legal(&w, "move-from Sussex"));               /* Arundel and March there have both moved */
    assert_int_equal(w.step, ACTION_PLAYER2);                     /* York's three actions are spent */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_int_equal(w.ap_left, 2);
    assert_world_ok(&w);
}

/* 5.21: five blocks in Middlesex move to Oxford: four straight over the
 * yellow border, the fifth through Leicester or Sussex. */
static void rule_5_21_example_five_blocks_from_middlesex_to_oxford(void **state)
{
    (void)state;
    struct world w;
    static const int FIVE[] = {BLOCK_L_HENRY_VI, BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_OXFORD, BLOCK_L_DEVON};
    board(&w, 20, 13); /* Lancaster 3 is Player 1 */
    for (int i = 0; i < 5; i++)
        put(&w, FIVE[i], AREA_MIDDLESEX);
    play_text(&w, "move-from Middlesex");
    static const char *const BLOCKS[] = {"block L:Henry-VI", "block L:Exeter", "block L:Somerset", "block L:Oxford"};
    for (int i = 0; i < 4; i++) {
        play_text(&w, BLOCKS[i]);
        play_text(&w, "to Oxford");
        play_text(&w, "halt");
    }
    play_text(&w, "block L:Devon");
    assert_false(is_legal(&w, "to Oxford")); /* the border has taken its four */
    assert_true(is_legal(&w, "to Sussex"));
    play_text(&w, "to Leicester");
    play_text(&w, "to Oxford");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_LANCASTER, AREA_OXFORD)), 5);
    assert_world_ok(&w);
}

/* Zugbeispiel (side note to 5.2): from East Anglia for 1 AP to Essex, Middlesex, Rutland,
 * Leicester, Lincoln; 3 may cross the river to Rutland, 3 more via Essex. */
static void rule_5_2_example_east_anglia_group_for_one_ap(void **state)
{
    (void)state;
    struct world w;
    static const int SIX[] = {BLOCK_Y_MARCH,     BLOCK_Y_WARWICK, BLOCK_Y_KENT,
                              BLOCK_Y_SALISBURY, BLOCK_Y_NORFOLK, BLOCK_Y_SUFFOLK};
    board(&w, 13, 20);
    for (int i = 0; i < 6; i++)
        put(&w, SIX[i], AREA_EAST_ANGLIA);
    play_text(&w, "move-from East-Anglia");
    play_text(&w, "block Y:March");
    struct decisions first;
    rules_legal(&w, &first);
    assert_int_equal(first.count, 2); /* one area away: Rutland and Essex */
    assert_true(is_legal(&w, "to Rutland") && is_legal(&w, "to Essex"));
    play_text(&w, "to Essex");
    assert_true(is_legal(&w, "to Middlesex") && is_legal(&w, "to Leicester") && is_legal(&w, "to Rutland") &&
                is_legal(&w, "halt"));
    assert_false(is_legal(&w, "to East-Anglia")); /* never straight back over the border just crossed */
    play_text(&w, "to Leicester");                /* two areas: it stops by itself */
    static const char *const THREE[] = {"block Y:Warwick", "block Y:Kent", "block Y:Salisbury"};
    for (int i = 0; i < 3; i++) {
        play_text(&w, THREE[i]);
        play_text(&w, "to Rutland");
        play_text(&w, "halt");
    }
    play_text(&w, "block Y:Norfolk");
    assert_false(is_legal(&w, "to Rutland")); /* the river takes three */
    play_text(&w, "to Essex");
    play_text(&w, "to Rutland");
    play_text(&w, "block Y:Suffolk");
    play_text(&w, "to Essex");
    assert_false(is_legal(&w, "to Lincoln")); /* Lincoln is two areas away only through Rutland */
    play_text(&w, "to Rutland");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_RUTLAND)), 5);
    assert_world_ok(&w);
}

/* 5.21: a red border stops the move. */
static void rule_5_21_red_border_stops(void **state)
{
    (void)state;
    struct world w;
    board(&w, 20, 13);
    put(&w, BLOCK_L_CLIFFORD, AREA_NORTH_YORKS);
    play_text(&w, "move-from North-Yorks");
    play_text(&w, "block L:Clifford");
    play_text(&w, "to Cumbria"); /* red */
    assert_int_equal(w.move.block, BLOCK_NONE);
    assert_true(world_has_flag(&w, BLOCK_L_CLIFFORD, FLAG_MOVED));
    assert_true(is_legal(&w, "end"));
}

/* Beispiel fürs Binden (side note to 5.22): five defend Chester; three attack from Derby (the main
 * attack) and one from Warwick (a reserve). Three are pinned; two may leave,
 * but not towards Derby or Warwick. */
static void rule_5_22_example_five_defend_chester_three_are_pinned(void **state)
{
    (void)state;
    struct world w;
    static const int DEFENDERS[] = {BLOCK_Y_MARCH, BLOCK_Y_WARWICK, BLOCK_Y_KENT, BLOCK_Y_SALISBURY, BLOCK_Y_NORFOLK};
    board(&w, 20, 13); /* Lancaster is Player 1 and attacks */
    for (int i = 0; i < 5; i++)
        put(&w, DEFENDERS[i], AREA_CHESTER);
    put(&w, BLOCK_L_EXETER, AREA_DERBY);
    put(&w, BLOCK_L_SOMERSET, AREA_DERBY);
    put(&w, BLOCK_L_OXFORD, AREA_DERBY);
    put(&w, BLOCK_L_DEVON, AREA_WARWICK);
    play_text(&w, "move-from Derby");
    play_text(&w, "block L:Exeter");
    play_text(&w, "to Chester");
    play_text(&w, "block L:Somerset");
    play_text(&w, "to Chester");
    play_text(&w, "block L:Oxford");
    play_text(&w, "to Chester");
    play_text(&w, "end");
    play_text(&w, "move-from Warwick");
    play_text(&w, "block L:Devon");
    play_text(&w, "to Chester");
    play_text(&w, "end");
    assert_false(world_has_flag(&w, BLOCK_L_EXETER, FLAG_RESERVE));
    assert_true(world_has_flag(&w, BLOCK_L_DEVON, FLAG_RESERVE));
    play_text(&w, "pass");
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    play_text(&w, "move-from Chester");
    play_text(&w, "block Y:March");
    assert_false(is_legal(&w, "to Derby"));
    assert_false(is_legal(&w, "to Warwick"));
    play_text(&w, "to Lancaster");
    play_text(&w, "halt");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Powys");
    play_text(&w, "halt");
    assert_false(is_legal(&w, "block Y:Kent")); /* the other three are pinned */
    play_text(&w, "end");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_CHESTER)), 3);
    assert_world_ok(&w);
}

/* Seetransportbeispiele (side note to 5.31): from Calais, AP2 can take two
 * blocks to a port, port to port for one AP, and one to an area without a
 * major port (the other two ways are in test_examples.c). 5.3: Calais sails
 * to the Channel, not to the Irish Sea. */
static void rule_5_31_example_ap2_sails_two_to_one_port_and_one_to_a_non_port(void **state)
{
    (void)state;
    struct world w;
    board(&w, 20, 22); /* York 2 against Lancaster 2: York the Pretender is Player 1 */
    put(&w, BLOCK_Y_MARCH, AREA_CALAIS);
    put(&w, BLOCK_Y_WARWICK, AREA_CALAIS);
    put(&w, BLOCK_Y_KENT, AREA_CALAIS);
    put(&w, BLOCK_Y_SALISBURY, AREA_CALAIS);
    assert_int_equal(w.player1, SIDE_YORK);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    assert_true(is_legal(&w, "to Cornwall"));  /* Calais reaches the Channel */
    assert_false(is_legal(&w, "to Somerset")); /* but not the Irish Sea */
    play_text(&w, "to Kent");
    play_text(&w, "block Y:Warwick"); /* the second block of the port pair follows for the same AP */
    assert_int_equal(world_location(&w, BLOCK_Y_WARWICK), AREA_KENT);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:Kent");
    play_text(&w, "to Essex"); /* no major port: the move ends with one block */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_int_equal(world_location(&w, BLOCK_Y_SALISBURY), AREA_CALAIS);
    assert_world_ok(&w);
}

/* 5.3: no sea moves to inland areas, nor for levies, the Scots, the Welsh or
 * the rebel; never into an enemy area except under Piracy. */
static void rule_5_3_who_and_where_by_sea(void **state)
{
    (void)state;
    struct world w;
    board(&w, 20, 13);
    put(&w, BLOCK_L_COVENTRY_LEVY, AREA_KENT);
    put(&w, BLOCK_L_OXFORD, AREA_KENT);
    put(&w, BLOCK_Y_MARCH, AREA_SUSSEX);
    play_text(&w, "sea-from Kent");
    assert_false(is_legal(&w, "block L:Coventry-levy"));
    play_text(&w, "block L:Oxford");
    assert_false(is_legal(&w, "to Sussex"));     /* enemy */
    assert_false(is_legal(&w, "to Calais"));     /* York's exile */
    assert_true(is_legal(&w, "to Cornwall"));    /* Kent touches the Channel... */
    assert_true(is_legal(&w, "to Northumbria")); /* ...and the North Sea */
    assert_false(is_legal(&w, "to Somerset"));
}

/* 5.4 examples: Lancaster recruits Northumberland and the Newcastle levy in
 * Northumbria for 2 AP; York recruits Norfolk, Suffolk and the Norwich levy
 * in East Anglia for 3. */
static void rule_5_4_example_recruiting_in_northumbria_and_east_anglia(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    play_text(&w, "recruit Y:Norfolk");
    play_text(&w, "at East-Anglia");
    play_text(&w, "recruit Y:Suffolk");
    assert_true(is_legal(&w, "at Oxford")); /* Suffolk's other shield */
    play_text(&w, "at East-Anglia");
    play_text(&w, "recruit Y:Norwich-levy");
    play_text(&w, "at East-Anglia");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_EAST_ANGLIA)), 3);
    play_text(&w, "recruit L:Northumberland");
    assert_true(is_legal(&w, "at Northumbria") && is_legal(&w, "at Cumbria") && is_legal(&w, "at East-Yorks"));
    play_text(&w, "at Northumbria");
    play_text(&w, "recruit L:Newcastle-levy");
    play_text(&w, "at Northumbria");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_LANCASTER, AREA_NORTHUMBRIA)), 2);
    assert_int_equal(w.phase, PHASE_CARDS); /* no battles, no supply trouble: the next turn */
    assert_int_equal(w.turn, 2);
    assert_world_ok(&w);
}

/* 5.4: where each type may be recruited. */
static void rule_5_4_recruit_places_by_type(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_Y_MARCH, AREA_SOMERSET);
    put(&w, BLOCK_L_OXFORD, AREA_WILTS);
    play_text(&w, "recruit Y:Bombard");
    assert_true(is_legal(&w, "at Somerset"));   /* a friendly city */
    assert_false(is_legal(&w, "at Middlesex")); /* enemy (Henry VI) */
    assert_false(is_legal(&w, "at Warwick"));   /* a vacant city is not friendly */
    play_text(&w, "at Somerset");
    play_text(&w, "recruit R:Rebel"); /* the rebel fights for the Pretender, York */
    assert_true(is_legal(&w, "at Derby"));
    assert_false(is_legal(&w, "at Somerset")); /* not vacant */
    assert_false(is_legal(&w, "at Wilts"));
    assert_false(is_legal(&w, "at Ireland")); /* not an exile */
    play_text(&w, "at Derby");
    play_text(&w, "recruit Y:Canterbury-church");
    assert_true(is_legal(&w, "at Kent"));
    assert_false(is_legal(&w, "at South-Yorks"));
    play_text(&w, "at Kent");
    play_text(&w, "recruit L:Welsh-mercenary");
    assert_true(is_legal(&w, "at Powys") && is_legal(&w, "at Pembroke") && is_legal(&w, "at Glamorgan") &&
                is_legal(&w, "at Caernarvon"));
    play_text(&w, "at Powys");
    assert_false(is_legal(&w, "recruit L:French-mercenary")); /* comes out of France by sea */
    assert_world_ok(&w);
}

/* 6.3 example 1: York attacks Sussex with 2 from Wilts and 4 from Kent; the
 * Kent group, first over its border, is the main attack; Wilts is a reserve. */
static void rule_6_3_example_1_kent_group_is_the_main_attack(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_SUSSEX);
    put(&w, BLOCK_Y_MARCH, AREA_WILTS);
    put(&w, BLOCK_Y_WARWICK, AREA_WILTS);
    static const int KENT[] = {BLOCK_Y_KENT, BLOCK_Y_SALISBURY, BLOCK_Y_NORFOLK, BLOCK_Y_SUFFOLK};
    for (int i = 0; i < 4; i++)
        put(&w, KENT[i], AREA_KENT);
    play_text(&w, "move-from Kent");
    static const char *const K[] = {"block Y:Kent", "block Y:Salisbury", "block Y:Norfolk", "block Y:Suffolk"};
    for (int i = 0; i < 4; i++) {
        play_text(&w, K[i]);
        play_text(&w, "to Sussex");
    }
    play_text(&w, "end");
    play_text(&w, "move-from Wilts");
    play_text(&w, "block Y:March");
    play_text(&w, "to Sussex");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Sussex");
    play_text(&w, "end");
    for (int i = 0; i < 4; i++)
        assert_false(world_has_flag(&w, KENT[i], FLAG_RESERVE));
    assert_true(world_has_flag(&w, BLOCK_Y_MARCH, FLAG_RESERVE));
    assert_true(world_has_flag(&w, BLOCK_Y_WARWICK, FLAG_RESERVE));
    assert_true(w.main_attack >> border_between(AREA_KENT, AREA_SUSSEX) & 1);
    assert_world_ok(&w);
}

/* 6.3 example 2: one Lancaster block each in Middlesex, Oxford and Gloucester
 * converge for 3 AP over the Oxford/Sussex river: all three are the main attack. */
static void rule_6_3_example_2_three_blocks_over_the_oxford_sussex_river_are_one_main_attack(void **state)
{
    (void)state;
    struct world w;
    board(&w, 20, 13);
    put(&w, BLOCK_Y_MARCH, AREA_SUSSEX);
    put(&w, BLOCK_Y_WARWICK, AREA_SUSSEX);
    put(&w, BLOCK_L_HENRY_VI, AREA_MIDDLESEX);
    put(&w, BLOCK_L_OXFORD, AREA_OXFORD);
    put(&w, BLOCK_L_EXETER, AREA_GLOUCESTER);
    play_text(&w, "move-from Oxford");
    play_text(&w, "block L:Oxford");
    play_text(&w, "to Sussex");
    play_text(&w, "end");
    play_text(&w, "move-from Middlesex");
    play_text(&w, "block L:Henry-VI");
    play_text(&w, "to Oxford");
    play_text(&w, "to Sussex");
    play_text(&w, "end");
    play_text(&w, "move-from Gloucester");
    play_text(&w, "block L:Exeter");
    play_text(&w, "to Oxford");
    play_text(&w, "to Sussex");
    play_text(&w, "end");
    blockset attackers = blocks_in(&w, SIDE_LANCASTER, AREA_SUSSEX);
    assert_int_equal(__builtin_popcountll(attackers), 3);
    assert_int_equal(attackers & w.reserve, 0);
    assert_world_ok(&w);
}

/* 6.3: York attacks Essex from Rutland with 3 (main) and from Middlesex with 2;
 * Lancaster, Player 2, brings 3 from East Anglia to its 2 defenders: all
 * reserves. Player 2 reinforces over two borders at most. */
static void rule_6_3_example_essex_reinforcements_are_reserves(void **state)
{
    (void)state;
    struct world w;
    board(&w, 7, 8); /* 4 against 4: York, the Pretender, is Player 1 */
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_L_BEAUMONT, AREA_ESSEX);
    static const int RUTLAND[] = {BLOCK_Y_KENT, BLOCK_Y_SALISBURY, BLOCK_Y_NORFOLK};
    for (int i = 0; i < 3; i++)
        put(&w, RUTLAND[i], AREA_RUTLAND);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    put(&w, BLOCK_Y_WARWICK, AREA_MIDDLESEX);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    static const int ANGLIA[] = {BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_DEVON};
    for (int i = 0; i < 3; i++)
        put(&w, ANGLIA[i], AREA_EAST_ANGLIA);
    put(&w, BLOCK_L_WILTSHIRE, AREA_LEICESTER);
    play_text(&w, "move-from Rutland");
    play_text(&w, "block Y:Kent");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Salisbury");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Norfolk");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    play_text(&w, "move-from Middlesex");
    play_text(&w, "block Y:March");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    play_text(&w, "pass");
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    play_text(&w, "move-from East-Anglia");
    for (int i = 0; i < 3; i++) {
        play_text(&w, i == 0 ? "block L:Exeter" : i == 1 ? "block L:Somerset" : "block L:Devon");
        play_text(&w, "to Essex");
    }
    play_text(&w, "end");
    for (int i = 0; i < 3; i++)
        assert_true(world_has_flag(&w, ANGLIA[i], FLAG_RESERVE));
    assert_false(world_has_flag(&w, BLOCK_L_OXFORD, FLAG_RESERVE));
    assert_true(world_has_flag(&w, BLOCK_Y_MARCH, FLAG_RESERVE));
    assert_false(world_has_flag(&w, BLOCK_Y_KENT, FLAG_RESERVE));
    /* a second reinforcing border is allowed (Leicester), a third is not (6.3) */
    play_text(&w, "move-from Leicester");
    play_text(&w, "block L:Wiltshire");
    assert_true(is_legal(&w, "to Essex"));
    play_text(&w, "to Essex");
    play_text(&w, "end");
    put(&w, BLOCK_L_BEAUMONT, AREA_RUTLAND); /* York's blocks have gone on from Rutland to Essex */
    play_text(&w, "move-from Rutland");
    play_text(&w, "block L:Beaumont");
    assert_false(is_legal(&w, "to Essex")); /* a third border into the battle */
    assert_world_ok(&w);
}

/* Beispiel einer Spielrunde (side note after 6.85): York 3, Lancaster 3, York
 * is Player 1 (the Pretender). York sails two blocks from Calais to East
 * Anglia, port to port, and recruits Norfolk and the Norwich levy there.
 * Lancaster moves Oxford from Essex to Middlesex and recruits the bombard in
 * Middlesex. The example names the sailing blocks "York & Salisbury", but the
 * Duke of York starts in Ireland (4.4), which is on the Irish Sea, not the
 * North Sea: of the blocks 4.4 puts in Calais, March sails with Salisbury. */
static void rule_1_0_example_the_first_game_turn_of_1460(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    assert_int_equal(world_location(&w, BLOCK_Y_YORK), AREA_IRELAND);
    w.deck = 0;
    w.phase = PHASE_CARDS;
    w.hand[SIDE_YORK] = 1u << 13;
    w.hand[SIDE_LANCASTER] = 1u << 14;
    play_text(&w, "play 13");
    play_text(&w, "play 14");
    assert_int_equal(w.player1, SIDE_YORK);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    play_text(&w, "to East-Anglia");
    play_text(&w, "block Y:Salisbury");
    play_text(&w, "recruit Y:Norfolk");
    play_text(&w, "at East-Anglia");
    play_text(&w, "recruit Y:Norwich-levy");
    play_text(&w, "at East-Anglia");
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    play_text(&w, "move-from Essex");
    play_text(&w, "block L:Oxford");
    play_text(&w, "to Middlesex");
    play_text(&w, "halt");
    play_text(&w, "end");
    play_text(&w, "recruit L:Bombard");
    play_text(&w, "at Middlesex");
    play_text(&w, "pass");
    assert_int_equal(w.phase, PHASE_CARDS); /* no battles, no supply problems: turn 2 */
    assert_int_equal(w.turn, 2);
    assert_int_equal(blocks_in(&w, SIDE_YORK, AREA_EAST_ANGLIA),
                     block_bit(BLOCK_Y_MARCH) | block_bit(BLOCK_Y_SALISBURY) | block_bit(BLOCK_Y_NORFOLK) |
                         block_bit(BLOCK_Y_NORWICH_LEVY));
    assert_int_equal(w.at[AREA_MIDDLESEX],
                     block_bit(BLOCK_L_HENRY_VI) | block_bit(BLOCK_L_OXFORD) | block_bit(BLOCK_L_BOMBARD));
    assert_world_ok(&w);
}

/* RULINGS A.1 Force March: one group up to three areas; no sea move. */
static void event_force_march(void **state)
{
    (void)state;
    struct world w;
    board(&w, 1, 13); /* Force March wins against a 3 */
    put(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    put(&w, BLOCK_Y_MARCH, AREA_KENT);
    put(&w, BLOCK_Y_WARWICK, AREA_KENT);
    assert_false(is_legal(&w, "sea-from Kent"));
    assert_false(is_legal(&w, "recruit Y:Arundel")); /* RULINGS B.17 */
    play_text(&w, "move-from Kent");
    play_text(&w, "block Y:March");
    play_text(&w, "to Middlesex");
    play_text(&w, "to Leicester");
    play_text(&w, "to Warwick");
    assert_int_equal(world_location(&w, BLOCK_Y_MARCH), AREA_WARWICK);
    assert_int_equal(w.move.block, BLOCK_NONE);
}

/* RULINGS A.1 Surprise: every border limit +1 for the move. */
static void event_surprise(void **state)
{
    (void)state;
    struct world w;
    board(&w, 5, 13);
    put(&w, BLOCK_Y_MARCH, AREA_CUMBRIA);
    put(&w, BLOCK_Y_WARWICK, AREA_CUMBRIA);
    put(&w, BLOCK_Y_KENT, AREA_CUMBRIA);
    play_text(&w, "move-from Cumbria");
    static const char *const B[] = {"block Y:March", "block Y:Warwick", "block Y:Kent"};
    for (int i = 0; i < 3; i++) { /* three over a red border of limit 2 */
        play_text(&w, B[i]);
        play_text(&w, "to Lancaster");
    }
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_LANCASTER)), 3);
}

/* RULINGS A.1 Muster: name a friendly or vacant area; blocks from anywhere make
 * a normal move that ends there. */
static void event_muster(void **state)
{
    (void)state;
    struct world w;
    board(&w, 2, 13);
    put(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    put(&w, BLOCK_Y_MARCH, AREA_KENT);
    put(&w, BLOCK_Y_WARWICK, AREA_ESSEX);
    put(&w, BLOCK_Y_KENT, AREA_CORNWALL);
    play_text(&w, "muster Middlesex");
    assert_false(is_legal(&w, "block Y:Kent")); /* Cornwall is too far */
    play_text(&w, "block Y:March");
    assert_true(is_legal(&w, "to Sussex")); /* Sussex then Middlesex is a normal move */
    play_text(&w, "to Middlesex");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Middlesex");
    play_text(&w, "end");
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_MIDDLESEX)), 2);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
}

/* RULINGS A.1 Plague: every block in an enemy city area loses a step, even if
 * that eliminates it. */
static void event_plague(void **state)
{
    (void)state;
    struct world w;
    board(&w, 4, 13);
    put(&w, BLOCK_L_OXFORD, AREA_MIDDLESEX);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    assert_false(is_legal(&w, "plague Essex")); /* no city */
    play_text(&w, "plague Middlesex");
    assert_int_equal(world_steps(&w, BLOCK_L_HENRY_VI), 3);
    assert_int_equal(world_location(&w, BLOCK_L_OXFORD), LOC_DEAD); /* a rose: gone for good */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_world_ok(&w);
}

/* RULINGS A.1 Piracy: two sea moves, which may attack, without the port bonus. */
static void event_piracy(void **state)
{
    (void)state;
    struct world w;
    board(&w, 3, 13);
    put(&w, BLOCK_Y_MARCH, AREA_CALAIS);
    put(&w, BLOCK_Y_WARWICK, AREA_CALAIS);
    assert_false(is_legal(&w, "move-from Calais"));
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    play_text(&w, "to Middlesex"); /* Henry VI is there: an attack from the sea */
    assert_true(world_has_flag(&w, BLOCK_Y_MARCH, FLAG_BY_SEA));
    assert_int_equal(w.move.kind, MOVE_NONE); /* no second block port to port */
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Middlesex");
    assert_false(world_has_flag(&w, BLOCK_Y_WARWICK, FLAG_RESERVE)); /* both came the main way */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_world_ok(&w);
}

/* RULINGS B.19 (5.31): under Piracy only a sea move that attacks loses the
 * port-to-port bonus. Into a vacant major port a second block follows for the
 * same action; into an enemy port it does not (event_piracy). */
static void ruling_b19_piracy_keeps_the_port_bonus_when_not_attacking(void **state)
{
    (void)state;
    struct world w;
    board(&w, 3, 13); /* York plays Piracy: AP2, sea moves only */
    put(&w, BLOCK_Y_MARCH, AREA_CALAIS);
    put(&w, BLOCK_Y_WARWICK, AREA_CALAIS);
    put(&w, BLOCK_Y_KENT, AREA_CALAIS);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    play_text(&w, "to Kent"); /* vacant, a major port like Calais */
    assert_true(is_legal(&w, "block Y:Warwick"));
    play_text(&w, "block Y:Warwick");
    assert_int_equal(world_location(&w, BLOCK_Y_WARWICK), AREA_KENT);
    assert_int_equal(w.ap_left, 1); /* both for one action */
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_world_ok(&w);
}

/* RULINGS B.20 (2.1): Plague names an enemy area, one held by enemy blocks
 * only; a contested city cannot be chosen, so the player's own blocks never
 * suffer it. Lancaster (Surprise, Player 1) has attacked York in London;
 * York answers with Plague. */
static void ruling_b20_plague_never_names_a_contested_area(void **state)
{
    (void)state;
    struct world w;
    board(&w, 4, 5); /* Plague (AP0) against Surprise (AP1): Lancaster is Player 1 */
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_L_BEAUMONT, AREA_SOMERSET);
    assert_int_equal(w.player1, SIDE_LANCASTER);
    march(&w, "Essex", "L:Oxford", "Middlesex");
    assert_true(area_contested(&w, AREA_MIDDLESEX));
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_false(is_legal(&w, "plague Middlesex")); /* contested: London holds York's March too */
    assert_false(is_legal(&w, "plague Lincoln"));   /* enemy, but no city */
    play_text(&w, "plague Somerset");               /* Bristol, Lancaster's alone */
    assert_int_equal(world_steps(&w, BLOCK_L_BEAUMONT), 2);
    assert_int_equal(world_steps(&w, BLOCK_Y_MARCH), 3);
    assert_world_ok(&w);
}

/* RULINGS B.21 (5.3): the sea-move exceptions are listed by name, and the
 * bombard is not among them: it may sail. */
static void ruling_b21_the_bombard_may_sail(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_Y_BOMBARD, AREA_KENT);
    play_text(&w, "sea-from Kent");
    play_text(&w, "block Y:Bombard");
    play_text(&w, "to Northumbria");
    assert_int_equal(world_location(&w, BLOCK_Y_BOMBARD), AREA_NORTHUMBRIA);
}

/* RULINGS B.22 (2.7, 8.3): no block is ever recruited into an enemy exile,
 * whatever its shields. Lancaster's Warwick has Calais among his shields, yet
 * is not placed there; York's own Warwick is. Salisbury and Kent have no Calais
 * shield, though 8.3 sends them to Calais when they go home: their cases guard
 * against reading that into recruiting. */
static void ruling_b22_no_recruit_into_an_enemy_exile(void **state)
{
    (void)state;
    static const int NEVILLES[][2] = {
        {BLOCK_L_WARWICK, BLOCK_Y_WARWICK}, {BLOCK_L_SALISBURY, BLOCK_Y_SALISBURY}, {BLOCK_L_KENT, BLOCK_Y_KENT}};
    static const char *const RECRUIT[] = {"recruit L:Warwick", "recruit L:Salisbury", "recruit L:Kent"};
    for (int i = 0; i < 3; i++) {
        struct world w;
        board(&w, 20, 13); /* Lancaster is Player 1 */
        world_place(&w, NEVILLES[i][1], LOC_OTHER_SIDE);
        world_place(&w, NEVILLES[i][0], LOC_POOL);
        play_text(&w, RECRUIT[i]);
        assert_false(is_legal(&w, "at Calais"));
        if (i == 0)
            assert_true(is_legal(&w, "at Warwick") && is_legal(&w, "at Glamorgan"));
    }
    struct world w;
    board(&w, 13, 20); /* York is Player 1; his Warwick is in the pool */
    play_text(&w, "recruit Y:Warwick");
    assert_true(is_legal(&w, "at Calais")); /* York's own exile */
}

/* Every point of a random game offers a decision. */
static bool offers_a_decision(void *context, const struct world *w, long played)
{
    struct decisions legal;
    (void)context, (void)played;
    rules_legal(w, &legal);
    assert_true(legal.count > 0 && legal.count <= MAX_DECISIONS);
    return true;
}

static bool keeps_every_invariant(void *context, const struct world *before, decision d, const struct world *after,
                                  long played)
{
    (void)context, (void)before, (void)d, (void)played;
    assert_world_ok(after);
    for (int e = 0; e < BORDER_COUNT; e++)
        assert_true(world_crossed(after, e) <= BORDER_INFO[e].limit + 1);
    return true;
}

/* Random legal play from each scenario's start through the cards, the action
 * phase and the battles, checking after every decision that the invariants
 * hold, that no border takes more blocks than its limit (+1 under Surprise),
 * and that every point offers a decision. */
static void random_turns_keep_every_invariant(void **state)
{
    (void)state;
    uint64_t rng = 1;
    long decisions = 0;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.before = offers_a_decision, .after = keeps_every_invariant};
    for (int game = 0; game < 300; game++) {
        struct world w;
        scenario_setup(&w, game % SCENARIO_COUNT);
        struct game_outcome o = game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
        decisions += o.decisions;
        assert_int_equal(o.status, GAME_OVER);
        assert_int_equal(w.phase, PHASE_OVER);
    }
    printf("random games: %ld decisions checked\n", decisions);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_1_2_example_ap3_allows_two_moves_and_one_recruit),
        cmocka_unit_test(rule_5_21_example_five_blocks_from_middlesex_to_oxford),
        cmocka_unit_test(rule_5_2_example_east_anglia_group_for_one_ap),
        cmocka_unit_test(rule_5_21_red_border_stops),
        cmocka_unit_test(rule_5_22_example_five_defend_chester_three_are_pinned),
        cmocka_unit_test(rule_5_31_example_ap2_sails_two_to_one_port_and_one_to_a_non_port),
        cmocka_unit_test(rule_5_3_who_and_where_by_sea),
        cmocka_unit_test(rule_5_4_example_recruiting_in_northumbria_and_east_anglia),
        cmocka_unit_test(rule_5_4_recruit_places_by_type),
        cmocka_unit_test(rule_6_3_example_1_kent_group_is_the_main_attack),
        cmocka_unit_test(rule_6_3_example_2_three_blocks_over_the_oxford_sussex_river_are_one_main_attack),
        cmocka_unit_test(rule_6_3_example_essex_reinforcements_are_reserves),
        cmocka_unit_test(rule_1_0_example_the_first_game_turn_of_1460),
        cmocka_unit_test(event_force_march),
        cmocka_unit_test(event_surprise),
        cmocka_unit_test(event_muster),
        cmocka_unit_test(event_plague),
        cmocka_unit_test(event_piracy),
        cmocka_unit_test(ruling_b19_piracy_keeps_the_port_bonus_when_not_attacking),
        cmocka_unit_test(ruling_b20_plague_never_names_a_contested_area),
        cmocka_unit_test(ruling_b21_the_bombard_may_sail),
        cmocka_unit_test(ruling_b22_no_recruit_into_an_enemy_exile),
        cmocka_unit_test(random_turns_keep_every_invariant),
    };
    return cmocka_run_group_tests_name("action", tests, NULL, NULL);
}
