/*
 * test_audit.c: the battle invariants of r3 playout --check (engine/rules/audit.h).
 * Each test plays a battle by the rules, every transition audited, and then
 * offers the audit one transition that breaks a rule of section 6 (a volley
 * spread over two blocks, a hit past a stronger block, a surplus dropped, a
 * charge that hits a bystander, a reserve hit or firing in round 1): the audit
 * must name it. Two positions from play check that what is no hit (a trapped
 * attacker, a block sent home by the political turn) is not called one.
 * Positions from outside that play never reaches (a move or a battle out of
 * shape, a King or Pretender who is no heir in play, a hand short of its
 * turns, a step with nothing due, a block in the enemy's exile) are refused
 * by audit_position_parse, naming the field, before the rules are asked
 * about them.
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
#include "engine/rules/audit.h"
#include "engine/rules/cards.h"
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
 * 25, and a card in each hand for every turn to come (1.1, 8.5): six each in
 * turn 1, and the rest in the deck. */
static void board(struct audited *a, int york_card, int lancaster_card)
{
    empty_board(&a->w, york_card, lancaster_card);
    world_place(&a->w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    uint32_t all = ((uint32_t)1 << (CARD_COUNT + 1)) - 2;
    a->w.deck = all & ~((uint32_t)1 << york_card) & ~((uint32_t)1 << lancaster_card);
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int dealt = 0; dealt < HAND_SIZE - 1; dealt++) {
            uint32_t card = a->w.deck & -a->w.deck;
            a->w.hand[s] |= card;
            a->w.deck &= ~card;
        }
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
    struct world before = a.w;
    audited_play(&a, "roll 1");
    assert_int_equal(a.w.step, BATTLE_HITS); /* York must choose */
    audited_play(&a, "hit Y:Suffolk");
    assert_int_equal(world_steps(&a.w, BLOCK_Y_SUFFOLK), 2);
    /* The world of his choice, as if the last die alone had led there. */
    assert_audit_finds(&a, &before, "roll 1", &a.w, "Y:Suffolk (3) took a hit while Y:Herbert (3) was untouched");
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

/* ---- positions from outside (audit_position_parse) ---- */

/* A scenario's start as text with each 'from' of 'edits' (pairs, NULL at the
 * end) replaced, once, by its 'to'. */
static const char *start_edited(int scenario, const char *const *edits)
{
    static char text[POSITION_TEXT_MAX], copy[POSITION_TEXT_MAX];
    struct world w;
    scenario_setup(&w, scenario);
    assert_true(position_print(&w, text, sizeof text));
    for (; edits[0]; edits += 2) {
        char *at = strstr(text, edits[0]);
        if (!at)
            fail_msg("'%s' is not in the %d start", edits[0], SCENARIO_INFO[scenario].year);
        snprintf(copy, sizeof copy, "%.*s%s%s", (int)(at - text), text, edits[1], at + strlen(edits[0]));
        strcpy(text, copy);
    }
    return text;
}

static void assert_refused(const char *text, const char *named)
{
    struct world w;
    char error[300] = "";
    if (audit_position_parse(text, &w, error, sizeof error))
        fail_msg("accepted, though %s", named);
    if (!strstr(error, named))
        fail_msg("refused with '%s', not '%s'", error, named);
}

static void assert_read(const char *text)
{
    struct world w;
    char error[300];
    if (!audit_position_parse(text, &w, error, sizeof error))
        fail_msg("%s", error);
}

/* The 1460 start with its cards dealt and shown, Lancaster Player 1: the
 * action phase's first edits, then the test's own. */
#define SHOWN \
    "player1=- ap=0", "player1=L ap=3", "hand-Y=- hand-L=- deck=1-25 played-Y=- played-L=-", \
        "hand-Y=1-6 hand-L=7-12 deck=15-25 played-Y=13 played-L=14"

/* 5.2: a block on its way over land has reached an area. One that names none
 * sent the rules to area '-' for its next steps: AREA_NEIGHBOURS[255], past
 * the end of the map, read while the audit itself asked for the decisions
 * due. The position is refused, naming the field, before any rule is asked. */
static void a_block_on_its_way_nowhere_is_refused(void **state)
{
    (void)state;
    const char *const stray[] = {"phase=deal", "phase=action", SHOWN, "move=-", "move=land/Middlesex/Y:York/-/-/3/-",
                                 NULL};
    assert_refused(start_edited(SCENARIO_1460, stray),
                   "move: Y:York is on its way in a land move, but the move names no area it has reached");
    const char *const on_its_way[] = {"phase=deal",
                                      "phase=action",
                                      SHOWN,
                                      " Middlesex=L:Henry-VI4 ",
                                      " Leicester=L:Henry-VI4 ",
                                      "move=-",
                                      "move=land/Middlesex/L:Henry-VI/Leicester/Middlesex/1/-",
                                      NULL};
    assert_read(start_edited(SCENARIO_1460, on_its_way)); /* Henry VI one area out of London */
}

/* The move in progress as play never leaves it (5.2-5.4, RULINGS A.1): each
 * is refused, naming the field and what is wrong with it. */
static void a_move_out_of_shape_is_refused(void **state)
{
    (void)state;
    static const char *const MOVES[][2] = {
        {"land/Middlesex/L:Henry-VI/Leicester/Middlesex/1/-", "has L:Henry-VI in Leicester, but it is in Middlesex"},
        {"land/Ireland/Y:York/Ireland/-/0/-", "the land move is Lancaster's, but Y:York fights for the other side"},
        {"land/Middlesex/L:Henry-VI/Middlesex/-/2/-", "after 2 areas, but a block stops after 2"},
        {"land/Middlesex/L:Henry-VI/Middlesex/Ireland/1/-", "L:Henry-VI reached Middlesex from Ireland, which is not"},
        {"land/-/-/-/-/0/-", "a land move names no area it starts from"},
        {"sea/-/L:Henry-VI/-/-/0/-", "a sea move names no area it starts from"},
        {"sea/Middlesex/L:Henry-VI/Kent/-/0/-", "L:Henry-VI is at sea while the move waits for a second block"},
        {"muster/-/-/-/-/0/-", "a Muster move names no Muster area"},
        {"land/Middlesex/-/-/-/0/Kent", "only a Muster move names a Muster area"},
        {"recruit/-/-/-/-/0/-", "a recruit with no block named"},
        {"recruit/-/L:Oxford/-/-/0/-", "the recruit move has L:Oxford in pool, but it is in Essex"},
        {"recruit/Kent/L:Rivers/-/-/0/-", "the recruit of L:Rivers names an area or steps"},
    };
    for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
        char move[100];
        snprintf(move, sizeof move, "move=%s", MOVES[i][0]);
        const char *const edits[] = {"phase=deal", "phase=action", SHOWN, "move=-", move, NULL};
        assert_refused(start_edited(SCENARIO_1460, edits), MOVES[i][1]);
    }
}

/* 3.21, RULINGS B.7: the King is his side's eldest heir alive and in play,
 * and a prisoner is not in play (RULINGS B.15: Prince Edward acts as
 * Pretender while Henry VI is held). A King in the Tower was read, and the
 * first crowning check of the game found him no senior heir in play. */
static void a_king_who_is_a_prisoner_is_refused(void **state)
{
    (void)state;
    const char *const held[] = {" Middlesex=L:Henry-VI4 ", " ", "crossed=-", "prisoner=L:Henry-VI4 crossed=-", NULL};
    assert_refused(start_edited(SCENARIO_1460, held), "king: L:Henry-VI is the King, but he is a prisoner");
}

/* 3.21, 6.82, RULINGS B.7: the Pretender is an heir in play; a minor comes
 * into play only in a supply phase, and a dead heir never again. A minor
 * named Pretender was read, and play went on until a crowning check found
 * him no heir in play. */
static void a_pretender_who_is_no_heir_in_play_is_refused(void **state)
{
    (void)state;
    const char *const minor[] = {"pretender=Y:York", "pretender=Y:Clarence", NULL};
    assert_refused(start_edited(SCENARIO_1460, minor),
                   "pretender: Y:Clarence is the Pretender, but he is a minor, not yet in play");
    const char *const dead[] = {"pretender=L:Richmond", "pretender=L:Henry-VI", NULL};
    assert_refused(start_edited(SCENARIO_1483, dead), "pretender: L:Henry-VI is the Pretender, but he is dead");
}

/* RULINGS B.15: Henry VI is the one prisoner, held in 1470. */
static void a_prisoner_other_than_henry_is_refused(void **state)
{
    (void)state;
    const char *const swapped[] = {"South-Yorks=Y:Gloucester3", "South-Yorks=L:Henry-VI4", "prisoner=L:Henry-VI4",
                                   "prisoner=Y:Gloucester3", NULL};
    assert_refused(start_edited(SCENARIO_1470, swapped), "prisoner: Y:Gloucester is held in 1470");
}

/* Steps that play never stops at, whose decisions the rules would look for
 * with an index of nothing or make for the wrong side: each refused, naming
 * the field. */
static void a_step_with_nothing_due_is_refused(void **state)
{
    (void)state;
    /* 8.5: the deal goes on only while a hand is short; a full pair sent the
     * next card to the hand of side NONE, past the two hands. */
    const char *const dealt[] = {"hand-Y=- hand-L=- deck=1-25", "hand-Y=1-7 hand-L=8-14 deck=15-25", NULL};
    assert_refused(start_edited(SCENARIO_1460, dealt), "phase: the deal goes on, but both hands hold their 7 cards");
    /* 1.1: York chooses his card first; one already down before his choice
     * vanished when he chose, and the cards no longer added up. */
    const char *const early[] = {"phase=deal", "phase=cards", "hand-Y=- hand-L=- deck=1-25 played-Y=-",
                                 "hand-Y=1-6 hand-L=7-12 deck=14-25 played-Y=13", NULL};
    assert_refused(start_edited(SCENARIO_1460, early), "played-Y: York has a card down in the cards phase at step 0");
    /* 9.1, RULINGS A.9: York executes only a defected Exeter on the map. */
    const char *const no_defector[] = {"phase=deal step=0", "phase=supply step=1", SHOWN, NULL};
    assert_refused(start_edited(SCENARIO_1460, no_defector),
                   "step: York's execution step, with Y:Exeter not on the map");
}

/* 6.83-6.85: an eliminated block waits face-down in its pool, or a
 * mercenary in its home area, until the campaign ends. A face-down noble on
 * the map was read, and the knowledge of it went wrong in play. */
static void a_face_down_block_on_the_map_is_refused(void **state)
{
    (void)state;
    const char *const face_down[] = {"Essex=L:Oxford3", "Essex=L:Oxford3f", NULL};
    assert_refused(start_edited(SCENARIO_1460, face_down), "L:Oxford is face-down in Essex");
}

/* 8.5, 1.1: seven cards to a hand for a campaign, one played each turn. A
 * hand short of a card for each turn left, its card gone to the deck, ran
 * out before turn 7 and left its side nothing to play: a dead end. */
static void a_hand_short_of_its_turns_is_refused(void **state)
{
    (void)state;
    const char *const short_hand[] = {"phase=deal", "phase=action", SHOWN,          "hand-Y=1-6",
                                      "hand-Y=1-5", "deck=15-25",   "deck=6,15-25", NULL};
    assert_refused(start_edited(SCENARIO_1460, short_hand),
                   "hand-Y: York holds 5 cards in the action phase of turn 1, not 6");
}

/* The battle in Essex, York's March against Lancaster's Oxford (the 1460
 * start, the cards shown), at a step, with its battle and acted fields. */
static const char *essex_battle(int step, const char *battle, const char *acted)
{
    char phase[32], battle_field[64], acted_field[64];
    snprintf(phase, sizeof phase, "phase=battle step=%d", step);
    snprintf(battle_field, sizeof battle_field, "battle=%s", battle);
    snprintf(acted_field, sizeof acted_field, "acted=%s", acted);
    const char *const edits[] = {
        "phase=deal step=0",          phase,     SHOWN,       "Calais=Y:March3,", "Calais=",    "Essex=L:Oxford3",
        "Essex=Y:March3r,L:Oxford3r", "acted=-", acted_field, "battle=-",         battle_field, NULL};
    return start_edited(SCENARIO_1460, edits);
}

/* A battle's step with fields play never leaves it with, each refused by
 * name, in order: every block done at the turns step, where the rules looked
 * for the first of an empty set, and a stale block carried into the next
 * turn (6.2); a volley aimed at one block, and its hits placed with dice
 * still to roll (6.4); a round-4 attacker still there after his turn, and
 * one firing (RULINGS B.13); a regroup with both sides left (6.7); a
 * treachery roll at a block with no other side's version, which sent block
 * NONE over (6.9). The last, as play leaves a volley's hits, is read. */
static void a_battle_out_of_shape_is_refused(void **state)
{
    (void)state;
    static const struct {
        int step;
        const char *battle, *acted, *named;
    } CASES[] = {
        {BATTLE_TURNS, "Essex/1/L/-/-/0/0/-/-/-", "Y:March,L:Oxford",
         "acted: every block fighting in Essex has had its battle turn this round"},
        {BATTLE_TURNS, "Essex/1/L/Y:March/-/0/0/-/-/-", "-", "step 2 waits between battle turns"},
        {BATTLE_FIRE, "Essex/1/L/Y:March/L:Oxford/2/0/-/-/-", "Y:March", "is aimed at no one block"},
        {BATTLE_HITS, "Essex/1/L/Y:March/-/2/1/-/-/-", "Y:March", "the hits step with dice still to roll"},
        {BATTLE_TURNS, "Essex/4/L/-/-/0/0/-/-/-", "L:Oxford",
         "L:Oxford attacks in round 4 and has had his turn, yet is still in Essex"},
        {BATTLE_FIRE, "Essex/4/L/L:Oxford/-/2/0/-/-/-", "L:Oxford",
         "L:Oxford attacks in round 4, where attackers only retreat"},
        {BATTLE_REGROUP, "Essex/2/Y/-/-/0/0/-/-/-", "-",
         "the winner regroups from Essex, but both sides are still in it"},
        {BATTLE_TREACHERY, "Essex/1/L/Y:March/L:Oxford/1/0/-/-/-", "Y:March", "a treachery roll at L:Oxford"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        assert_refused(essex_battle(CASES[i].step, CASES[i].battle, CASES[i].acted), CASES[i].named);
    assert_read(essex_battle(BATTLE_HITS, "Essex/1/L/Y:March/-/0/1/-/-/-", "Y:March"));
}

/* 6.3: reserves arrive at the start of round 2. One still waiting later took
 * no turn, and the battle ended with both sides in it, the winner
 * regrouping the loser's blocks. */
static void a_reserve_after_round_1_is_refused(void **state)
{
    (void)state;
    const char *const late[] = {"phase=deal step=0",
                                "phase=battle step=2",
                                SHOWN,
                                "Calais=Y:March3,",
                                "Calais=",
                                "Essex=L:Oxford3",
                                "Essex=Y:March3r,L:Oxford3rv",
                                "acted=-",
                                "acted=Y:March",
                                "battle=-",
                                "battle=Essex/4/L/-/-/0/0/-/-/-",
                                NULL};
    assert_refused(start_edited(SCENARIO_1460, late), "reserve: L:Oxford is still a reserve in round 4 in Essex");
}

/* RULINGS A.8: the exile-surplus step waits on a block over an exile's limit;
 * with none, the rules looked for the first of an empty set. */
static void an_exile_surplus_step_with_no_surplus_is_refused(void **state)
{
    (void)state;
    const char *const settled[] = {"turn=1 phase=deal step=0",
                                   "turn=7 phase=political step=2",
                                   "deck=1-25",
                                   "deck=15-25",
                                   "Calais=Y:March3,Y:Warwick4,Y:Kent3,Y:Salisbury3,",
                                   "Calais=",
                                   "pool=",
                                   "pool=Y:Warwick4,Y:Kent3,Y:Salisbury3,",
                                   " Middlesex=L:Henry-VI4 ",
                                   " Middlesex=L:Henry-VI4 Kent=Y:March3 ",
                                   NULL};
    assert_refused(start_edited(SCENARIO_1460, settled), "step: the exile-surplus step, with no exile over its limit");
}

/* The 1460 start's edits that send York's blocks in Calais to the pool and
 * put 'blocks' there instead. */
#define CALAIS_HOLDS(blocks) \
    "Calais=Y:March3,Y:Warwick4,Y:Kent3,Y:Salisbury3,Y:Burgundian-mercenary3,Y:Calais-mercenary3", "Calais=" blocks, \
        "pool=", "pool=Y:March3,Y:Warwick4,Y:Kent3,Y:Salisbury3,Y:Burgundian-mercenary3,Y:Calais-mercenary3,"

/* 2.7: an exile is never attacked or entered by the enemy. So the rules put
 * York's blocks into Calais without looking for Lancaster there: a minor
 * coming of age as the Pretender's heir (6.82), the Calais and Burgundian
 * mercenaries disbanding home (8.1). With L:Somerset in Calais in the cards
 * phase, random play made Calais contested in the cards phase when York's
 * minor entered it or the mercenaries came home, and no battle can be
 * fought in an exile to end it. Every block in the other side's
 * exile, in every phase, is refused by name; only the rebel, whose side a
 * usurpation turns where it stands (8.2), may be in its old side's exile
 * until the campaign's reset sends it to the pool (RULINGS B.18). */
static void a_block_in_the_enemy_exile_is_refused(void **state)
{
    (void)state;
    const char *const somerset[] = {"phase=deal",
                                    "phase=cards",
                                    "hand-Y=- hand-L=- deck=1-25",
                                    "hand-Y=1-7 hand-L=8-14 deck=15-25",
                                    " Dorset=L:Somerset3",
                                    "",
                                    CALAIS_HOLDS("L:Somerset3"),
                                    NULL};
    const char *refusal = "L:Somerset stands in Calais, York's exile, which Lancaster never enters (2.7)";
    assert_refused(start_edited(SCENARIO_1460, somerset), refusal);
    const char *const beside_york[] = {" Dorset=L:Somerset3", "", "Calais=", "Calais=L:Somerset3,", NULL};
    assert_refused(start_edited(SCENARIO_1460, beside_york), refusal); /* the cause, not its contest */
    const char *const rutland[] = {"phase=deal",
                                   "phase=action",
                                   SHOWN,
                                   "Y:Rutland3,",
                                   "",
                                   "France=L:French-mercenary4",
                                   "France=Y:Rutland3,L:French-mercenary4",
                                   NULL};
    assert_refused(start_edited(SCENARIO_1460, rutland),
                   "Y:Rutland stands in France, Lancaster's exile, which York never enters (2.7)");
    const char *const rebel[] = {",R:Rebel4", "", "France=", "France=R:Rebel4,", NULL};
    assert_refused(start_edited(SCENARIO_1460, rebel), "R:Rebel stands in France, Lancaster's exile");
    /* York usurped with the rebel in Calais: it now fights for Lancaster. */
    const char *const usurped[] = {"turn=1 phase=deal step=0",
                                   "turn=7 phase=political step=0",
                                   "deck=1-25",
                                   "deck=15-25",
                                   "king=L:Henry-VI pretender=Y:York pretender-side=Y",
                                   "king=Y:York pretender=L:Henry-VI pretender-side=L",
                                   ",R:Rebel4",
                                   "",
                                   CALAIS_HOLDS("R:Rebel4"),
                                   NULL};
    assert_read(start_edited(SCENARIO_1460, usurped));
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
        cmocka_unit_test(a_block_on_its_way_nowhere_is_refused),
        cmocka_unit_test(a_move_out_of_shape_is_refused),
        cmocka_unit_test(a_king_who_is_a_prisoner_is_refused),
        cmocka_unit_test(a_pretender_who_is_no_heir_in_play_is_refused),
        cmocka_unit_test(a_prisoner_other_than_henry_is_refused),
        cmocka_unit_test(a_step_with_nothing_due_is_refused),
        cmocka_unit_test(a_hand_short_of_its_turns_is_refused),
        cmocka_unit_test(a_face_down_block_on_the_map_is_refused),
        cmocka_unit_test(a_battle_out_of_shape_is_refused),
        cmocka_unit_test(a_reserve_after_round_1_is_refused),
        cmocka_unit_test(an_exile_surplus_step_with_no_surplus_is_refused),
        cmocka_unit_test(a_block_in_the_enemy_exile_is_refused),
    };
    return cmocka_run_group_tests_name("audit", tests, NULL, NULL);
}
