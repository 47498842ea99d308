/*
 * test_battle.c: battles through decisions, with the dice given: the battle
 * example (Herbert, Rivers, Clarence), 6.4 (Stanley's three dice, and each
 * volley on one block until it falls: surplus, ties, ties after a fall), 6.9
 * (Northumberland, loyalty 2), 6.91 (Warwick and the Nevilles), Exeter at A3
 * in Cornwall, the bombard (6.2), hits and ties (6.4, B.12), charges (6.5),
 * reserves and control (6.3, B.2), retreats (6.6), regroups (6.7), the
 * Treason card, and eliminations by type (6.81-6.86).
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
#include "engine/rules/battle.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/political.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "tests/support.h"

/* The empty board of support.c with Henry VI moved out of the way, to Lincoln. */
static void board(struct world *w, int york_card, int lancaster_card)
{
    empty_board(w, york_card, lancaster_card);
    world_place(w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
}

/* The rulebook's battle example: Herbert (A2) and Clarence (B2) attack Rivers
 * (B2). The order of battle turns is Herbert, Rivers, Clarence: the defender
 * first at the same letter. */
static void rule_6_2_example_herbert_rivers_clarence_turn_order(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20); /* York, Player 1, attacks */
    put(&w, BLOCK_L_RIVERS, AREA_LEICESTER);
    put(&w, BLOCK_Y_HERBERT, AREA_WARWICK);
    put(&w, BLOCK_Y_CLARENCE, AREA_WARWICK);
    play_text(&w, "move-from Warwick");
    play_text(&w, "block Y:Herbert");
    play_text(&w, "to Leicester");
    play_text(&w, "block Y:Clarence");
    play_text(&w, "to Leicester");
    play_text(&w, "end");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_int_equal(w.phase, PHASE_BATTLE);
    assert_int_equal(w.battle.area, AREA_LEICESTER); /* the only battle starts by itself */
    assert_int_equal(w.battle.attacker, SIDE_YORK);
    assert_true(is_legal(&w, "fire Y:Herbert"));
    assert_false(is_legal(&w, "fire Y:Clarence"));
    play_text(&w, "fire Y:Herbert");
    rolls(&w, "666"); /* three misses */
    assert_true(is_legal(&w, "fire L:Rivers"));
    assert_false(is_legal(&w, "fire Y:Clarence"));
    play_text(&w, "fire L:Rivers");
    rolls(&w, "66");
    assert_true(is_legal(&w, "fire Y:Clarence"));
    play_text(&w, "pass Y:Clarence");
    assert_int_equal(w.battle.round, 2);
    assert_world_ok(&w);
}

/* Passes the battle turn of whichever York block is due. */
static void york_passes(struct world *w)
{
    struct decisions legal;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++)
        if (decision_kind(legal.list[i]) == DECIDE_HOLD) {
            rules_apply(w, legal.list[i]);
            return;
        }
    fail_msg("no York block may pass here");
}

/* Lancaster's 'attacker' (from Lancaster) attacks York's blocks in Chester,
 * standing at the given strengths; York's blocks pass until the attacker's
 * turn comes. */
static void attack_chester(struct world *w, int attacker, int attacker_steps, const int *york, const int *steps,
                           int count)
{
    board(w, 20, 13); /* Lancaster is Player 1 */
    for (int i = 0; i < count; i++) {
        put(w, york[i], AREA_CHESTER);
        world_set_steps(w, york[i], steps[i]);
    }
    put(w, attacker, AREA_LANCASTER);
    world_set_steps(w, attacker, attacker_steps);
    char name[48];
    snprintf(name, sizeof name, "%s", BLOCK_INFO[attacker].id);
    march(w, "Lancaster", name, "Chester");
    play_text(w, "pass");
    play_text(w, "pass");
    char fire[64];
    snprintf(fire, sizeof fire, "fire %s", name);
    for (int turns = 0; !is_legal(w, fire) && turns < count; turns++)
        york_passes(w);
    assert_true(is_legal(w, fire));
}

/* Northumberland (B3, four dice) fires at York's blocks in Chester: these faces. */
static void northumberland_volley(struct world *w, const int *york, const int *steps, int count, const char *faces)
{
    attack_chester(w, BLOCK_L_NORTHUMBERLAND, 4, york, steps, count);
    play_text(w, "fire L:Northumberland");
    rolls(w, faces);
}

static void assert_only_hits(const struct world *w, const char *const *choices, int count)
{
    struct decisions legal;
    rules_legal(w, &legal);
    assert_int_equal(legal.count, count);
    for (int i = 0; i < count; i++)
        assert_true(is_legal(w, choices[i]));
}

/* 6.4, the rulebook's example: Stanley at strength 3 rolls three dice; as B2,
 * every 1 and 2 hits, the rest miss. Both hits are one volley: York chooses
 * once between its two strongest blocks, and the chosen one takes both. */
static void rule_6_4_example_stanley_rolls_three_dice(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_MARCH, BLOCK_Y_HERBERT, BLOCK_Y_WORCESTER}, STEPS[] = {3, 3, 2};
    attack_chester(&w, BLOCK_L_STANLEY, 3, YORK, STEPS, 3);
    assert_int_equal(battle_firepower(&w, BLOCK_L_STANLEY), 2);
    play_text(&w, "fire L:Stanley");
    assert_int_equal(w.battle.dice, 3); /* three dice for strength 3 */
    rolls(&w, "125");                   /* 1 and 2 hit, 5 misses */
    assert_int_equal(w.battle.hits, 2);
    assert_int_equal(rules_actor(&w), ACTOR_YORK); /* March and Herbert tie at 3: York chooses */
    static const char *const TIE[] = {"hit Y:March", "hit Y:Herbert"};
    assert_only_hits(&w, TIE, 2);
    play_text(&w, "hit Y:Herbert");
    assert_int_equal(world_steps(&w, BLOCK_Y_HERBERT), 1); /* both hits, though March is now stronger */
    assert_int_equal(world_steps(&w, BLOCK_Y_MARCH), 3);
    assert_int_equal(world_steps(&w, BLOCK_Y_WORCESTER), 2);
    assert_int_equal(w.battle.round, 2); /* no second question: the volley is spent */
    assert_world_ok(&w);
}

/* 6.4 and its side note: one devastating volley eliminates one block. Three
 * hits on blocks of strength 3, 3 and 2: the chosen 3 takes all three. */
static void rule_6_4_one_volley_eliminates_one_block(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_HERBERT, BLOCK_Y_SUFFOLK, BLOCK_Y_WORCESTER}, STEPS[] = {3, 3, 2};
    northumberland_volley(&w, YORK, STEPS, 3, "1116");
    static const char *const TIE[] = {"hit Y:Herbert", "hit Y:Suffolk"};
    assert_only_hits(&w, TIE, 2);
    play_text(&w, "hit Y:Herbert");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), LOC_DEAD); /* a rose: dead for good */
    assert_int_equal(world_steps(&w, BLOCK_Y_SUFFOLK), 3);
    assert_int_equal(world_steps(&w, BLOCK_Y_WORCESTER), 2);
    assert_world_ok(&w);
}

/* 6.4: only when the strongest block is eliminated does the surplus go on, to
 * the next strongest. Four hits on 3, 2 and 1: the 3 falls, the 2 takes one. */
static void rule_6_4_surplus_carries_to_the_next_strongest(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_HERBERT, BLOCK_Y_SUFFOLK, BLOCK_Y_WORCESTER}, STEPS[] = {3, 2, 1};
    northumberland_volley(&w, YORK, STEPS, 3, "1111");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), LOC_DEAD);
    assert_int_equal(world_steps(&w, BLOCK_Y_SUFFOLK), 1);
    assert_int_equal(world_location(&w, BLOCK_Y_WORCESTER), AREA_CHESTER);
    assert_int_equal(world_steps(&w, BLOCK_Y_WORCESTER), 1);
    assert_int_equal(w.battle.round, 2); /* nobody was asked: every target was the only strongest */
    assert_world_ok(&w);
}

/* 6.4, RULINGS B.12: the owner's choice on a tie is asked once and holds for
 * the whole volley. Two hits on 3 and 3: the chosen block takes both. */
static void rule_6_4_a_tie_is_asked_once_per_volley(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_HERBERT, BLOCK_Y_SUFFOLK}, STEPS[] = {3, 3};
    northumberland_volley(&w, YORK, STEPS, 2, "1166");
    play_text(&w, "hit Y:Suffolk");
    assert_int_equal(world_steps(&w, BLOCK_Y_SUFFOLK), 1);
    assert_int_equal(world_steps(&w, BLOCK_Y_HERBERT), 3);
    assert_int_equal(w.battle.round, 2);
    assert_world_ok(&w);
}

/* 6.4: a tie that arises after an elimination is a new choice, among the
 * blocks left. Three hits on 2, 1 and 1: the 2 falls, then York chooses. */
static void rule_6_4_a_new_tie_after_an_elimination(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_HERBERT, BLOCK_Y_SUFFOLK, BLOCK_Y_WORCESTER}, STEPS[] = {2, 1, 1};
    northumberland_volley(&w, YORK, STEPS, 3, "1116");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), LOC_DEAD);
    static const char *const TIE[] = {"hit Y:Suffolk", "hit Y:Worcester"};
    assert_only_hits(&w, TIE, 2);
    play_text(&w, "hit Y:Worcester");
    assert_int_equal(world_location(&w, BLOCK_Y_WORCESTER), LOC_DEAD);
    assert_int_equal(world_steps(&w, BLOCK_Y_SUFFOLK), 1);
    assert_int_equal(world_location(&w, BLOCK_Y_SUFFOLK), AREA_CHESTER);
    assert_world_ok(&w);
}

/* 2.3 WICHTIG and RULINGS B.5: Exeter alone defends Cornwall, his shield and a crown,
 * as the senior royal heir present: A1 + 2 = A3. */
static void rule_2_3_example_exeter_defends_cornwall_at_a3(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_EXETER, AREA_CORNWALL);
    put(&w, BLOCK_Y_KENT, AREA_SOMERSET);
    march(&w, "Somerset", "Y:Kent", "Cornwall");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_int_equal(battle_firepower(&w, BLOCK_L_EXETER), 3);
    assert_int_equal(battle_initiative(&w, BLOCK_L_EXETER), 'A');
    assert_int_equal(battle_firepower(&w, BLOCK_Y_KENT), 2); /* attackers get no bonus */
}

/* Königliche Wappenschilder (side note to 2.2) and RULINGS B.4: once Somerset
 * is dead, his shield (Dorset) is a common Lancaster shield: the senior
 * Lancaster heir present defends it at +1. */
static void rule_2_2_royal_shields_example_dorset_opens_to_any_heir_once_somerset_is_dead(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    world_place(&w, BLOCK_L_SOMERSET, LOC_DEAD);
    put(&w, BLOCK_L_EXETER, AREA_DORSET);
    put(&w, BLOCK_Y_KENT, AREA_WILTS);
    march(&w, "Wilts", "Y:Kent", "Dorset");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_int_equal(battle_firepower(&w, BLOCK_L_EXETER), 2); /* A1 + 1: Dorset has no crown */
}

/* RULINGS B.5: a noble at his shield, a levy in its city, a church at its
 * cathedral, the Welsh in Wales, each +1 when defending. */
static void defence_bonuses(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_YORK_LEVY, AREA_SOUTH_YORKS);
    put(&w, BLOCK_L_YORK_CHURCH, AREA_SOUTH_YORKS);
    put(&w, BLOCK_L_SHREWSBURY, AREA_SOUTH_YORKS);
    put(&w, BLOCK_L_CLIFFORD, AREA_SOUTH_YORKS); /* not his shield */
    put(&w, BLOCK_Y_KENT, AREA_NORTH_YORKS);
    march(&w, "North-Yorks", "Y:Kent", "South-Yorks");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_int_equal(battle_firepower(&w, BLOCK_L_YORK_LEVY), 4);
    assert_int_equal(battle_firepower(&w, BLOCK_L_YORK_CHURCH), 3);
    assert_int_equal(battle_firepower(&w, BLOCK_L_SHREWSBURY), 2);
    assert_int_equal(battle_firepower(&w, BLOCK_L_CLIFFORD), 2);
}

/* 6.2, RULINGS A.6: the bombard is A3 in round 1 and D3 after. */
static void bombard_a3_then_d3(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_BEAUMONT, AREA_ESSEX);
    put(&w, BLOCK_Y_BOMBARD, AREA_MIDDLESEX);
    put(&w, BLOCK_Y_ESSEX, AREA_MIDDLESEX);
    play_text(&w, "move-from Middlesex");
    play_text(&w, "block Y:Essex");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Bombard");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_int_equal(battle_initiative(&w, BLOCK_Y_BOMBARD), 'A');
    assert_true(is_legal(&w, "fire Y:Bombard")); /* first of all: A before the defender's B */
    play_text(&w, "pass Y:Bombard");
    play_text(&w, "pass L:Beaumont");
    play_text(&w, "pass Y:Essex");
    assert_int_equal(w.battle.round, 2);
    assert_int_equal(battle_initiative(&w, BLOCK_Y_BOMBARD), 'D');
    assert_true(is_legal(&w, "fire L:Beaumont")); /* now the defender's B comes first */
}

static void treachery_roll(struct world *w, const char *faces, bool expect_defection)
{
    play_text(w, "treachery Y:York L:Northumberland");
    assert_int_equal(w->battle.dice, 2);
    rolls(w, faces);
    if (expect_defection) {
        assert_int_equal(world_location(w, BLOCK_Y_NORTHUMBERLAND), w->battle.area);
        assert_int_equal(world_steps(w, BLOCK_Y_NORTHUMBERLAND), 3);
        assert_true(world_has_flag(w, BLOCK_Y_NORTHUMBERLAND, FLAG_RESERVE));
        assert_int_equal(world_location(w, BLOCK_L_NORTHUMBERLAND), LOC_OTHER_SIDE);
    } else {
        assert_int_equal(world_location(w, BLOCK_L_NORTHUMBERLAND), w->battle.area);
    }
}

/* 6.9: the King or the Pretender may roll at Northumberland (Lancaster's, loyalty
 * 2): two dice, both even, and he changes sides into the roller's reserve at
 * his strength. Here Northumberland attacks Derby, which York, the Pretender,
 * defends. */
static void northumberland_against_the_pretender(struct world *w)
{
    board(w, 20, 13);
    put(w, BLOCK_Y_YORK, AREA_DERBY);
    put(w, BLOCK_L_NORTHUMBERLAND, AREA_SOUTH_YORKS);
    world_set_steps(w, BLOCK_L_NORTHUMBERLAND, 3);
    put(w, BLOCK_L_BEAUMONT, AREA_SOUTH_YORKS);
    play_text(w, "move-from South-Yorks");
    play_text(w, "block L:Northumberland");
    play_text(w, "to Derby");
    play_text(w, "block L:Beaumont");
    play_text(w, "to Derby");
    play_text(w, "end");
    play_text(w, "pass");
    play_text(w, "pass");
    assert_int_equal(w->battle.area, AREA_DERBY);
}

static void rule_6_9_example_northumberland_loyalty_2_defects_on_two_even_dice(void **state)
{
    (void)state;
    struct world w;
    northumberland_against_the_pretender(&w);
    assert_true(is_legal(&w, "treachery Y:York L:Northumberland"));
    assert_false(is_legal(&w, "treachery Y:York L:Beaumont")); /* a rose never defects */
    treachery_roll(&w, "24", true);
    assert_int_equal(w.battle.flags & BATTLE_PRETENDER_ROLLED, BATTLE_PRETENDER_ROLLED);
    assert_world_ok(&w);
    northumberland_against_the_pretender(&w);
    treachery_roll(&w, "23", false); /* one odd die: he stays */
    assert_world_ok(&w);
}

/* What a die counts for in its roll (rules_die_counts, the outcome the
 * search's chance nodes key by): in Stanley's fire (6.2, 6.4) a die counts
 * when it shows his firepower or less, so the count is the hits the volley
 * brings; in a treachery roll (6.9) an odd die counts, and no odd die is a
 * defection. */
static void a_die_counts_as_a_hit_or_as_an_odd_treachery_die(void **state)
{
    (void)state;
    struct world w;
    static const int YORK[] = {BLOCK_Y_MARCH, BLOCK_Y_HERBERT, BLOCK_Y_WORCESTER}, STEPS[] = {3, 3, 2};
    attack_chester(&w, BLOCK_L_STANLEY, 3, YORK, STEPS, 3);
    play_text(&w, "fire L:Stanley");
    for (int face = 1; face <= 6; face++)
        assert_int_equal(rules_die_counts(&w, decision_make(DECIDE_ROLL, face)), face <= 2); /* B2 */
    northumberland_against_the_pretender(&w);
    play_text(&w, "treachery Y:York L:Northumberland");
    for (int face = 1; face <= 6; face++)
        assert_int_equal(rules_die_counts(&w, decision_make(DECIDE_ROLL, face)), face % 2);
}

/* 6.91: Kent and Salisbury have loyalty W: two dice, one when Warwick rolls;
 * Warwick cannot roll at Northumberland or Westmoreland. */
static void rule_6_91_warwick(void **state)
{
    (void)state;
    struct world w;
    board(&w, 20, 13); /* Lancaster attacks with Warwick */
    world_place(&w, BLOCK_Y_WARWICK, LOC_OTHER_SIDE);
    world_place(&w, BLOCK_L_KENT, LOC_OTHER_SIDE);
    world_place(&w, BLOCK_L_NORTHUMBERLAND, LOC_OTHER_SIDE);
    put(&w, BLOCK_L_WARWICK, AREA_LEICESTER);
    put(&w, BLOCK_Y_KENT, AREA_WARWICK);
    put(&w, BLOCK_Y_NORTHUMBERLAND, AREA_WARWICK);
    march(&w, "Leicester", "L:Warwick", "Warwick");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass Y:Kent");           /* A2 */
    play_text(&w, "pass Y:Northumberland"); /* B3 */
    assert_false(is_legal(&w, "treachery L:Warwick Y:Northumberland"));
    play_text(&w, "treachery L:Warwick Y:Kent");
    assert_int_equal(w.battle.dice, 1); /* one die, as Warwick rolls */
    rolls(&w, "6");
    assert_int_equal(world_location(&w, BLOCK_L_KENT), AREA_WARWICK);
}

/* 6.5: the senior heir charges a named block; surplus hits are lost; a target
 * that survives fires back at the heir alone. */
static void rule_6_5_charge(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);   /* A2, 3 steps */
    put(&w, BLOCK_L_BEAUMONT, AREA_ESSEX); /* B2, 3 steps */
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX); /* A3, heir */
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "charge Y:March L:Beaumont");
    rolls(&w, "666"); /* no hits: Beaumont survives and fires back at March */
    assert_int_equal(w.battle.actor, BLOCK_Y_MARCH);
    rolls(&w, "116");
    assert_int_equal(world_steps(&w, BLOCK_Y_MARCH), 1);
    assert_int_equal(world_steps(&w, BLOCK_L_OXFORD), 1); /* the bonus fire touched only the heir */
    assert_world_ok(&w);
}

static void rule_6_5_charge_surplus_is_lost(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_L_BEAUMONT, AREA_ESSEX);
    world_set_steps(&w, BLOCK_L_BEAUMONT, 1);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "charge Y:March L:Beaumont");
    rolls(&w, "111"); /* three hits at a one-step block: two are lost */
    assert_int_equal(world_location(&w, BLOCK_L_BEAUMONT), LOC_DEAD);
    assert_int_equal(world_steps(&w, BLOCK_L_OXFORD), 3);
}

/* 6.5, RULINGS B.11: the target's bonus fire goes to the charging heir alone;
 * what he cannot take is lost, not passed to the blocks beside him. */
static void rule_6_5_bonus_fire_surplus_is_lost(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_L_BEAUMONT, AREA_ESSEX);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    put(&w, BLOCK_Y_HASTINGS, AREA_MIDDLESEX);
    world_set_steps(&w, BLOCK_Y_MARCH, 1);
    play_text(&w, "move-from Middlesex");
    play_text(&w, "block Y:March");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Hastings");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "charge Y:March L:Beaumont");
    rolls(&w, "6");   /* March has one step: one die, a miss */
    rolls(&w, "111"); /* Beaumont fires back: three hits at a one-step heir */
    assert_int_equal(world_location(&w, BLOCK_Y_MARCH), LOC_DEAD);
    assert_int_equal(world_steps(&w, BLOCK_Y_HASTINGS), 3);
    assert_world_ok(&w);
}

/* 6.3: when the last block of round 1 falls, the reserves step in at once;
 * they take hits from the blocks that have not fired yet, not the surplus of
 * the volley that cleared the way. */
static void rule_6_3_reserves_stepping_in_take_no_surplus(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    put(&w, BLOCK_L_BEAUMONT, AREA_EAST_ANGLIA);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    march(&w, "East-Anglia", "L:Beaumont", "Essex");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "fire Y:March");
    rolls(&w, "111"); /* one hit kills Oxford; two are left over */
    assert_int_equal(world_location(&w, BLOCK_L_OXFORD), LOC_DEAD);
    assert_false(world_has_flag(&w, BLOCK_L_BEAUMONT, FLAG_RESERVE)); /* stepped in */
    assert_int_equal(world_steps(&w, BLOCK_L_BEAUMONT), 3);
    assert_world_ok(&w);
}

/* 6.6: no retreat in round 1, nor over a border the enemy came over; 6.2:
 * attackers must retreat in round 4, and one that cannot is eliminated. */
static void rule_6_6_retreats(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    play_text(&w, "pass");
    assert_false(is_legal(&w, "retreat L:Oxford Rutland")); /* round 1 */
    play_text(&w, "pass L:Oxford");
    play_text(&w, "pass Y:March");
    assert_true(is_legal(&w, "retreat L:Oxford Rutland"));
    assert_false(is_legal(&w, "retreat L:Oxford Middlesex")); /* York came that way */
    play_text(&w, "pass L:Oxford");
    assert_true(is_legal(&w, "retreat Y:March Middlesex"));
    play_text(&w, "pass Y:March");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "pass Y:March");
    assert_int_equal(w.battle.round, 4);
    play_text(&w, "pass L:Oxford");
    assert_false(is_legal(&w, "pass Y:March")); /* round 4: the attacker must retreat */
    assert_false(is_legal(&w, "fire Y:March"));
    play_text(&w, "retreat Y:March Middlesex");
    /* the battle is over: Lancaster won and may regroup */
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    assert_true(is_legal(&w, "regroup L:Oxford Rutland"));
    play_text(&w, "regroup L:Oxford Rutland");
    assert_int_equal(w.phase, PHASE_CARDS); /* supply holds no trouble: the next turn */
    assert_world_ok(&w);
}

static void rule_6_6_trapped_attacker_is_eliminated(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    put(&w, BLOCK_L_BEAUMONT, AREA_MIDDLESEX); /* Lancaster now holds every way out */
    put(&w, BLOCK_L_DEVON, AREA_RUTLAND);
    put(&w, BLOCK_L_CLIFFORD, AREA_LEICESTER);
    put(&w, BLOCK_L_WILTSHIRE, AREA_EAST_ANGLIA);
    play_text(&w, "pass");
    for (int round = 1; round <= 3; round++) {
        play_text(&w, "pass L:Oxford");
        play_text(&w, "pass Y:March");
    }
    play_text(&w, "pass L:Oxford");
    assert_int_equal(world_location(&w, BLOCK_Y_MARCH), LOC_DEAD); /* RULINGS A.7 */
    assert_world_ok(&w);
}

/* 6.6: where both sides came over the same border, only Player 2 may retreat
 * over it. York (Player 1) attacks Essex from Rutland; Lancaster, Player 2,
 * reinforces over the same border, through the Rutland York has left: then
 * Lancaster may retreat to Rutland, and York may not. */
static void rule_6_6_shared_border_only_player_2(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20); /* York is Player 1 */
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_Y_MARCH, AREA_RUTLAND);
    put(&w, BLOCK_L_BEAUMONT, AREA_LEICESTER);
    march(&w, "Rutland", "Y:March", "Essex");
    play_text(&w, "pass");
    play_text(&w, "move-from Leicester");
    play_text(&w, "block L:Beaumont");
    play_text(&w, "to Rutland"); /* Rutland was left empty by York */
    play_text(&w, "to Essex");   /* Lancaster crosses Rutland-Essex too */
    play_text(&w, "end");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "pass Y:March");
    assert_int_equal(w.battle.round, 2); /* Beaumont arrives from reserve */
    play_text(&w, "pass L:Oxford");
    assert_false(is_legal(&w, "retreat Y:March Rutland")); /* Player 1 may not use it */
    play_text(&w, "pass Y:March");
    play_text(&w, "pass L:Beaumont");
    assert_int_equal(w.battle.round, 3);
    assert_true(is_legal(&w, "retreat L:Oxford Rutland")); /* Player 2 may */
}

/* RULINGS A.1 Surprise: the +1 also holds for the player's retreats that turn. */
static void surprise_widens_retreats(void **state)
{
    (void)state;
    struct world w;
    board(&w, 5, 13); /* York plays Surprise */
    put(&w, BLOCK_L_OXFORD, AREA_CUMBRIA);
    put(&w, BLOCK_L_BEAUMONT, AREA_CUMBRIA);
    put(&w, BLOCK_L_DEVON, AREA_CUMBRIA);
    static const int FOUR[] = {BLOCK_Y_MARCH, BLOCK_Y_WARWICK, BLOCK_Y_KENT, BLOCK_Y_SALISBURY};
    for (int i = 0; i < 4; i++)
        put(&w, FOUR[i], AREA_NORTHUMBRIA);
    play_text(&w, "move-from Northumbria");
    static const char *const B4[] = {"block Y:March", "block Y:Warwick", "block Y:Kent"};
    for (int i = 0; i < 3; i++) { /* a red border of 2, +1 */
        play_text(&w, B4[i]);
        play_text(&w, "to Cumbria");
    }
    play_text(&w, "end");
    play_text(&w, "pass");
    /* round 1: everybody passes; in round 2 each York block retreats on its turn */
    int retreated = 0;
    while (retreated < 3) {
        struct decisions choices;
        rules_legal(&w, &choices);
        decision pick = choices.list[0];
        for (int i = 0; i < choices.count; i++) {
            int kind = decision_kind(choices.list[i]);
            if (kind == DECIDE_HOLD && (w.battle.round == 1 || rules_actor(&w) == ACTOR_LANCASTER)) {
                pick = choices.list[i];
                break;
            }
            if (kind == DECIDE_RETREAT && w.battle.round == 2 && decision_second(choices.list[i]) == AREA_NORTHUMBRIA) {
                pick = choices.list[i];
                break;
            }
        }
        retreated += decision_kind(pick) == DECIDE_RETREAT;
        rules_apply(&w, pick);
    }
    assert_int_equal(w.battle.round, 2); /* three over a border of 2 in one round */
    assert_int_equal(__builtin_popcountll(blocks_in(&w, SIDE_YORK, AREA_NORTHUMBRIA)), 4);
}

/* RULINGS A.1 Piracy: attackers that came by sea retreat only by sea, to a
 * friendly or vacant coastal area of the same sea zone. */
static void piracy_attackers_retreat_by_sea(void **state)
{
    (void)state;
    struct world w;
    board(&w, 3, 13); /* York plays Piracy */
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&w, BLOCK_Y_MARCH, AREA_CALAIS);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    play_text(&w, "to Essex");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "pass Y:March");
    play_text(&w, "pass L:Oxford");
    assert_false(is_legal(&w, "retreat Y:March Leicester")); /* a land neighbour, inland: not by land */
    assert_true(is_legal(&w, "retreat Y:March Kent"));       /* across the North Sea */
    assert_false(is_legal(&w, "retreat Y:March Cornwall"));  /* not on the North Sea */
}

/* RULINGS A.1 Piracy: a winner that came by sea also regroups only by sea. */
static void piracy_winners_regroup_by_sea(void **state)
{
    (void)state;
    struct world w;
    board(&w, 3, 13);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    put(&w, BLOCK_Y_MARCH, AREA_CALAIS);
    play_text(&w, "sea-from Calais");
    play_text(&w, "block Y:March");
    play_text(&w, "to Essex");
    play_text(&w, "pass");
    play_text(&w, "pass");
    play_text(&w, "pass L:Oxford");
    play_text(&w, "fire Y:March");
    rolls(&w, "166");
    assert_int_equal(rules_actor(&w), ACTOR_YORK); /* York won and may regroup */
    assert_true(is_legal(&w, "regroup Y:March Kent"));
    assert_false(is_legal(&w, "regroup Y:March Leicester"));
    assert_false(is_legal(&w, "regroup Y:March Cornwall"));
}

/* 6.3, RULINGS B.2: reserves wait for round 2; if the defenders of round 1
 * all fall, their reserves enter at once and control passes. */
static void rule_6_3_reserves_and_control(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    put(&w, BLOCK_L_OXFORD, AREA_ESSEX);
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    put(&w, BLOCK_L_BEAUMONT, AREA_EAST_ANGLIA);
    put(&w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    march(&w, "Middlesex", "Y:March", "Essex");
    play_text(&w, "pass");
    march(&w, "East-Anglia", "L:Beaumont", "Essex"); /* Player 2 reinforces: a reserve */
    play_text(&w, "pass");
    assert_true(world_has_flag(&w, BLOCK_L_BEAUMONT, FLAG_RESERVE));
    assert_false(is_legal(&w, "fire L:Beaumont"));
    play_text(&w, "pass L:Oxford"); /* A2 defender */
    play_text(&w, "fire Y:March");  /* A3 attacker */
    rolls(&w, "166");
    assert_int_equal(world_location(&w, BLOCK_L_OXFORD), LOC_DEAD);
    /* Beaumont enters at once; Lancaster now attacks, York defends */
    assert_false(world_has_flag(&w, BLOCK_L_BEAUMONT, FLAG_RESERVE));
    assert_int_equal(w.battle.attacker, SIDE_LANCASTER);
    assert_true(w.battle.flags & BATTLE_CONTROL_SWAPPED);
    assert_int_equal(w.battle.round, 2); /* Beaumont may not fire in round 1 */
    assert_world_ok(&w);
}

/* RULINGS A.1 Treason: one roll before a battle begins, without the King. */
static void treason_card_rolls_before_the_battle(void **state)
{
    (void)state;
    struct world w;
    board(&w, 6, 13); /* York plays Treason and is Player 1 */
    world_place(&w, BLOCK_Y_STANLEY, LOC_OTHER_SIDE);
    put(&w, BLOCK_L_STANLEY, AREA_LANCASTER); /* loyalty 1 */
    put(&w, BLOCK_Y_MARCH, AREA_CHESTER);
    march(&w, "Chester", "Y:March", "Lancaster");
    play_text(&w, "pass");
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_true(is_legal(&w, "decline"));
    play_text(&w, "treason L:Stanley");
    rolls(&w, "4");
    assert_int_equal(world_location(&w, BLOCK_Y_STANLEY), AREA_LANCASTER);
    assert_true(w.flags & WORLD_TREASON_ROLLED);
    /* Lancaster has no block left in the battle: it ends, York regroups or not */
    assert_int_equal(blocks_in(&w, SIDE_LANCASTER, AREA_LANCASTER), 0);
    assert_world_ok(&w);
}

/* 6.81-6.86: where eliminated blocks go. */
static void rule_6_8_eliminations_by_type(void **state)
{
    (void)state;
    struct world w;
    board(&w, 13, 20);
    struct {
        int block, location;
        bool face_down;
    } cases[] = {
        {BLOCK_L_BEAUMONT, LOC_DEAD, false},           /* rose (6.83) */
        {BLOCK_Y_WARWICK, LOC_DEAD, false},            /* a Neville (6.83) */
        {BLOCK_L_BUCKINGHAM, LOC_POOL, true},          /* other nobles (6.83) */
        {BLOCK_L_BRISTOL_LEVY, LOC_POOL, true},        /* levies (6.84) */
        {BLOCK_Y_BOMBARD, LOC_POOL, true},             /* the bombard (6.84) */
        {BLOCK_Y_CALAIS_MERCENARY, AREA_CALAIS, true}, /* mercenaries go home (6.84) */
        {BLOCK_L_WELSH_MERCENARY, LOC_POOL, true},     /* the Welsh to the pool */
        {BLOCK_R_REBEL, LOC_POOL, true},               /* the rebel (6.85) */
        {BLOCK_L_SOMERSET, LOC_DEAD, false},           /* heirs (6.82) */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        put(&w, cases[i].block, AREA_KENT);
        world_set_steps(&w, cases[i].block, 1);
        lose_step(&w, cases[i].block);
        assert_int_equal(world_location(&w, cases[i].block), cases[i].location);
        assert_int_equal(world_has_flag(&w, cases[i].block, FLAG_FACE_DOWN), cases[i].face_down);
    }
    assert_int_equal(w.minors_due[SIDE_LANCASTER], 1);
    assert_world_ok(&w);
}

/* 6.84: an eliminated mercenary goes home face-down. Here its home is the
 * battle: York's Warwick defected in Calais (6.9), York's Calais mercenary
 * is left attacking there in round 4 with no way out, and is eliminated
 * (RULINGS A.7). Sent home it would stand in the battle again, for ever; it
 * waits in York's pool instead, and the political turn sends it home (8.1).
 * The position is the one a search playout hung on. */
static void rule_6_84_mercenary_eliminated_in_its_own_home(void **state)
{
    (void)state;
    static const char *const POSITION[] = {
        "scenario=1460 campaign=3 turn=3 phase=battle step=3 king=Y:March pretender=L:Prince-Edward "
        "pretender-side=L player1=L ap=0 winner=- flags=no-knowledge hand-Y=2,7,13,25 hand-L=1,6,14,20 "
        "deck=3,4,8,9,11,12,19,21-24 played-Y=16 played-L=17 minors-due-Y=0 minors-due-L=0 ",
        "Scotland=L:Scots-mercenary4,L:Northumberland2,L:Prince-Edward3 Cumbria=Y:Kent1m "
        "North-Yorks=Y:Salisbury3,Y:Burgundian-mercenary1m South-Yorks=L:York-levy3 Lancaster=Y:Herbert3m "
        "Caernarvon=Y:Norfolk4 Chester=L:Stanley4m Lincoln=L:Shrewsbury1 Pembroke=L:Pembroke3 Hereford=Y:Rutland3 "
        "Warwick=Y:March3 Rutland=L:Westmoreland3,L:Somerset3 East-Anglia=Y:Suffolk3 Glamorgan=Y:Irish-mercenary4 "
        "Oxford=Y:Hastings2m Essex=Y:Clarence3m,Y:Essex3,Y:Worcester2 Wilts=Y:Salisbury-levy4 "
        "Kent=Y:Canterbury-church3 Cornwall=L:Devon2,L:Clifford3m France=L:French-mercenary4,L:Exeter3 "
        "Calais=Y:Calais-mercenary3,L:Warwick1mr ",
        "pool=Y:London-levy4,Y:Norwich-levy4,Y:Bombard3,R:Rebel4,L:Welsh-mercenary3,L:York-church3f,L:Bombard3,"
        "L:Coventry-levy4,L:Bristol-levy4,L:Newcastle-levy4,L:Beaumont3,L:Buckingham4,L:Rivers2 "
        "minor=Y:Gloucester3,L:Richmond3 other-side=Y:Buckingham4,Y:Exeter3,Y:Rivers2,Y:Northumberland4,"
        "Y:Shrewsbury3,Y:Stanley4,Y:Warwick4,Y:Westmoreland3,Y:York-church3,L:Canterbury-church3,L:Kent3,"
        "L:Salisbury3,L:Clarence3 dead=Y:York4,Y:Arundel3,L:Oxford3,L:Henry-VI4,L:Wiltshire3 crossed=- ",
        "entered-Y=North-Yorks>Northumbria,East-Yorks>Northumbria,East-Yorks>South-Yorks,Leicester>Middlesex "
        "entered-L=- main=East-Yorks/Northumbria,East-Yorks/South-Yorks,Leicester/Middlesex acted=L:Warwick "
        "move=- battle=Calais/4/Y/L:Warwick/-/1/0/-/-/- hidden=- strength=-",
    };
    char text[4096] = "", error[300];
    struct world w;
    for (size_t i = 0; i < sizeof POSITION / sizeof *POSITION; i++)
        strcat(text, POSITION[i]);
    if (!position_parse(text, &w, error, sizeof error))
        fail_msg("%s", error);
    play_text(&w, "roll 6"); /* L:Warwick's last die misses; the mercenary's turn comes */
    assert_int_equal(world_location(&w, BLOCK_Y_CALAIS_MERCENARY), LOC_POOL);
    assert_true(world_has_flag(&w, BLOCK_Y_CALAIS_MERCENARY, FLAG_FACE_DOWN));
    assert_int_not_equal(w.battle.area, AREA_CALAIS); /* the battle is over */
    assert_world_ok(&w);
    assert_int_equal(disband_place(BLOCK_Y_CALAIS_MERCENARY, LOC_POOL), AREA_CALAIS);
}

/* 9.0: eliminating the last enemy heir wins at once. */
static void rule_9_0_last_heir_wins(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1483); /* Richmond is Lancaster's only heir */
    world_set_steps(&w, BLOCK_L_RICHMOND, 1);
    lose_step(&w, BLOCK_L_RICHMOND);
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_YORK);
    assert_int_equal(rules_actor(&w), ACTOR_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_6_2_example_herbert_rivers_clarence_turn_order),
        cmocka_unit_test(rule_6_4_example_stanley_rolls_three_dice),
        cmocka_unit_test(a_die_counts_as_a_hit_or_as_an_odd_treachery_die),
        cmocka_unit_test(rule_6_4_one_volley_eliminates_one_block),
        cmocka_unit_test(rule_6_4_surplus_carries_to_the_next_strongest),
        cmocka_unit_test(rule_6_4_a_tie_is_asked_once_per_volley),
        cmocka_unit_test(rule_6_4_a_new_tie_after_an_elimination),
        cmocka_unit_test(rule_2_3_example_exeter_defends_cornwall_at_a3),
        cmocka_unit_test(defence_bonuses),
        cmocka_unit_test(rule_2_2_royal_shields_example_dorset_opens_to_any_heir_once_somerset_is_dead),
        cmocka_unit_test(bombard_a3_then_d3),
        cmocka_unit_test(rule_6_9_example_northumberland_loyalty_2_defects_on_two_even_dice),
        cmocka_unit_test(rule_6_91_warwick),
        cmocka_unit_test(rule_6_5_charge),
        cmocka_unit_test(rule_6_5_charge_surplus_is_lost),
        cmocka_unit_test(rule_6_5_bonus_fire_surplus_is_lost),
        cmocka_unit_test(rule_6_3_reserves_stepping_in_take_no_surplus),
        cmocka_unit_test(rule_6_6_retreats),
        cmocka_unit_test(rule_6_6_trapped_attacker_is_eliminated),
        cmocka_unit_test(rule_6_3_reserves_and_control),
        cmocka_unit_test(rule_6_6_shared_border_only_player_2),
        cmocka_unit_test(surprise_widens_retreats),
        cmocka_unit_test(piracy_attackers_retreat_by_sea),
        cmocka_unit_test(piracy_winners_regroup_by_sea),
        cmocka_unit_test(treason_card_rolls_before_the_battle),
        cmocka_unit_test(rule_6_8_eliminations_by_type),
        cmocka_unit_test(rule_6_84_mercenary_eliminated_in_its_own_home),
        cmocka_unit_test(rule_9_0_last_heir_wins),
    };
    return cmocka_run_group_tests_name("battle", tests, NULL, NULL);
}
