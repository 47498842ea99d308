/*
 * test_examples.c: the rulebook's worked examples (its BEISPIEL paragraphs,
 * the examples, notes and WICHTIG/HINWEIS boxes of its side column) played
 * through legal decisions, each test named after its section. Examples that
 * an older test already plays stay in that test's file (test_action.c,
 * test_battle.c, test_cards.c, test_supply.c); docs/rules-coverage.md lists
 * them all. Here too: short tests for sections that had none.
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
#include "engine/rules/action.h"
#include "engine/rules/battle.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/political.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

/* Cards by number (engine/data/cards.tsv). */
enum {
    FORCE_MARCH = 1,
    MUSTER = 2,
    PIRACY = 3,
    PLAGUE = 4,
    SURPRISE = 5,
    TREASON = 6,
    FOUR = 7,
    FOUR_B = 8,
    THREE = 13,
    THREE_B = 14,
    THREE_C = 15,
    TWO = 20,
    TWO_B = 21,
};

/* ---- helpers ---- */

static int area_of(const char *name)
{
    int a = area_by_name(name, (int)strlen(name));
    if (a < 0)
        fail_msg("no area '%s'", name);
    return a;
}

static int block_of(const char *id)
{
    int b = block_by_id(id, (int)strlen(id));
    if (b < 0)
        fail_msg("no block '%s'", id);
    return b;
}

/* Puts a block, by id, in an area, by name ("East-Anglia"), face up. */
static void place(struct world *w, const char *block, const char *area) { put(w, block_of(block), area_of(area)); }

static int count(blockset set) { return __builtin_popcountll(set); }

/* Plays the decision "VERB ARG", such as "move-from Kent". */
static void play1(struct world *w, const char *verb, const char *arg)
{
    char text[96];
    snprintf(text, sizeof text, "%s %s", verb, arg);
    play_text(w, text);
}

/* Is the decision "VERB ARG" legal? */
static bool legal1(const struct world *w, const char *verb, const char *arg)
{
    char text[96];
    snprintf(text, sizeof text, "%s %s", verb, arg);
    return is_legal(w, text);
}

/* The given cards into the hands, then played: York's, then Lancaster's. */
static void play_cards(struct world *w, int york_card, int lancaster_card)
{
    char text[16];
    w->hand[SIDE_YORK] |= (uint32_t)1 << york_card;
    w->hand[SIDE_LANCASTER] |= (uint32_t)1 << lancaster_card;
    w->deck &= ~(w->hand[SIDE_YORK] | w->hand[SIDE_LANCASTER]);
    snprintf(text, sizeof text, "play %d", york_card);
    play_text(w, text);
    snprintf(text, sizeof text, "play %d", lancaster_card);
    play_text(w, text);
}

/* A scenario's setup with every block on the map sent to the pool but the
 * King and the Pretender, and these cards played: the action phase begins.
 * For 1460 this is support.c's empty_board. */
static void bare(struct world *w, int scenario, int york_card, int lancaster_card)
{
    scenario_setup(w, scenario);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (world_location(w, b) < AREA_COUNT && b != w->king && b != w->pretender)
            world_place(w, b, LOC_POOL);
    w->deck = 0;
    w->phase = PHASE_CARDS;
    w->step = CARDS_YORK_PLAYS;
    play_cards(w, york_card, lancaster_card);
}

/* Applies the first legal decision of the given kind; false if there is none. */
static bool apply_first(struct world *w, int kind)
{
    struct decisions legal;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++)
        if (decision_kind(legal.list[i]) == kind) {
            rules_apply(w, legal.list[i]);
            return true;
        }
    return false;
}

/* Blocks pass their battle turns until 'text' is legal. */
static void pass_until_legal(struct world *w, const char *text)
{
    for (int turns = 0; !is_legal(w, text); turns++)
        if (turns == 40 || !apply_first(w, DECIDE_HOLD))
            fail_msg("'%s' never became legal", text);
}

/* Plays the first legal decision until 'text' is legal. */
static void first_choices_until_legal(struct world *w, const char *text)
{
    for (int i = 0; !is_legal(w, text); i++) {
        struct decisions legal;
        rules_legal(w, &legal);
        if (i == 200 || legal.count == 0)
            fail_msg("'%s' never became legal", text);
        rules_apply(w, legal.list[0]);
    }
}

/* Plays the first legal decision while the game is in this phase. */
static void first_choices_through(struct world *w, int phase)
{
    for (int i = 0; w->phase == phase && rules_actor(w) != ACTOR_NONE; i++) {
        struct decisions legal;
        rules_legal(w, &legal);
        if (i == 200)
            fail_msg("phase %d never ended", phase);
        rules_apply(w, legal.list[0]);
    }
}

/* The areas the moving block may enter now. */
static uint64_t targets(const struct world *w)
{
    struct decisions legal;
    uint64_t set = 0;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++)
        if (decision_kind(legal.list[i]) == DECIDE_TO)
            set |= area_bit(decision_arg(legal.list[i]));
    return set;
}

/* Where a block may sail from an area: "sea-from FROM", "block B", then the targets. */
static uint64_t sea_targets(struct world *w, const char *from, const char *block)
{
    play1(w, "sea-from", from);
    play1(w, "block", block);
    return targets(w);
}

static uint64_t areas(const char *const *names, int n)
{
    uint64_t set = 0;
    for (int i = 0; i < n; i++)
        set |= area_bit(area_of(names[i]));
    return set;
}

/* A set of areas by name: AREAS("Kent", "Sussex"). */
#define AREAS(...) \
    areas((const char *const[]){__VA_ARGS__}, (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)))

static void recruit(struct world *w, const char *block, const char *area)
{
    play1(w, "recruit", block);
    play1(w, "at", area);
}

/* York's actions are spent: Lancaster, Player 2, acts now with his own AP. */
static void assert_york_is_done(const struct world *w, int lancaster_ap)
{
    assert_int_equal(w->step, ACTION_PLAYER2);
    assert_int_equal(rules_actor(w), ACTOR_LANCASTER);
    assert_int_equal(w->ap_left, lancaster_ap);
}

/* Both players' actions end; with one battle, it starts by itself. */
static void both_pass(struct world *w)
{
    play_text(w, "pass");
    play_text(w, "pass");
}

/* ---- 1.1, 5.1: who is Player 1 ---- */

static void assert_player1(const struct world *w, int side, int ap)
{
    assert_int_equal(w->player1, side);
    assert_int_equal(rules_actor(w), side);
    assert_int_equal(w->ap_left, ap);
}

/* 1.1: the higher card is Player 1; on a tie, the Pretender: York in 1460,
 * Lancaster in 1470. */
static void rule_1_1_higher_card_is_player_1_the_pretender_on_a_tie(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, FOUR, THREE);
    assert_player1(&w, SIDE_YORK, 4);
    empty_board(&w, THREE, FOUR);
    assert_player1(&w, SIDE_LANCASTER, 4);
    empty_board(&w, THREE, THREE_B);
    assert_player1(&w, SIDE_YORK, 3);
    bare(&w, SCENARIO_1470, THREE, THREE_B);
    assert_player1(&w, SIDE_LANCASTER, 3);
}

/* 1.1: whoever plays an event card is Player 1, even with Surprise (AP1)
 * against a 4, or Force March (AP1) against a 2. */
static void rule_1_1_the_event_cards_player_is_always_player_1(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, FOUR, SURPRISE);
    assert_player1(&w, SIDE_LANCASTER, 1);
    empty_board(&w, FORCE_MARCH, TWO);
    assert_player1(&w, SIDE_YORK, 1);
}

/* 1.1: two event cards: the higher AP is Player 1 (Piracy, AP2, against
 * Surprise, AP1); on a tie (Force March and Treason, AP1; Muster and Plague,
 * AP0) still the Pretender. */
static void rule_1_1_two_events_compare_ap_the_pretender_on_a_tie(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, SURPRISE, PIRACY);
    assert_player1(&w, SIDE_LANCASTER, 2);
    empty_board(&w, FORCE_MARCH, TREASON);
    assert_int_equal(w.player1, SIDE_YORK);
    bare(&w, SCENARIO_1470, FORCE_MARCH, TREASON);
    assert_int_equal(w.player1, SIDE_LANCASTER);
    empty_board(&w, PLAGUE, MUSTER);
    assert_int_equal(w.player1, SIDE_YORK);
}

/* 5.1: the AP0 event card outranks a normal AP4; with AP0 only the event is
 * played: Muster names an area, and nothing else may be done. */
static void rule_5_1_example_ap0_event_beats_a_normal_ap4(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, MUSTER, FOUR);
    assert_int_equal(w.player1, SIDE_YORK);
    place(&w, "Y:March", "Kent");
    assert_true(is_legal(&w, "muster Sussex"));
    assert_false(is_legal(&w, "move-from Kent"));
    assert_false(is_legal(&w, "sea-from Kent"));
    assert_false(is_legal(&w, "recruit Y:Arundel"));
    empty_board(&w, FOUR, PLAGUE);
    assert_int_equal(w.player1, SIDE_LANCASTER);
}

/* 1.1 HINWEIS: a card must be played, but then nothing need be done; actions
 * cannot be saved for later. */
static void rule_1_1_note_a_card_must_be_played_actions_are_not_saved(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, FOUR, THREE);
    both_pass(&w); /* York leaves all 4 AP, Lancaster 3 */
    assert_int_equal(w.phase, PHASE_CARDS);
    assert_int_equal(w.turn, 2);
    w.hand[SIDE_YORK] = (uint32_t)1 << TWO | (uint32_t)1 << THREE_C;
    struct decisions legal;
    rules_legal(&w, &legal);
    assert_int_equal(legal.count, 2); /* York's two cards: no way to play none */
    for (int i = 0; i < legal.count; i++)
        assert_int_equal(decision_kind(legal.list[i]), DECIDE_PLAY);
    play_cards(&w, TWO, FOUR_B);
    assert_player1(&w, SIDE_LANCASTER, 4);
    play_text(&w, "pass");
    assert_int_equal(w.ap_left, 2); /* York's 2, nothing saved from turn 1 */
}

/* ---- 1.2: what AP3 allows ---- */

/* 1.2 BEISPIEL: AP3 allows 3 moves (2 moves and 1 recruit: test_action.c). */
static void rule_1_2_example_ap3_allows_three_moves(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "Y:March", "Kent");
    place(&w, "Y:Warwick", "Wilts");
    place(&w, "Y:Kent", "Essex");
    march(&w, "Kent", "Y:March", "Sussex");
    march(&w, "Wilts", "Y:Warwick", "Dorset");
    march(&w, "Essex", "Y:Kent", "Rutland");
    assert_york_is_done(&w, 2);
    assert_int_equal(world_location(&w, BLOCK_Y_KENT), AREA_RUTLAND);
    assert_world_ok(&w);
}

/* 1.2 BEISPIEL: or 1 move and 2 recruits. */
static void rule_1_2_example_ap3_allows_one_move_and_two_recruits(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "Y:March", "Kent");
    march(&w, "Kent", "Y:March", "Sussex");
    recruit(&w, "Y:Arundel", "Sussex");
    recruit(&w, "Y:Norfolk", "East-Anglia");
    assert_york_is_done(&w, 2);
    assert_int_equal(count(blocks_in(&w, SIDE_YORK, AREA_SUSSEX)), 2);
    assert_world_ok(&w);
}

/* 1.2 BEISPIEL: or 3 recruits. */
static void rule_1_2_example_ap3_allows_three_recruits(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    recruit(&w, "Y:Norfolk", "East-Anglia");
    recruit(&w, "Y:Suffolk", "Oxford");
    recruit(&w, "Y:Herbert", "Glamorgan");
    assert_york_is_done(&w, 2);
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), AREA_GLAMORGAN);
    assert_world_ok(&w);
}

/* ---- 2.x: areas, shields, crowns, cities, cathedrals, Wales, exiles, islands ---- */

/* 2.1: control changes at once. York's March leaves Kent, which is vacant
 * there and then: the rebel, which needs a vacant area, may be recruited
 * there with York's next action. An area York enters is contested at once,
 * and no sea move may end there (5.3). */
static void rule_2_1_control_changes_at_once(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "Y:March", "Kent");
    place(&w, "Y:Warwick", "Calais");
    play1(&w, "recruit", "R:Rebel");
    assert_false(is_legal(&w, "at Kent"));
    play_text(&w, "at Derby");
    march(&w, "Kent", "Y:March", "Middlesex"); /* Henry VI is there */
    assert_true(area_contested(&w, AREA_MIDDLESEX));
    assert_false(sea_targets(&w, "Calais", "Y:Warwick") & area_bit(AREA_MIDDLESEX));
    assert_true(targets(&w) & area_bit(AREA_KENT)); /* vacant since March left */
}

/* In the battle going on, blocks pass until 'roller' may roll at 'target';
 * he rolls, and the number of dice he must roll is returned. */
static int treachery_dice(struct world *w, const char *roller, const char *target)
{
    char text[96];
    snprintf(text, sizeof text, "treachery %s %s", roller, target);
    pass_until_legal(w, text);
    play_text(w, text);
    return w->battle.dice;
}

/* The board for a defence bonus: 'attacker' moves from 'from' into 'area',
 * where 'defender' stands; the attacker's side is Player 1 and the battle
 * begins. */
static void attack(struct world *w, const char *attacker, const char *from, const char *defender, const char *area)
{
    bool york_attacks = attacker[0] == 'Y';
    empty_board(w, york_attacks ? THREE : TWO, york_attacks ? TWO : THREE);
    world_place(w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    place(w, defender, area);
    place(w, attacker, from);
    march(w, from, attacker, area);
    both_pass(w);
    assert_int_equal(w->phase, PHASE_BATTLE);
    assert_int_equal(w->battle.area, area_of(area));
}

/* 2.2: a noble defending his shield fires +1 (B2 => B3), even when he moved
 * there this very turn; attacking, he has no bonus. Lancaster, Player 1,
 * moves Wiltshire home to Wilts; York's Arundel attacks him there. */
static void rule_2_2_noble_b2_defends_his_shield_at_b3(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    place(&w, "L:Wiltshire", "Dorset");
    place(&w, "Y:Arundel", "Sussex");
    march(&w, "Dorset", "L:Wiltshire", "Wilts");
    play_text(&w, "pass");
    march(&w, "Sussex", "Y:Arundel", "Wilts");
    play_text(&w, "pass");
    assert_int_equal(battle_initiative(&w, BLOCK_L_WILTSHIRE), 'B');
    assert_int_equal(battle_firepower(&w, BLOCK_L_WILTSHIRE), 3);
    assert_int_equal(battle_firepower(&w, BLOCK_Y_ARUNDEL), 2);
    attack(&w, "L:Wiltshire", "Dorset", "Y:Arundel", "Sussex");
    assert_int_equal(battle_firepower(&w, BLOCK_L_WILTSHIRE), 2); /* attacking: B2 */
    assert_int_equal(battle_firepower(&w, BLOCK_Y_ARUNDEL), 3);   /* Arundel at his shield */
}

/* 2.2: the bonus holds for a noble who defects to the defender in the
 * battle. Lancaster's Rivers attacks Leicester, his shield; York, the
 * Pretender, defending, turns him (loyalty 1: one die); from round 2 York's
 * Rivers defends Leicester at B3. */
static void rule_2_2_a_noble_who_defects_to_the_defender_keeps_his_shield_bonus(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    place(&w, "Y:York", "Leicester");
    place(&w, "L:Rivers", "Derby");
    place(&w, "L:Beaumont", "Derby");
    play_text(&w, "move-from Derby");
    play_text(&w, "block L:Rivers");
    play_text(&w, "to Leicester");
    play_text(&w, "block L:Beaumont");
    play_text(&w, "to Leicester");
    play_text(&w, "end");
    both_pass(&w);
    assert_int_equal(treachery_dice(&w, "Y:York", "L:Rivers"), 1);
    rolls(&w, "2");
    assert_int_equal(world_location(&w, BLOCK_Y_RIVERS), AREA_LEICESTER);
    pass_until_legal(&w, "fire Y:Rivers");
    assert_int_equal(battle_firepower(&w, BLOCK_Y_RIVERS), 3);
}

/* Königliche Wappenschilder (side note to 2.2): Dorset is Somerset's shield;
 * while he lives, another Lancaster heir defends it without a bonus (the
 * other half, Dorset open to any heir once he is dead, is in test_battle.c). */
static void rule_2_2_royal_shields_example_dorset_is_somersets_alone_while_he_lives(void **state)
{
    (void)state;
    struct world w;
    attack(&w, "Y:Kent", "Wilts", "L:Exeter", "Dorset");
    assert_int_equal(world_location(&w, BLOCK_L_SOMERSET), LOC_POOL); /* alive */
    assert_int_equal(battle_firepower(&w, BLOCK_L_EXETER), 1);
}

/* 2.3 WICHTIG: the senior heir present takes the defence bonus. With Henry VI
 * beside him, Exeter no longer defends Cornwall at A3 (test_battle.c has him
 * alone): Henry, the senior royal heir present, takes the crown's +1 (B3);
 * Cornwall is not Henry's shield, and Exeter is not the senior heir (RULINGS
 * B.5), so Exeter fires A1. */
static void rule_2_3_important_a_senior_heir_takes_the_crown_bonus_instead(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_CORNWALL);
    place(&w, "L:Exeter", "Cornwall");
    place(&w, "Y:Kent", "Somerset");
    march(&w, "Somerset", "Y:Kent", "Cornwall");
    both_pass(&w);
    assert_int_equal(battle_firepower(&w, BLOCK_L_HENRY_VI), 3);
    assert_int_equal(battle_firepower(&w, BLOCK_L_EXETER), 1);
}

/* 2.4: a city's levy defending its city fires +1 (C3 => C4): Newcastle's
 * levy in Northumbria; elsewhere it is C3. */
static void rule_2_4_levy_c3_defends_its_city_at_c4(void **state)
{
    (void)state;
    struct world w;
    attack(&w, "Y:Kent", "East-Yorks", "L:Newcastle-levy", "Northumbria");
    assert_int_equal(battle_initiative(&w, BLOCK_L_NEWCASTLE_LEVY), 'C');
    assert_int_equal(battle_firepower(&w, BLOCK_L_NEWCASTLE_LEVY), 4);
    attack(&w, "Y:Kent", "North-Yorks", "L:Newcastle-levy", "Cumbria");
    assert_int_equal(battle_firepower(&w, BLOCK_L_NEWCASTLE_LEVY), 3);
}

/* 2.5: a church block defending its cathedral fires +1 (C2 => C3): York's
 * church in South Yorks. */
static void rule_2_5_church_c2_defends_its_cathedral_at_c3(void **state)
{
    (void)state;
    struct world w;
    attack(&w, "Y:Kent", "Derby", "L:York-church", "South-Yorks");
    assert_int_equal(battle_initiative(&w, BLOCK_L_YORK_CHURCH), 'C');
    assert_int_equal(battle_firepower(&w, BLOCK_L_YORK_CHURCH), 3);
    attack(&w, "Y:Kent", "Derby", "L:York-church", "Lincoln");
    assert_int_equal(battle_firepower(&w, BLOCK_L_YORK_CHURCH), 2);
}

/* 2.6: the Welsh defend every area of Wales at +1 (A2 => A3). */
static void rule_2_6_welsh_a2_defend_wales_at_a3(void **state)
{
    (void)state;
    static const char *const WALES[] = {"Pembroke", "Caernarvon", "Powys", "Glamorgan"};
    static const char *const FROM[] = {"Glamorgan", "Chester", "Chester", "Hereford"};
    struct world w;
    for (int i = 0; i < 4; i++) {
        attack(&w, "Y:Kent", FROM[i], "L:Welsh-mercenary", WALES[i]);
        assert_int_equal(battle_initiative(&w, BLOCK_L_WELSH_MERCENARY), 'A');
        assert_int_equal(battle_firepower(&w, BLOCK_L_WELSH_MERCENARY), 3);
    }
    attack(&w, "Y:Kent", "Derby", "L:Welsh-mercenary", "Chester"); /* not Wales */
    assert_int_equal(battle_firepower(&w, BLOCK_L_WELSH_MERCENARY), 2);
}

/* 2.7: an exile is never entered by the enemy; 2.7.2: Lancaster's blocks
 * may enter Scotland by land. */
static void rule_2_7_2_lancaster_enters_scotland_by_land_york_never(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    place(&w, "L:Clifford", "Cumbria");
    march(&w, "Cumbria", "L:Clifford", "Scotland");
    assert_int_equal(world_location(&w, BLOCK_L_CLIFFORD), AREA_SCOTLAND);
    empty_board(&w, THREE, TWO);
    place(&w, "Y:March", "Northumbria");
    place(&w, "Y:Warwick", "Calais");
    play1(&w, "move-from", "Northumbria");
    play_text(&w, "block Y:March");
    assert_false(is_legal(&w, "to Scotland"));
    play_text(&w, "to Cumbria"); /* a red border: he stops */
    play_text(&w, "end");
    assert_false(sea_targets(&w, "Calais", "Y:Warwick") & area_bit(AREA_FRANCE));
}

/* 2.7.1: Ireland is reached, and left, only by sea over the Irish Sea. */
static void rule_2_7_1_ireland_only_by_sea_over_the_irish_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    assert_false(is_legal(&w, "move-from Ireland"));
    uint64_t reach = sea_targets(&w, "Ireland", "Y:York");
    assert_int_equal(reach, AREAS("Isle-of-Man", "Cumbria", "Lancaster", "Caernarvon", "Chester", "Pembroke",
                                  "Glamorgan", "Somerset", "Cornwall"));
}

/* 2.82: the Isle of Man (one of Stanley's shields) is reached only by sea. */
static void rule_2_82_the_isle_of_man_only_by_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    place(&w, "L:Stanley", "Lancaster");
    play1(&w, "move-from", "Lancaster");
    play_text(&w, "block L:Stanley");
    assert_false(targets(&w) & area_bit(AREA_ISLE_OF_MAN));
    play_text(&w, "to Chester");
    play_text(&w, "halt");
    play_text(&w, "end");
    place(&w, "L:Devon", "Lancaster");
    assert_true(sea_targets(&w, "Lancaster", "L:Devon") & area_bit(AREA_ISLE_OF_MAN));
    play_text(&w, "to Isle-of-Man");
    assert_int_equal(world_location(&w, BLOCK_L_DEVON), AREA_ISLE_OF_MAN);
}

/* ---- 3.x: blocks ---- */

/* 3.11: a block rolls as many dice as its strength: 4 dice at 4, 1 at 1. */
static void rule_3_11_strength_4_rolls_four_dice_strength_1_one(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "L:Oxford", "Essex");
    place(&w, "Y:Norfolk", "East-Anglia");
    place(&w, "Y:Hastings", "East-Anglia");
    world_set_steps(&w, BLOCK_Y_HASTINGS, 1);
    play1(&w, "move-from", "East-Anglia");
    play1(&w, "block", "Y:Norfolk");
    play_text(&w, "to Essex");
    play1(&w, "block", "Y:Hastings");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    both_pass(&w);
    play_text(&w, "pass L:Oxford");
    play_text(&w, "fire Y:Norfolk");
    assert_int_equal(w.battle.dice, 4);
    rolls(&w, "6666");
    play_text(&w, "fire Y:Hastings");
    assert_int_equal(w.battle.dice, 1);
    rolls(&w, "6");
    assert_int_equal(w.battle.round, 2);
}

/* 3.13 WICHTIG: Rivers has loyalty 1 as Lancaster's, 2 as York's: one die
 * when York's Pretender rolls at him, two when Lancaster's King does. */
static void rule_3_13_important_rivers_loyalty_1_for_lancaster_2_for_york(void **state)
{
    (void)state;
    struct world w;
    attack(&w, "Y:York", "Derby", "L:Rivers", "Leicester");
    assert_int_equal(treachery_dice(&w, "Y:York", "L:Rivers"), 1);
    empty_board(&w, TWO, THREE);
    world_place(&w, BLOCK_L_RIVERS, LOC_OTHER_SIDE);
    place(&w, "Y:Rivers", "Leicester");
    march(&w, "Middlesex", "L:Henry-VI", "Leicester");
    both_pass(&w);
    assert_int_equal(treachery_dice(&w, "L:Henry-VI", "Y:Rivers"), 2);
}

/* 3.21: an heir defending his shield fires +1 (A3 => A4): March at Rutland,
 * a York shield without a crown. */
static void rule_3_21_heir_a3_defends_his_shield_at_a4(void **state)
{
    (void)state;
    struct world w;
    attack(&w, "L:Clifford", "Lincoln", "Y:March", "Rutland");
    assert_int_equal(battle_initiative(&w, BLOCK_Y_MARCH), 'A');
    assert_int_equal(battle_firepower(&w, BLOCK_Y_MARCH), 4);
}

/* 3.23: a church block counts as a noble for usurpation. */
static void rule_3_23_a_church_counts_as_a_noble_for_usurpation(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "Y:Arundel", "Sussex");
    assert_int_equal(usurpation_count(&w, SIDE_YORK), 1);
    recruit(&w, "Y:Canterbury-church", "Kent");
    assert_int_equal(usurpation_count(&w, SIDE_YORK), 2);
}

/* ---- 5.2, 5.3, 5.31: moves by land and sea ---- */

/* 5.21: border limits count for each player separately: both may take two
 * blocks over the same red border (Northumbria/Cumbria), a third may not. */
static void rule_5_21_both_players_may_cross_the_same_red_border_with_two(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "L:Clifford", "Cumbria");
    place(&w, "Y:March", "Northumbria");
    place(&w, "Y:Warwick", "Northumbria");
    place(&w, "Y:Kent", "Northumbria");
    play_text(&w, "move-from Northumbria");
    play_text(&w, "block Y:March");
    play_text(&w, "to Cumbria");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Cumbria");
    play_text(&w, "block Y:Kent");
    assert_false(is_legal(&w, "to Cumbria")); /* York's two are across */
    play_text(&w, "to East-Yorks");
    play_text(&w, "halt");
    play_text(&w, "end");
    play_text(&w, "pass");
    place(&w, "L:Oxford", "North-Yorks");
    place(&w, "L:Beaumont", "North-Yorks");
    play_text(&w, "move-from North-Yorks");
    static const char *const TWO_BLOCKS[] = {"L:Oxford", "L:Beaumont"};
    for (int i = 0; i < 2; i++) {
        play1(&w, "block", TWO_BLOCKS[i]);
        play_text(&w, "to Northumbria");
        play_text(&w, "to Cumbria"); /* over the red border York's two crossed */
    }
    play_text(&w, "end");
    assert_int_equal(count(blocks_in(&w, SIDE_LANCASTER, AREA_CUMBRIA)), 3);
    assert_world_ok(&w);
}

/* Flussmündungen (side note to 5.2): from Glamorgan to Somerset by land is
 * Hereford, then Gloucester, then Somerset: three areas, more than one move
 * (it stops at Gloucester) but one Force March. */
static void rule_5_2_estuaries_example_glamorgan_to_somerset_by_hereford_and_gloucester(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, FORCE_MARCH, THREE);
    place(&w, "Y:Herbert", "Glamorgan");
    play_text(&w, "move-from Glamorgan");
    play_text(&w, "block Y:Herbert");
    assert_false(is_legal(&w, "to Somerset"));
    play_text(&w, "to Hereford");
    assert_false(is_legal(&w, "to Somerset"));
    play_text(&w, "to Gloucester");
    play_text(&w, "to Somerset");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), AREA_SOMERSET);
    empty_board(&w, THREE, TWO);
    place(&w, "Y:Herbert", "Glamorgan");
    play_text(&w, "move-from Glamorgan");
    play_text(&w, "block Y:Herbert");
    play_text(&w, "to Hereford");
    play_text(&w, "to Gloucester"); /* two areas: he stops */
    play_text(&w, "end");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), AREA_GLOUCESTER);
}

/* Flussmündungen: no land move from Glamorgan to Somerset, East Yorks to
 * Lincoln or Kent to Essex: only by sea. */
static void rule_5_2_estuaries_example_no_land_move_across_an_estuary(void **state)
{
    (void)state;
    static const char *const FROM[] = {"Glamorgan", "East-Yorks", "Kent"};
    static const char *const TO[] = {"Somerset", "Lincoln", "Essex"};
    static const char *const BLOCK[] = {"Y:Herbert", "Y:Kent", "Y:March"};
    static const char *const INSTEAD[] = {"Hereford", "Northumbria", "Sussex"};
    struct world w;
    empty_board(&w, THREE, TWO);
    for (int i = 0; i < 3; i++)
        place(&w, BLOCK[i], FROM[i]);
    for (int i = 0; i < 3; i++) {
        play1(&w, "move-from", FROM[i]);
        play1(&w, "block", BLOCK[i]);
        assert_false(targets(&w) & area_bit(area_of(TO[i])));
        play1(&w, "to", INSTEAD[i]);
        if (is_legal(&w, "halt"))
            play_text(&w, "halt");
        play_text(&w, "end");
    }
    empty_board(&w, THREE, TWO);
    for (int i = 0; i < 3; i++)
        place(&w, BLOCK[i], FROM[i]);
    for (int i = 0; i < 3; i++) {
        assert_true(sea_targets(&w, FROM[i], BLOCK[i]) & area_bit(area_of(TO[i])));
        play1(&w, "to", TO[i]);
        if (is_legal(&w, "end"))
            play_text(&w, "end");
        assert_int_equal(world_location(&w, block_of(BLOCK[i])), area_of(TO[i]));
    }
}

/* Meereszonen (side note to 5.3): Cornwall sails to every friendly or vacant
 * area of the Channel and the Irish Sea; not to York's exiles (2.7), not to
 * the North Sea. */
static void rule_5_3_example_cornwall_sails_to_the_channel_and_the_irish_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    place(&w, "L:Devon", "Cornwall");
    assert_int_equal(sea_targets(&w, "Cornwall", "L:Devon"),
                     AREAS("Sussex", "Kent", "Dorset", "France", "Isle-of-Man", "Scotland", "Cumbria", "Lancaster",
                           "Caernarvon", "Chester", "Pembroke", "Glamorgan", "Somerset"));
}

/* Meereszonen: Kent sails to the Channel and the North Sea; Middlesex
 * (London) is a port among them (5.3). */
static void rule_5_3_example_kent_sails_to_the_channel_and_the_north_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_DERBY);
    place(&w, "Y:March", "Kent");
    assert_int_equal(sea_targets(&w, "Kent", "Y:March"),
                     AREAS("Sussex", "Cornwall", "Dorset", "Calais", "Northumbria", "East-Yorks", "Lincoln", "Rutland",
                           "East-Anglia", "Middlesex", "Essex"));
}

/* Meereszonen: Scotland sails to the North Sea and the Irish Sea. */
static void rule_5_3_example_scotland_sails_to_the_north_sea_and_the_irish_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TWO, THREE);
    place(&w, "L:Oxford", "Scotland");
    assert_int_equal(sea_targets(&w, "Scotland", "L:Oxford"),
                     AREAS("Northumbria", "East-Yorks", "Lincoln", "Rutland", "East-Anglia", "Middlesex", "Essex",
                           "Kent", "Isle-of-Man", "Cumbria", "Lancaster", "Caernarvon", "Chester", "Pembroke",
                           "Glamorgan", "Somerset", "Cornwall", "France"));
}

/* 5.3: Calais sails to the Channel or the North Sea, France to the Channel
 * or the Irish Sea. */
static void rule_5_3_calais_to_the_channel_or_north_sea_france_to_the_channel_or_irish_sea(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_DERBY);
    place(&w, "Y:March", "Calais");
    assert_int_equal(sea_targets(&w, "Calais", "Y:March"),
                     AREAS("Sussex", "Kent", "Cornwall", "Dorset", "Northumbria", "East-Yorks", "Lincoln", "Rutland",
                           "East-Anglia", "Middlesex", "Essex"));
    empty_board(&w, TWO, THREE);
    place(&w, "L:Oxford", "France");
    assert_int_equal(sea_targets(&w, "France", "L:Oxford"),
                     AREAS("Sussex", "Kent", "Cornwall", "Dorset", "Isle-of-Man", "Scotland", "Cumbria", "Lancaster",
                           "Caernarvon", "Chester", "Pembroke", "Glamorgan", "Somerset"));
}

/* 5.3 and its side note: no sea move to or from Hereford, Gloucester or
 * South Yorks; Middlesex is reached by sea. */
static void rule_5_3_no_sea_move_at_hereford_gloucester_south_yorks_but_at_middlesex(void **state)
{
    (void)state;
    static const char *const INLAND[] = {"Hereford", "Gloucester", "South-Yorks"};
    static const char *const BLOCK[] = {"Y:March", "Y:Warwick", "Y:Kent"};
    struct world w;
    empty_board(&w, THREE, TWO);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_DERBY);
    for (int i = 0; i < 3; i++) {
        place(&w, BLOCK[i], INLAND[i]);
        assert_false(legal1(&w, "sea-from", INLAND[i]));
    }
    place(&w, "Y:Salisbury", "Calais");
    uint64_t reach = sea_targets(&w, "Calais", "Y:Salisbury");
    assert_int_equal(reach & AREAS("Hereford", "Gloucester", "South-Yorks"), 0);
    play_text(&w, "to Middlesex");
    assert_int_equal(world_location(&w, BLOCK_Y_SALISBURY), AREA_MIDDLESEX);
}

/* Four York blocks in Calais, York Player 1 with AP2 (a tie of 2s goes to
 * York, the Pretender). */
static void four_in_calais(struct world *w)
{
    static const char *const FOUR_BLOCKS[] = {"Y:March", "Y:Warwick", "Y:Kent", "Y:Salisbury"};
    empty_board(w, TWO, TWO_B);
    for (int i = 0; i < 4; i++)
        place(w, FOUR_BLOCKS[i], "Calais");
    assert_int_equal(w->player1, SIDE_YORK);
}

/* One port-to-port sea move of two blocks for 1 AP (5.31): the second
 * follows the first to the same port. */
static void sail_pair(struct world *w, const char *first, const char *second, const char *port)
{
    play_text(w, "sea-from Calais");
    play1(w, "block", first);
    play1(w, "to", port);
    assert_true(is_legal(w, "end")); /* the second block is optional */
    play1(w, "block", second);
    assert_int_equal(world_location(w, block_of(second)), area_of(port));
}

/* Seetransportbeispiele (side note to 5.31): AP2 sails 4 blocks from Calais
 * to Kent (Sandwich), two at a time port to port. */
static void rule_5_31_example_ap2_sails_four_blocks_from_calais_to_kent(void **state)
{
    (void)state;
    struct world w;
    four_in_calais(&w);
    sail_pair(&w, "Y:March", "Y:Warwick", "Kent");
    sail_pair(&w, "Y:Kent", "Y:Salisbury", "Kent");
    assert_int_equal(count(blocks_in(&w, SIDE_YORK, AREA_KENT)), 4);
    assert_york_is_done(&w, 2);
    assert_world_ok(&w);
}

/* Seetransportbeispiele: or two blocks to one port and two to another
 * (any port of the Channel or the North Sea). */
static void rule_5_31_example_ap2_sails_two_to_one_port_and_two_to_another(void **state)
{
    (void)state;
    struct world w;
    four_in_calais(&w);
    sail_pair(&w, "Y:March", "Y:Warwick", "Sussex");
    sail_pair(&w, "Y:Kent", "Y:Salisbury", "East-Anglia");
    assert_int_equal(count(blocks_in(&w, SIDE_YORK, AREA_SUSSEX)), 2);
    assert_int_equal(count(blocks_in(&w, SIDE_YORK, AREA_EAST_ANGLIA)), 2);
    assert_york_is_done(&w, 2);
    assert_world_ok(&w);
}

/* 5.4 WICHTIG: no steps are added to blocks on the map during a campaign:
 * only blocks in the pool can be recruited, a reduced block on the map never. */
static void rule_5_4_important_no_steps_added_during_a_campaign(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "Y:Arundel", "Sussex");
    world_set_steps(&w, BLOCK_Y_ARUNDEL, 1);
    assert_false(is_legal(&w, "recruit Y:Arundel"));
    assert_true(is_legal(&w, "recruit Y:Norfolk"));
    both_pass(&w);
    assert_int_equal(world_steps(&w, BLOCK_Y_ARUNDEL), 1); /* the turn's end gives nothing back */
}

/* ---- 6.x: battles ---- */

/* 6.1: Player 1 chooses which battle is fought first (with one left, it
 * starts by itself). */
static void rule_6_1_player_1_chooses_the_order_of_battles(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "L:Oxford", "Essex");
    place(&w, "L:Devon", "Sussex");
    place(&w, "Y:March", "Kent");
    place(&w, "Y:Norfolk", "East-Anglia");
    march(&w, "Kent", "Y:March", "Sussex");
    march(&w, "East-Anglia", "Y:Norfolk", "Essex");
    both_pass(&w);
    assert_int_equal(rules_actor(&w), ACTOR_YORK);
    assert_true(is_legal(&w, "battle Essex") && is_legal(&w, "battle Sussex"));
    play_text(&w, "battle Sussex");
    assert_int_equal(w.battle.area, AREA_SUSSEX);
    empty_board(&w, TWO, THREE); /* the same with Lancaster as Player 1 */
    place(&w, "Y:March", "Essex");
    place(&w, "Y:Norfolk", "Sussex");
    place(&w, "L:Oxford", "Kent");
    place(&w, "L:Devon", "East-Anglia");
    march(&w, "Kent", "L:Oxford", "Sussex");
    march(&w, "East-Anglia", "L:Devon", "Essex");
    both_pass(&w);
    assert_int_equal(rules_actor(&w), ACTOR_LANCASTER);
    play_text(&w, "battle Essex");
    assert_int_equal(w.battle.area, AREA_ESSEX);
}

/* 6.3: an attack may come over one, two or three borders, never four. York
 * attacks Leicester from Derby, Lincoln, Rutland and Warwick: the fourth is
 * refused. */
static void rule_6_3_an_attack_over_four_borders_is_forbidden(void **state)
{
    (void)state;
    static const char *const FROM[] = {"Derby", "Lincoln", "Rutland", "Warwick"};
    static const char *const BLOCK[] = {"Y:March", "Y:Warwick", "Y:Kent", "Y:Salisbury"};
    struct world w;
    empty_board(&w, FOUR, THREE);
    place(&w, "L:Oxford", "Leicester");
    for (int i = 0; i < 4; i++)
        place(&w, BLOCK[i], FROM[i]);
    for (int i = 0; i < 3; i++)
        march(&w, FROM[i], BLOCK[i], "Leicester");
    play1(&w, "move-from", FROM[3]);
    play1(&w, "block", BLOCK[3]);
    assert_false(is_legal(&w, "to Leicester"));
    assert_int_equal(count(blocks_in(&w, SIDE_YORK, AREA_LEICESTER)), 3);
}

/* The blocks that have a battle turn in the round now going on, found by
 * passing each in turn until the round ends. */
static blockset turns_this_round(struct world *w)
{
    blockset had_turn = 0;
    int round = w->battle.round;
    while (w->phase == PHASE_BATTLE && w->battle.round == round) {
        struct decisions legal;
        rules_legal(w, &legal);
        int i = 0;
        while (i < legal.count && decision_kind(legal.list[i]) != DECIDE_HOLD)
            i++;
        if (i == legal.count)
            fail_msg("no block may pass in round %d", round);
        had_turn |= block_bit(decision_first(legal.list[i]));
        rules_apply(w, legal.list[i]);
    }
    return had_turn;
}

/* 6.3 BEISPIEL (Essex): York attacks Essex from Rutland with 3 blocks (the
 * main attack, first over its border) and from Middlesex with 2; Lancaster
 * holds Essex with 2 and brings 3 from East Anglia. Round 1 is the 3 Rutland
 * blocks against the 2 defenders; the Middlesex and East Anglia blocks are
 * reserves and fight from round 2 (the reserve flags, and the third
 * reinforcing border refused: test_action.c). */
static void rule_6_3_example_essex_round_1_is_rutland_against_the_defenders(void **state)
{
    (void)state;
    static const char *const RUTLAND[] = {"Y:Kent", "Y:Salisbury", "Y:Norfolk"};
    static const char *const ANGLIA[] = {"L:Exeter", "L:Somerset", "L:Devon"};
    struct world w;
    empty_board(&w, FOUR, FOUR_B);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_LINCOLN);
    place(&w, "L:Oxford", "Essex");
    place(&w, "L:Beaumont", "Essex");
    for (int i = 0; i < 3; i++) {
        place(&w, RUTLAND[i], "Rutland");
        place(&w, ANGLIA[i], "East-Anglia");
    }
    place(&w, "Y:March", "Middlesex");
    place(&w, "Y:Warwick", "Middlesex");
    play_text(&w, "move-from Rutland");
    for (int i = 0; i < 3; i++) {
        play1(&w, "block", RUTLAND[i]);
        play_text(&w, "to Essex");
    }
    play_text(&w, "end");
    play_text(&w, "move-from Middlesex");
    play_text(&w, "block Y:March");
    play_text(&w, "to Essex");
    play_text(&w, "block Y:Warwick");
    play_text(&w, "to Essex");
    play_text(&w, "end");
    play_text(&w, "pass");
    play_text(&w, "move-from East-Anglia");
    for (int i = 0; i < 3; i++) {
        play1(&w, "block", ANGLIA[i]);
        play_text(&w, "to Essex");
    }
    play_text(&w, "end");
    play_text(&w, "pass");
    assert_int_equal(w.battle.area, AREA_ESSEX);
    blockset round_1 = block_bit(BLOCK_Y_KENT) | block_bit(BLOCK_Y_SALISBURY) | block_bit(BLOCK_Y_NORFOLK) |
                       block_bit(BLOCK_L_OXFORD) | block_bit(BLOCK_L_BEAUMONT);
    assert_int_equal(turns_this_round(&w), round_1);
    assert_int_equal(w.battle.round, 2);
    assert_int_equal(w.reserve, 0);                           /* the reserves have arrived */
    assert_int_equal(turns_this_round(&w), w.at[AREA_ESSEX]); /* all ten fight in round 2 */
    assert_world_ok(&w);
}

/* Verfolgung (side note to 6.2): a defender that survives three rounds sees
 * the attacker retreat in round 4, on the attacker's own turn, under fire
 * from the defenders whose turn comes before his: Oxford (A2, defending)
 * fires at Hastings (B2, attacking) before he may go; the levy (C) never
 * gets its turn, as the battle ends when Hastings leaves. */
static void rule_6_2_pursuit_example_the_attacker_retreats_in_round_4_under_fire(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    world_place(&w, BLOCK_L_HENRY_VI, AREA_DERBY);
    place(&w, "L:Oxford", "Essex");
    place(&w, "L:Coventry-levy", "Essex");
    place(&w, "Y:Hastings", "Middlesex");
    march(&w, "Middlesex", "Y:Hastings", "Essex");
    both_pass(&w);
    for (int round = 1; round <= 3; round++)
        turns_this_round(&w);
    assert_int_equal(w.battle.round, 4);
    assert_false(is_legal(&w, "retreat Y:Hastings Middlesex")); /* not before his turn */
    play_text(&w, "fire L:Oxford");
    rolls(&w, "116");
    assert_int_equal(world_steps(&w, BLOCK_Y_HASTINGS), 1);
    assert_false(is_legal(&w, "fire Y:Hastings"));
    assert_false(is_legal(&w, "pass Y:Hastings"));
    play_text(&w, "retreat Y:Hastings Middlesex");
    assert_int_equal(world_location(&w, BLOCK_Y_HASTINGS), AREA_MIDDLESEX);
    assert_int_equal(w.step, BATTLE_REGROUP); /* over: Lancaster won, and the levy never fired */
    assert_false(is_legal(&w, "fire L:Coventry-levy"));
}

/* 6.7: the winner's blocks, reserves included, may regroup to friendly or
 * vacant neighbours, never to enemy ones. March (main attack, from Rutland)
 * and Norfolk (a reserve, from East Anglia) take Essex in round 1; Henry VI
 * holds Middlesex and Beaumont Leicester. */
static void rule_6_7_the_winners_regroup_to_friendly_or_vacant_areas(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    place(&w, "L:Oxford", "Essex");
    world_set_steps(&w, BLOCK_L_OXFORD, 1);
    place(&w, "L:Beaumont", "Leicester");
    place(&w, "Y:March", "Rutland");
    place(&w, "Y:Norfolk", "East-Anglia");
    march(&w, "Rutland", "Y:March", "Essex");
    march(&w, "East-Anglia", "Y:Norfolk", "Essex");
    both_pass(&w);
    play_text(&w, "pass L:Oxford");
    play_text(&w, "fire Y:March");
    rolls(&w, "166");
    assert_int_equal(w.step, BATTLE_REGROUP);
    assert_true(is_legal(&w, "regroup Y:Norfolk Rutland")); /* a reserve that never fought */
    assert_true(is_legal(&w, "regroup Y:March East-Anglia"));
    assert_false(is_legal(&w, "regroup Y:March Middlesex")); /* Henry VI */
    assert_false(is_legal(&w, "regroup Y:March Leicester")); /* Beaumont */
}

/* 6.9 BEISPIEL: the King rolls at Northumberland, loyalty 2: two dice, both
 * even, and he defects into the King's reserve. Loyalty 2 is Lancaster's
 * Northumberland, so the King here is York's: Richard III in 1483 (the same
 * roll by York's Pretender in 1460 is in test_battle.c). */
static void rule_6_9_example_the_king_rolls_at_northumberland(void **state)
{
    (void)state;
    struct world w;
    bare(&w, SCENARIO_1483, THREE, TWO);
    assert_int_equal(w.king, BLOCK_Y_GLOUCESTER);
    world_place(&w, BLOCK_Y_NORTHUMBERLAND, LOC_OTHER_SIDE);
    place(&w, "L:Northumberland", "Essex");
    place(&w, "L:Oxford", "Essex");
    march(&w, "Middlesex", "Y:Gloucester", "Essex");
    both_pass(&w);
    assert_int_equal(treachery_dice(&w, "Y:Gloucester", "L:Northumberland"), 2);
    rolls(&w, "46");
    assert_int_equal(world_location(&w, BLOCK_Y_NORTHUMBERLAND), AREA_ESSEX);
    assert_int_equal(world_location(&w, BLOCK_L_NORTHUMBERLAND), LOC_OTHER_SIDE);
    assert_int_equal(w.battle.round, 2);           /* the King's roll was round 1's last turn */
    pass_until_legal(&w, "fire Y:Northumberland"); /* he fights for York from round 2 */
    assert_world_ok(&w);
}

/* York plays Treason and moves York and Warwick as one group from 'from' into
 * 'area'; Lancaster passes; the battle begins with York's Treason roll due. */
static void treason_attack(struct world *w, const char *from, const char *area)
{
    play1(w, "move-from", from);
    play_text(w, "block Y:York");
    play1(w, "to", area);
    play_text(w, "block Y:Warwick");
    play1(w, "to", area);
    play_text(w, "end");
    play_text(w, "pass");
    assert_int_equal(w->battle.area, area_of(area));
    assert_true(is_legal(w, "decline"));
}

/* 6.9: one block can face three treachery rolls in one battle: the Treason
 * card's, the Pretender's and Warwick's. Shrewsbury (loyalty 2) stays loyal
 * through all three; then no fourth roll is left. */
static void rule_6_9_one_block_faces_three_treachery_rolls_in_a_battle(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TREASON, THREE);
    place(&w, "L:Shrewsbury", "Chester");
    place(&w, "L:Beaumont", "Chester");
    place(&w, "Y:York", "Derby");
    place(&w, "Y:Warwick", "Derby");
    treason_attack(&w, "Derby", "Chester");
    play_text(&w, "treason L:Shrewsbury");
    rolls(&w, "13");
    assert_int_equal(treachery_dice(&w, "Y:York", "L:Shrewsbury"), 2);
    rolls(&w, "35");
    assert_int_equal(treachery_dice(&w, "Y:Warwick", "L:Shrewsbury"), 2);
    rolls(&w, "21");
    assert_int_equal(world_location(&w, BLOCK_L_SHREWSBURY), AREA_CHESTER);
    assert_int_equal(w.battle.round, 2);
    pass_until_legal(&w, "fire Y:York");
    assert_false(is_legal(&w, "treachery Y:York L:Shrewsbury"));
    assert_world_ok(&w);
}

/* 6.9: a defector cannot be won back in the same battle. The Treason card
 * turns Shrewsbury to York; in round 2, when he has arrived from York's
 * reserve, Henry VI may roll at Warwick but not at him. */
static void rule_6_9_a_defector_cannot_be_won_back_in_the_same_battle(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, TREASON, THREE);
    place(&w, "L:Shrewsbury", "Middlesex");
    place(&w, "Y:York", "Essex");
    place(&w, "Y:Warwick", "Essex");
    treason_attack(&w, "Essex", "Middlesex");
    play_text(&w, "treason L:Shrewsbury");
    rolls(&w, "24");
    assert_int_equal(world_location(&w, BLOCK_Y_SHREWSBURY), AREA_MIDDLESEX);
    turns_this_round(&w);
    assert_false(world_has_flag(&w, BLOCK_Y_SHREWSBURY, FLAG_RESERVE));
    pass_until_legal(&w, "treachery L:Henry-VI Y:Warwick");
    assert_false(is_legal(&w, "treachery L:Henry-VI Y:Shrewsbury"));
    assert_world_ok(&w);
}

/* ---- 7.2, 8.x, 9.1: supply, the political turn, Clarence and Exeter ---- */

/* Ends the turn with both passing and plays out the supply phase: York
 * takes 'york_loss' if a loss is owed. */
static void end_turn(struct world *w, const char *york_loss)
{
    both_pass(w);
    if (york_loss) {
        assert_int_equal(w->phase, PHASE_SUPPLY);
        assert_int_equal(rules_actor(w), ACTOR_YORK);
        play1(w, "lose", york_loss);
    }
}

/* 7.2's example: three York blocks in Ireland, the Irish mercenary absent:
 * one exile loses a step in every supply phase (York chooses which), and goes
 * to the pool at the campaign's start (8.5, RULINGS A.8). */
static void rule_7_2_example_three_york_exiles_in_ireland(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, THREE, TWO);
    w.turn = 6;
    place(&w, "Y:Rutland", "Ireland");
    place(&w, "Y:Herbert", "Ireland");
    assert_int_not_equal(world_location(&w, BLOCK_Y_IRISH_MERCENARY), AREA_IRELAND);
    both_pass(&w);
    assert_true(is_legal(&w, "lose Y:York") && is_legal(&w, "lose Y:Rutland"));
    play_text(&w, "lose Y:Herbert");
    assert_int_equal(w.phase, PHASE_CARDS); /* one loss, no more */
    play_cards(&w, THREE_B, TWO_B);
    end_turn(&w, "Y:Herbert");
    assert_int_equal(world_steps(&w, BLOCK_Y_HERBERT), 1);
    assert_int_equal(w.phase, PHASE_POLITICAL);
    first_choices_until_legal(&w, "disband Y:Herbert");
    assert_false(is_legal(&w, "disband Y:York")); /* heirs stay */
    play_text(&w, "disband Y:Herbert");
    assert_int_equal(world_location(&w, BLOCK_Y_HERBERT), LOC_POOL);
    assert_int_equal(w.phase, PHASE_DEAL);
    assert_world_ok(&w);
}

/* The 1460 board in turn 7: when both pass, the campaign's political turn comes. */
static void last_turn(struct world *w)
{
    empty_board(w, THREE, TWO);
    w->turn = 7;
}

/* 8.3 HINWEIS: Warwick cannot go home to Calais once he is Lancaster's; his
 * other shields are open to him. */
static void rule_8_3_note_warwick_never_goes_home_to_calais_as_lancasters(void **state)
{
    (void)state;
    struct world w;
    last_turn(&w);
    world_place(&w, BLOCK_Y_WARWICK, LOC_OTHER_SIDE);
    place(&w, "L:Warwick", "Kent");
    end_turn(&w, NULL);
    first_choices_until_legal(&w, "home L:Warwick Warwick");
    assert_true(is_legal(&w, "home L:Warwick Glamorgan"));
    assert_false(is_legal(&w, "home L:Warwick Calais"));
}

/* 8.4 WICHTIG: blocks in exile stay there, on both sides: Lancaster's Oxford
 * in France, York's Hastings in Calais; a noble on the map goes home. */
static void rule_8_4_important_blocks_in_exile_stay_in_exile(void **state)
{
    (void)state;
    struct world w;
    last_turn(&w);
    place(&w, "L:Oxford", "France");
    place(&w, "Y:Hastings", "Calais");
    place(&w, "L:Beaumont", "Kent");
    end_turn(&w, NULL);
    first_choices_through(&w, PHASE_POLITICAL);
    assert_int_equal(w.phase, PHASE_DEAL);
    assert_int_equal(world_location(&w, BLOCK_L_OXFORD), AREA_FRANCE);
    assert_int_equal(world_location(&w, BLOCK_Y_HASTINGS), AREA_CALAIS);
    assert_int_equal(world_location(&w, BLOCK_L_BEAUMONT), AREA_LINCOLN);
}

/* 9.1: Exeter and Clarence defect as nobles, not heirs: with Exeter York's,
 * only four Lancaster heirs need die. In 1483 Henry VI, Prince Edward and
 * Somerset are dead; here Exeter lives as York's, and York's killing of
 * Richmond, the fourth, wins at once. */
static void rule_9_1_with_exeter_defected_four_dead_heirs_win(void **state)
{
    (void)state;
    struct world w;
    bare(&w, SCENARIO_1483, THREE, TWO);
    place(&w, "Y:Exeter", "Cornwall");
    world_place(&w, BLOCK_L_EXETER, LOC_OTHER_SIDE);
    assert_int_equal(BLOCK_INFO[BLOCK_Y_EXETER].type, BLOCK_NOBLE);
    assert_int_equal(heirs_remaining(&w, SIDE_LANCASTER), block_bit(BLOCK_L_RICHMOND));
    place(&w, "L:Richmond", "Kent");
    world_set_steps(&w, BLOCK_L_RICHMOND, 1);
    place(&w, "Y:Norfolk", "Sussex");
    march(&w, "Sussex", "Y:Norfolk", "Kent");
    both_pass(&w);
    pass_until_legal(&w, "fire Y:Norfolk");
    play_text(&w, "fire Y:Norfolk");
    rolls(&w, "1666"); /* strength 4: four dice, one hit */
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_YORK);
}

/* 9.1: Clarence and Exeter cannot defect while King or Pretender. In 1470,
 * with Prince Edward dead and Henry VI a prisoner, Exeter is Lancaster's
 * Pretender: York's King may not roll at him. In 1460 he may. */
static void rule_9_1_exeter_cannot_defect_while_pretender(void **state)
{
    (void)state;
    struct world w;
    bare(&w, SCENARIO_1470, THREE, TWO);
    place(&w, "L:Exeter", "Essex");
    world_set_steps(&w, BLOCK_L_PRINCE_EDWARD, 1);
    lose_step(&w, BLOCK_L_PRINCE_EDWARD);
    assert_int_equal(w.pretender, BLOCK_L_EXETER);
    place(&w, "L:Shrewsbury", "Essex");
    march(&w, "Middlesex", "Y:March", "Essex");
    both_pass(&w);
    pass_until_legal(&w, "treachery Y:March L:Shrewsbury"); /* the King may roll */
    assert_false(is_legal(&w, "treachery Y:March L:Exeter"));
    attack(&w, "Y:York", "Somerset", "L:Exeter", "Cornwall");
    pass_until_legal(&w, "treachery Y:York L:Exeter"); /* fails if it never comes */
}

/* 9.1: defectors go home as nobles of their new side: York's Exeter to
 * Cornwall, Lancaster's Clarence to any York shield. */
static void rule_9_1_defectors_go_home_as_enemy_nobles(void **state)
{
    (void)state;
    struct world w;
    last_turn(&w);
    world_place(&w, BLOCK_L_EXETER, LOC_OTHER_SIDE);
    place(&w, "Y:Exeter", "Sussex");
    world_place(&w, BLOCK_Y_CLARENCE, LOC_OTHER_SIDE);
    place(&w, "L:Clarence", "Leicester");
    both_pass(&w);
    play_text(&w, "spare"); /* York keeps Exeter (9.1's execution) */
    play_text(&w, "spare"); /* Lancaster keeps Clarence */
    first_choices_until_legal(&w, "home L:Clarence South-Yorks");
    assert_int_equal(world_location(&w, BLOCK_Y_EXETER), AREA_CORNWALL); /* his one way home */
    assert_true(is_legal(&w, "home L:Clarence Hereford") && is_legal(&w, "home L:Clarence Rutland"));
    assert_false(is_legal(&w, "home L:Clarence Lincoln")); /* a Lancaster heir's shield: not his now */
}

/* ---- the scenarios ---- */

/* KÖNIGSMACHER (1470) HINWEIS: Henry VI is a prisoner in Middlesex. When a
 * Lancaster block occupies London he is freed, becomes the Pretender and may
 * move like any block. */
static void kingmaker_1470_note_henry_freed_when_lancaster_takes_london(void **state)
{
    (void)state;
    struct world w;
    bare(&w, SCENARIO_1470, TWO, THREE);
    world_place(&w, BLOCK_Y_MARCH, AREA_KENT);
    place(&w, "L:Oxford", "Essex");
    assert_int_equal(w.prisoner, BLOCK_L_HENRY_VI);
    assert_int_equal(w.pretender, BLOCK_L_PRINCE_EDWARD);
    march(&w, "Essex", "L:Oxford", "Middlesex");
    assert_int_equal(w.prisoner, BLOCK_NONE);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), AREA_MIDDLESEX);
    assert_int_equal(w.pretender, BLOCK_L_HENRY_VI);
    march(&w, "Middlesex", "L:Henry-VI", "Oxford");
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), AREA_OXFORD);
    assert_world_ok(&w);
}

/* The bare 1470 board in its last turn (the scenario is one campaign). */
static void kingmaker_last_turn(struct world *w)
{
    bare(w, SCENARIO_1470, THREE, TWO);
    w->turn = 7;
}

/* KÖNIGSMACHER HINWEIS: if York wins with Henry VI still a prisoner, he is
 * eliminated. */
static void kingmaker_1470_note_york_wins_and_the_prisoner_dies(void **state)
{
    (void)state;
    struct world w;
    kingmaker_last_turn(&w);
    both_pass(&w);
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_YORK);
    assert_int_equal(world_location(&w, BLOCK_L_HENRY_VI), LOC_DEAD);
}

/* KÖNIGSMACHER HINWEIS: the prisoner counts as a Lancaster noble for
 * usurpation (8.2). York holds March and London (2). Lancaster with Oxford
 * and Warwick has 2, and Henry makes 3: a majority, and Lancaster wins. With
 * Oxford alone, Henry makes 2: a tie, which the King wins (8.2). */
static void kingmaker_1470_note_the_prisoner_counts_for_usurpation(void **state)
{
    (void)state;
    struct world w;
    kingmaker_last_turn(&w);
    world_place(&w, BLOCK_Y_WARWICK, LOC_OTHER_SIDE);
    place(&w, "L:Oxford", "Essex");
    place(&w, "L:Warwick", "Warwick");
    both_pass(&w);
    assert_int_equal(w.phase, PHASE_OVER);
    assert_int_equal(w.winner, SIDE_LANCASTER);
    kingmaker_last_turn(&w);
    place(&w, "L:Oxford", "Essex");
    both_pass(&w);
    assert_int_equal(w.winner, SIDE_YORK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_1_1_higher_card_is_player_1_the_pretender_on_a_tie),
        cmocka_unit_test(rule_1_1_the_event_cards_player_is_always_player_1),
        cmocka_unit_test(rule_1_1_two_events_compare_ap_the_pretender_on_a_tie),
        cmocka_unit_test(rule_1_1_note_a_card_must_be_played_actions_are_not_saved),
        cmocka_unit_test(rule_1_2_example_ap3_allows_three_moves),
        cmocka_unit_test(rule_1_2_example_ap3_allows_one_move_and_two_recruits),
        cmocka_unit_test(rule_1_2_example_ap3_allows_three_recruits),
        cmocka_unit_test(rule_2_1_control_changes_at_once),
        cmocka_unit_test(rule_2_2_noble_b2_defends_his_shield_at_b3),
        cmocka_unit_test(rule_2_2_a_noble_who_defects_to_the_defender_keeps_his_shield_bonus),
        cmocka_unit_test(rule_2_2_royal_shields_example_dorset_is_somersets_alone_while_he_lives),
        cmocka_unit_test(rule_2_3_important_a_senior_heir_takes_the_crown_bonus_instead),
        cmocka_unit_test(rule_2_4_levy_c3_defends_its_city_at_c4),
        cmocka_unit_test(rule_2_5_church_c2_defends_its_cathedral_at_c3),
        cmocka_unit_test(rule_2_6_welsh_a2_defend_wales_at_a3),
        cmocka_unit_test(rule_2_7_1_ireland_only_by_sea_over_the_irish_sea),
        cmocka_unit_test(rule_2_7_2_lancaster_enters_scotland_by_land_york_never),
        cmocka_unit_test(rule_2_82_the_isle_of_man_only_by_sea),
        cmocka_unit_test(rule_3_11_strength_4_rolls_four_dice_strength_1_one),
        cmocka_unit_test(rule_3_13_important_rivers_loyalty_1_for_lancaster_2_for_york),
        cmocka_unit_test(rule_3_21_heir_a3_defends_his_shield_at_a4),
        cmocka_unit_test(rule_3_23_a_church_counts_as_a_noble_for_usurpation),
        cmocka_unit_test(rule_5_1_example_ap0_event_beats_a_normal_ap4),
        cmocka_unit_test(rule_5_21_both_players_may_cross_the_same_red_border_with_two),
        cmocka_unit_test(rule_5_2_estuaries_example_glamorgan_to_somerset_by_hereford_and_gloucester),
        cmocka_unit_test(rule_5_2_estuaries_example_no_land_move_across_an_estuary),
        cmocka_unit_test(rule_5_3_example_cornwall_sails_to_the_channel_and_the_irish_sea),
        cmocka_unit_test(rule_5_3_example_kent_sails_to_the_channel_and_the_north_sea),
        cmocka_unit_test(rule_5_3_example_scotland_sails_to_the_north_sea_and_the_irish_sea),
        cmocka_unit_test(rule_5_3_calais_to_the_channel_or_north_sea_france_to_the_channel_or_irish_sea),
        cmocka_unit_test(rule_5_3_no_sea_move_at_hereford_gloucester_south_yorks_but_at_middlesex),
        cmocka_unit_test(rule_5_31_example_ap2_sails_four_blocks_from_calais_to_kent),
        cmocka_unit_test(rule_5_31_example_ap2_sails_two_to_one_port_and_two_to_another),
        cmocka_unit_test(rule_5_4_important_no_steps_added_during_a_campaign),
        cmocka_unit_test(rule_6_1_player_1_chooses_the_order_of_battles),
        cmocka_unit_test(rule_6_2_pursuit_example_the_attacker_retreats_in_round_4_under_fire),
        cmocka_unit_test(rule_6_3_an_attack_over_four_borders_is_forbidden),
        cmocka_unit_test(rule_6_3_example_essex_round_1_is_rutland_against_the_defenders),
        cmocka_unit_test(rule_6_7_the_winners_regroup_to_friendly_or_vacant_areas),
        cmocka_unit_test(rule_6_9_example_the_king_rolls_at_northumberland),
        cmocka_unit_test(rule_6_9_one_block_faces_three_treachery_rolls_in_a_battle),
        cmocka_unit_test(rule_6_9_a_defector_cannot_be_won_back_in_the_same_battle),
        cmocka_unit_test(rule_7_2_example_three_york_exiles_in_ireland),
        cmocka_unit_test(rule_8_3_note_warwick_never_goes_home_to_calais_as_lancasters),
        cmocka_unit_test(rule_8_4_important_blocks_in_exile_stay_in_exile),
        cmocka_unit_test(rule_9_1_with_exeter_defected_four_dead_heirs_win),
        cmocka_unit_test(rule_9_1_exeter_cannot_defect_while_pretender),
        cmocka_unit_test(rule_9_1_defectors_go_home_as_enemy_nobles),
        cmocka_unit_test(kingmaker_1470_note_henry_freed_when_lancaster_takes_london),
        cmocka_unit_test(kingmaker_1470_note_york_wins_and_the_prisoner_dies),
        cmocka_unit_test(kingmaker_1470_note_the_prisoner_counts_for_usurpation),
    };
    return cmocka_run_group_tests_name("examples", tests, NULL, NULL);
}
