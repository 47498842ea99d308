/*
 * test_audit.c: the battle invariants of r3 playout --check (engine/rules/audit.h).
 * Each test plays a battle by the rules, every transition audited, and then
 * offers the audit one transition that breaks a rule of section 6 (a volley
 * spread over two blocks, a hit past a stronger block, a surplus dropped, a
 * charge that hits a bystander, a reserve hit or firing in round 1): the audit
 * must name it. Two positions from play check that what is no hit (a trapped
 * attacker, a block sent home by the political turn) is not called one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/rules/audit.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "tests/support.h"

/* A game followed by the audit, as r3 playout --check follows one. */
struct audited {
    struct world w;
    struct audit_memory memory;
};

static void audited_play(struct audited *a, const char *text)
{
    struct world before = a->w;
    char why[256];
    decision d;
    if (!decision_parse(&a->w, text, &d, why, sizeof why))
        fail_msg("%s", why);
    rules_apply(&a->w, d);
    if (!audit_transition(&a->memory, &before, d, &a->w, why, sizeof why))
        fail_msg("a legal '%s' broke an invariant: %s", text, why);
}

static void audited_rolls(struct audited *a, const char *faces)
{
    for (const char *p = faces; *p; p++) {
        char text[8] = "roll x";
        text[5] = *p;
        audited_play(a, text);
    }
}

/* Asks the audit about before --text--> after, expecting it to find 'broken'. */
static void assert_audit_finds(struct audited *a, const struct world *before, const char *text,
                               const struct world *after, const char *broken)
{
    char why[256] = "";
    decision d;
    if (!decision_read(text, &d, why, sizeof why))
        fail_msg("%s", why);
    assert_false(audit_transition(&a->memory, before, d, after, why, sizeof why));
    if (!strstr(why, broken))
        fail_msg("the audit said '%s', not '%s'", why, broken);
}

/* The empty test board holds only the two cards played; the audit counts all
 * 25, so the rest go back to the deck. */
static void board(struct audited *a, int york_card, int lancaster_card)
{
    empty_board(&a->w, york_card, lancaster_card);
    world_place(&a->w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    uint32_t all = ((uint32_t)1 << (CARD_COUNT + 1)) - 2;
    a->w.deck = all & ~((uint32_t)1 << york_card) & ~((uint32_t)1 << lancaster_card);
}

/* Lancaster's Northumberland (B3, four dice) attacks Herbert and Suffolk in
 * Chester at the given strengths; York passes, Northumberland fires and rolls
 * three dice: the fourth, the volley's last, is left to the test. */
static void northumberland_fires(struct audited *a, int herbert_steps, int suffolk_steps, const char *three_dice)
{
    board(a, 20, 13);
    put(&a->w, BLOCK_Y_HERBERT, AREA_CHESTER);
    put(&a->w, BLOCK_Y_SUFFOLK, AREA_CHESTER);
    world_set_steps(&a->w, BLOCK_Y_HERBERT, herbert_steps);
    world_set_steps(&a->w, BLOCK_Y_SUFFOLK, suffolk_steps);
    put(&a->w, BLOCK_L_NORTHUMBERLAND, AREA_LANCASTER);
    march(&a->w, "Lancaster", "L:Northumberland", "Chester");
    play_text(&a->w, "pass");
    audit_begin(&a->memory);
    audited_play(a, "pass");
    audited_play(a, "pass Y:Herbert"); /* A2 */
    audited_play(a, "pass Y:Suffolk"); /* B2, the defender first */
    audited_play(a, "fire L:Northumberland");
    audited_rolls(a, three_dice);
}

/* The last die, by the rules: the audit must pass it. */
static struct world last_die(struct audited *a, const char *text)
{
    struct world before = a->w;
    audited_play(a, text);
    struct world after = a->w;
    a->w = before;
    return after;
}

/* 6.4: two hits on 3 and 2 all go to the 3; a world where each took one is
 * a volley spread over two blocks. */
static void a_volley_spread_over_two_blocks_is_found(void **state)
{
    (void)state;
    struct audited a;
    northumberland_fires(&a, 3, 2, "166");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(world_steps(&after, BLOCK_Y_HERBERT), 1);
    world_set_steps(&after, BLOCK_Y_HERBERT, 2);
    world_set_steps(&after, BLOCK_Y_SUFFOLK, 1);
    assert_audit_finds(&a, &a.w, "roll 1", &after, "one volley left two blocks damaged");
}

/* 6.4: the hit goes to the strongest block, not past it. */
static void a_hit_past_a_stronger_block_is_found(void **state)
{
    (void)state;
    struct audited a;
    northumberland_fires(&a, 3, 2, "666");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(world_steps(&after, BLOCK_Y_HERBERT), 2);
    world_set_steps(&after, BLOCK_Y_HERBERT, 3);
    world_set_steps(&after, BLOCK_Y_SUFFOLK, 1);
    assert_audit_finds(&a, &a.w, "roll 1", &after, "Y:Suffolk (2) took a hit while Y:Herbert (3) was untouched");
}

/* 6.4, RULINGS B.12: between equals the owner chooses; a hit placed without
 * his choice is found, and his choice passes. */
static void a_tie_settled_without_the_owner_is_found(void **state)
{
    (void)state;
    struct audited a;
    northumberland_fires(&a, 3, 3, "666");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(after.step, BATTLE_HITS); /* York must choose */
    struct world settled = after;
    world_set_steps(&settled, BLOCK_Y_SUFFOLK, 2);
    settled.step = BATTLE_TURNS;
    settled.battle.hits = 0;
    settled.battle.actor = BLOCK_NONE;
    assert_audit_finds(&a, &a.w, "roll 1", &settled, "Y:Suffolk (3) took a hit while Y:Herbert (3) was untouched");
    audited_play(&a, "roll 1");
    audited_play(&a, "hit Y:Suffolk");
    assert_int_equal(world_steps(&a.w, BLOCK_Y_SUFFOLK), 2);
}

/* 6.4: a block hit and left standing had the last of the volley's hits. */
static void a_survivor_with_hits_left_over_is_found(void **state)
{
    (void)state;
    struct audited a;
    northumberland_fires(&a, 3, 2, "166");
    struct world after = last_die(&a, "roll 1");
    world_set_steps(&after, BLOCK_Y_HERBERT, 2);
    after.step = BATTLE_HITS;
    after.battle.hits = 1;
    after.battle.actor = BLOCK_L_NORTHUMBERLAND;
    assert_audit_finds(&a, &a.w, "roll 1", &after,
                       "Y:Herbert survived its hits while the volley still had hits to place");
}

/* York's March charges Beaumont in Essex, with Oxford beside him; Lancaster's
 * Beaumont waits in East Anglia when 'reserve' is set. */
static void march_attacks_essex(struct audited *a, bool reserve, const char *also)
{
    board(a, 13, 20);
    put(&a->w, BLOCK_L_OXFORD, AREA_ESSEX);
    put(&a->w, BLOCK_L_BEAUMONT, reserve ? AREA_EAST_ANGLIA : AREA_ESSEX);
    put(&a->w, BLOCK_Y_MARCH, AREA_MIDDLESEX);
    play_text(&a->w, "move-from Middlesex");
    play_text(&a->w, "block Y:March");
    play_text(&a->w, "to Essex");
    if (also) {
        char text[48];
        put(&a->w, BLOCK_Y_LONDON_LEVY, AREA_MIDDLESEX);
        snprintf(text, sizeof text, "block %s", also);
        play_text(&a->w, text);
        play_text(&a->w, "to Essex");
    }
    play_text(&a->w, "end");
    play_text(&a->w, "pass");
    if (reserve)
        march(&a->w, "East-Anglia", "L:Beaumont", "Essex");
    audit_begin(&a->memory);
    audited_play(a, "pass");
}

/* 6.5: a charge hits its named target and nothing else. */
static void a_charge_that_hits_a_bystander_is_found(void **state)
{
    (void)state;
    struct audited a;
    march_attacks_essex(&a, false, NULL);
    audited_play(&a, "pass L:Oxford");
    audited_play(&a, "charge Y:March L:Beaumont");
    audited_rolls(&a, "66");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(world_steps(&after, BLOCK_L_BEAUMONT), 2);
    world_set_steps(&after, BLOCK_L_BEAUMONT, 3);
    world_set_steps(&after, BLOCK_L_OXFORD, 2);
    assert_audit_finds(&a, &a.w, "roll 1", &after, "Y:March's charge hit L:Oxford, not its named target L:Beaumont");
}

/* 6.3: a reserve takes no hits while it waits. */
static void a_hit_reserve_is_found(void **state)
{
    (void)state;
    struct audited a;
    march_attacks_essex(&a, true, NULL);
    audited_play(&a, "pass L:Oxford");
    audited_play(&a, "fire Y:March");
    audited_rolls(&a, "66");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(world_steps(&after, BLOCK_L_OXFORD), 2);
    world_set_steps(&after, BLOCK_L_BEAUMONT, 2);
    assert_audit_finds(&a, &a.w, "roll 1", &after, "L:Beaumont took a hit as a reserve");
}

/* 6.3: reserves that step in when their front falls in round 1 do not fire
 * before round 2. London's levy (C) is still to act in round 1 then. */
static void a_reserve_firing_in_round_1_is_found(void **state)
{
    (void)state;
    struct audited a;
    march_attacks_essex(&a, true, "Y:London-levy");
    world_set_steps(&a.w, BLOCK_L_OXFORD, 1);
    audited_play(&a, "pass L:Oxford");
    audited_play(&a, "fire Y:March");
    audited_rolls(&a, "111");
    assert_int_equal(world_location(&a.w, BLOCK_L_OXFORD), LOC_DEAD);
    assert_int_equal(a.w.battle.round, 1);
    assert_false(world_has_flag(&a.w, BLOCK_L_BEAUMONT, FLAG_RESERVE)); /* it has stepped in */
    assert_audit_finds(&a, &a.w, "fire L:Beaumont", &a.w, "L:Beaumont, a reserve, fired in round 1");
    audited_play(&a, "fire Y:London-levy"); /* the levy's turn is the legal one */
}

/* RULINGS A.7: a round-4 attacker that cannot retreat falls without a hit. In
 * this 1460 position (from a random game) Salisbury's bonus fire at the
 * charging Henry VI ends round 3; round 4 begins in the same transition, and
 * Lancaster's Clifford, trapped in Kent, is eliminated on his turn. That is no
 * stray hit of the bonus fire, and the audit must not call it one. */
static void a_trapped_attacker_is_no_stray_hit(void **state)
{
    (void)state;
    static const char POSITION[] =
        "scenario=1460 campaign=1 turn=6 phase=battle step=6 king=L:Henry-VI pretender=Y:York "
        "pretender-side=Y player1=L ap=0 winner=- flags=mulligan-Y hand-Y=4 hand-L=18 "
        "deck=3,6-8,11,13,16,19,20,23,24 played-Y=15 played-L=10 minors-due-Y=1 minors-due-L=0 "
        "Ireland=Y:Rutland3 Isle-of-Man=L:Stanley4 Scotland=L:Scots-mercenary4 Northumbria=L:Westmoreland3 "
        "Cumbria=L:Northumberland4 Lancaster=Y:York4 Lincoln=L:Beaumont3 Powys=L:Pembroke3 "
        "Warwick=L:Coventry-levy4m Leicester=Y:Hastings3 "
        "East-Anglia=Y:Worcester2,Y:Kent3m,Y:Burgundian-mercenary3m Gloucester=Y:Arundel3 "
        "Middlesex=Y:Warwick4m Essex=L:Oxford3 Somerset=Y:Irish-mercenary2 Sussex=R:Rebel4m "
        "Kent=Y:Salisbury3r,L:Henry-VI3mr,L:Clifford3mr Cornwall=L:Exeter3,L:Wiltshire3 "
        "Dorset=L:Devon2,L:Somerset3 France=L:French-mercenary4 Calais=Y:Calais-mercenary3 "
        "pool=Y:Essex3,Y:Herbert3,Y:Suffolk3,Y:Norfolk4,Y:London-levy4,Y:Norwich-levy4,Y:Salisbury-levy4,Y:Bo"
        "mbard3,Y:Canterbury-church3,L:Welsh-mercenary3,L:York-church3,L:Bombard3,L:Bristol-levy4,L:Newcastle"
        "-levy4,L:Shrewsbury3,L:York-levy4,L:Buckingham4,L:Rivers2 "
        "minor=Y:Clarence3,Y:Gloucester3,L:Prince-Edward3,L:Richmond3 "
        "other-side=Y:Buckingham4,Y:Exeter3,Y:Rivers2,Y:Northumberland4,Y:Shrewsbury3,Y:Stanley4,Y:Westmorela"
        "nd3,Y:York-church3,L:Canterbury-church3,L:Warwick4,L:Kent3,L:Salisbury3,L:Clarence3 dead=Y:March3 "
        "crossed=- entered-Y=- entered-L=Middlesex>Kent,Sussex>Kent main=Kent/Sussex "
        "acted=Y:Salisbury,L:Henry-VI,L:Clifford move=- battle=Kent/3/L/L:Henry-VI/Y:Salisbury/1/1/-/-/- "
        "hidden=Y:Hastings?3(Y:Hastings),Y:Arundel?2(Y:Arundel+R:Rebel),R:Rebel?1(Y:Arundel+R:Rebel),L:Covent"
        "ry-levy?4(L:Coventry-levy+L:Buckingham),L:Westmoreland?2(L:Newcastle-levy+L:Westmoreland),L:Northumb"
        "erland?1(L:Northumberland),L:Stanley?3(L:Stanley) "
        "strength=Y:Hastings/full,Y:Arundel/full,R:Rebel/full,L:Coventry-levy/full,L:Westmoreland/full,L:Nort"
        "humberland/full,L:Stanley/full";
    struct audited a;
    char error[300];
    if (!position_parse(POSITION, &a.w, error, sizeof error))
        fail_msg("%s", error);
    audit_begin(&a.memory);
    audited_play(&a, "roll 1"); /* the bonus fire's last die: Henry VI keeps one step */
    assert_int_equal(world_location(&a.w, BLOCK_L_CLIFFORD), LOC_DEAD);
    assert_int_equal(a.w.battle.round, 4);
}

/* 6.4: what one block cannot take goes on to the next. Four hits on 3 and 2:
 * a world where the surplus hit vanished is found. */
static void a_dropped_surplus_is_found(void **state)
{
    (void)state;
    struct audited a;
    northumberland_fires(&a, 3, 2, "111");
    struct world after = last_die(&a, "roll 1");
    assert_int_equal(world_location(&after, BLOCK_Y_HERBERT), LOC_DEAD);
    assert_int_equal(world_steps(&after, BLOCK_Y_SUFFOLK), 1);
    world_set_steps(&after, BLOCK_Y_SUFFOLK, 2);
    assert_audit_finds(&a, &a.w, "roll 1", &after, "a volley of 4 hits took 3 steps, not 4");
}

/* One decision can run from a battle to the political turn: here, on turn 7,
 * Clifford's bonus fire at York's charging heir ends round 3, Clifford is
 * trapped in round 4 (RULINGS A.7), the battle, the supply phase and the turn
 * end, and at 8.1 York's Irish mercenary goes home from Kent. Leaving the
 * battle that way is no hit, and the audit must not call it one. */
static void a_block_sent_home_at_8_1_is_no_stray_hit(void **state)
{
    (void)state;
    static const char POSITION[] =
        "scenario=1460 campaign=1 turn=7 phase=battle step=6 king=L:Henry-VI pretender=Y:York "
        "pretender-side=Y player1=L ap=0 winner=- flags=- hand-Y=- hand-L=- deck=3,6-8,11,13,16,19,20,23,24 "
        "played-Y=15 played-L=10 minors-due-Y=0 minors-due-L=0 Ireland=Y:Rutland3 "
        "Scotland=L:Scots-mercenary4 Lincoln=L:Henry-VI4 Pembroke=L:Pembroke3 Middlesex=L:Oxford3 "
        "Wilts=L:Wiltshire3 Sussex=L:Beaumont3 Kent=Y:York4r,Y:Irish-mercenary4r,L:Clifford3mr "
        "Cornwall=L:Devon2,L:Exeter3 Dorset=L:Somerset3 France=L:French-mercenary4 "
        "Calais=Y:March3,Y:Warwick4,Y:Kent3,Y:Salisbury3,Y:Burgundian-mercenary3,Y:Calais-mercenary3 "
        "pool=Y:Essex3,Y:Hastings3,Y:Herbert3,Y:Worcester2,Y:Suffolk3,Y:Norfolk4,Y:Arundel3,Y:London-levy4,Y:"
        "Norwich-levy4,Y:Salisbury-levy4,Y:Bombard3,Y:Canterbury-church3,R:Rebel4,L:Welsh-mercenary3,L:York-c"
        "hurch3,L:Bombard3,L:Coventry-levy4,L:Bristol-levy4,L:Newcastle-levy4,L:Westmoreland3,L:Northumberlan"
        "d4,L:Shrewsbury3,L:Stanley4,L:York-levy4,L:Buckingham4,L:Rivers2 "
        "minor=Y:Clarence3,Y:Gloucester3,L:Prince-Edward3,L:Richmond3 "
        "other-side=Y:Buckingham4,Y:Exeter3,Y:Rivers2,Y:Northumberland4,Y:Shrewsbury3,Y:Stanley4,Y:Westmorela"
        "nd3,Y:York-church3,L:Canterbury-church3,L:Warwick4,L:Kent3,L:Salisbury3,L:Clarence3 crossed=- "
        "entered-Y=Middlesex>Kent,Sussex>Kent entered-L=Middlesex>Kent main=Kent/Middlesex "
        "acted=Y:York,Y:Irish-mercenary,L:Clifford move=- battle=Kent/3/L/Y:York/L:Clifford/1/0/-/-/- "
        "hidden=- strength=-";
    struct audited a;
    char error[300];
    if (!position_parse(POSITION, &a.w, error, sizeof error))
        fail_msg("%s", error);
    audit_begin(&a.memory);
    audited_play(&a, "roll 6");
    assert_int_equal(a.w.phase, PHASE_POLITICAL);
    assert_int_equal(world_location(&a.w, BLOCK_Y_IRISH_MERCENARY), AREA_IRELAND);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_volley_spread_over_two_blocks_is_found),
        cmocka_unit_test(a_hit_past_a_stronger_block_is_found),
        cmocka_unit_test(a_tie_settled_without_the_owner_is_found),
        cmocka_unit_test(a_survivor_with_hits_left_over_is_found),
        cmocka_unit_test(a_charge_that_hits_a_bystander_is_found),
        cmocka_unit_test(a_hit_reserve_is_found),
        cmocka_unit_test(a_reserve_firing_in_round_1_is_found),
        cmocka_unit_test(a_trapped_attacker_is_no_stray_hit),
        cmocka_unit_test(a_dropped_surplus_is_found),
        cmocka_unit_test(a_block_sent_home_at_8_1_is_no_stray_hit),
    };
    return cmocka_run_group_tests_name("audit", tests, NULL, NULL);
}
