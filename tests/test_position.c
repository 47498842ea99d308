/*
 * test_position.c: the position text format (docs/position-format.md).
 * Round trips for the three setups and for thousands of random states,
 * malformed texts each rejected with the column and what was expected while
 * the target state stays untouched, and a mutation fuzzer over valid texts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/text/position.h"
#include "tests/support.h"

/* ---- random states that keep every invariant ---- */

static int random_heir(uint64_t *rng, int side)
{
    for (;;) {
        int b = rng_below(rng, BLOCK_COUNT);
        if (BLOCK_INFO[b].type == BLOCK_HEIR && (side == SIDE_NONE || BLOCK_INFO[b].side == side))
            return b;
    }
}

static void randomise_blocks(struct world *w, uint64_t *rng)
{
    for (int b = 0; b < BLOCK_COUNT; b++) {
        if (rng_below(rng, 3) == 0) {
            int loc = rng_below(rng, LOC_COUNT);
            if (loc != LOC_PRISONER || w->prisoner == BLOCK_NONE)
                world_place(w, b, loc);
        }
        world_set_steps(w, b, 1 + rng_below(rng, BLOCK_INFO[b].steps));
        for (int i = 0; i < BLOCK_FLAG_COUNT; i++)
            world_set_flag(w, b, i, rng_below(rng, 6) == 0);
    }
}

static void randomise_crowns(struct world *w, uint64_t *rng)
{
    int king = rng_below(rng, 6) ? random_heir(rng, SIDE_NONE) : BLOCK_NONE;
    int other = king == BLOCK_NONE ? SIDE_NONE : 1 - BLOCK_INFO[king].side;
    w->king = (uint8_t)king;
    int pretender = rng_below(rng, 6) ? random_heir(rng, other) : BLOCK_NONE;
    world_set_pretender_side(w, other != SIDE_NONE ? other : rng_below(rng, 2));
    world_set_pretender(w, pretender);
}

/* Every card goes to a hand, the deck, a played slot or the discards. */
static void randomise_cards(struct world *w, uint64_t *rng)
{
    w->hand[0] = w->hand[1] = w->deck = 0;
    w->played[0] = w->played[1] = 0;
    for (int c = 1; c <= CARD_COUNT; c++) {
        int where = rng_below(rng, 5);
        if (where < 2)
            w->hand[where] |= 1u << c;
        else if (where == 2)
            w->deck |= 1u << c;
        else if (where == 3 && !w->played[c & 1])
            w->played[c & 1] = (uint8_t)c;
    }
}

static void randomise_borders(struct world *w, uint64_t *rng)
{
    uint64_t all = ((uint64_t)1 << BORDER_COUNT) - 1;
    for (int e = 0; e < BORDER_COUNT; e++)
        if (rng_below(rng, 4) == 0)
            world_set_crossed(w, e, rng_below(rng, 8));
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int way = 0; way < 2; way++)
            w->entered[s][way] = rng_next(rng) & rng_next(rng) & all;
    w->main_attack = rng_next(rng) & rng_next(rng) & all;
}

static int random_area_or_none(uint64_t *rng) { return rng_below(rng, 2) ? rng_below(rng, AREA_COUNT) : AREA_NONE; }

static void randomise_move(struct world *w, uint64_t *rng)
{
    if (rng_below(rng, 2))
        return;
    w->move.kind = (uint8_t)(1 + rng_below(rng, MOVE_KIND_COUNT - 1));
    w->move.from = (uint8_t)random_area_or_none(rng);
    w->move.block = rng_below(rng, 2) ? (uint8_t)rng_below(rng, BLOCK_COUNT) : BLOCK_NONE;
    w->move.via = (uint8_t)random_area_or_none(rng);
    w->move.came_from = (uint8_t)random_area_or_none(rng);
    w->move.steps = (uint8_t)rng_below(rng, 4);
    w->move.target = (uint8_t)random_area_or_none(rng);
}

static void randomise_battle(struct world *w, uint64_t *rng)
{
    if (rng_below(rng, 2))
        return;
    struct battle *b = &w->battle;
    b->area = (uint8_t)rng_below(rng, AREA_COUNT);
    b->round = (uint8_t)(1 + rng_below(rng, 4));
    b->attacker = (uint8_t)rng_below(rng, SIDE_COUNT);
    b->actor = rng_below(rng, 2) ? (uint8_t)rng_below(rng, BLOCK_COUNT) : BLOCK_NONE;
    b->target = rng_below(rng, 2) ? (uint8_t)rng_below(rng, BLOCK_COUNT) : BLOCK_NONE;
    b->dice = (uint8_t)rng_below(rng, 5);
    b->hits = (uint8_t)rng_below(rng, 256);
    b->flags = (uint8_t)rng_below(rng, 1 << BATTLE_FLAG_COUNT);
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int i = 0; i < AREA_NEIGHBOURS[b->area].count; i++)
            world_set_retreats(w, s, i, rng_below(rng, 16));
}

/* Some blocks on the map hidden from their enemy, with candidates that hold
 * them, and some strengths known only vaguely (docs/knowledge.md). */
static void randomise_knowledge(struct world *w, uint64_t *rng)
{
    int next_label[SIDE_COUNT] = {1, 1};
    for (int b = 0; b < BLOCK_COUNT; b++) {
        if (world_location(w, b) >= AREA_COUNT || rng_below(rng, 4))
            continue;
        int observer = world_observer(w, b), steps = world_steps(w, b);
        if (rng_below(rng, 2)) {
            blockset others = w->side_blocks[1 - observer] & rng_next(rng) & rng_next(rng);
            w->know.label[b] = (uint8_t)next_label[observer]++;
            w->know.cand[b] = cand_mask(others | block_bit(b), observer);
        }
        if (w->know.label[b] && rng_below(rng, 2))
            world_set_strength_knowledge(w, b, KNOW_DEFICIT, BLOCK_INFO[b].steps - steps);
        else if (rng_below(rng, 2))
            world_set_strength_knowledge(w, b, KNOW_AT_MOST, steps - 1 + rng_below(rng, 5 - steps));
    }
}

static void random_world(struct world *w, uint64_t *rng)
{
    blockset acted;
    scenario_setup(w, rng_below(rng, SCENARIO_COUNT));
    w->campaign = (uint8_t)(1 + rng_below(rng, 3));
    w->turn = (uint8_t)(1 + rng_below(rng, 7));
    w->phase = (uint8_t)rng_below(rng, PHASE_COUNT);
    w->step = (uint8_t)rng_below(rng, 16);
    static const uint8_t SIDES[] = {SIDE_YORK, SIDE_LANCASTER, SIDE_NONE};
    w->player1 = SIDES[rng_below(rng, 3)];
    w->winner = SIDES[rng_below(rng, 3)];
    w->ap_left = (uint8_t)rng_below(rng, 5);
    w->flags = (uint8_t)rng_below(rng, 8);
    w->minors_due[0] = (uint8_t)rng_below(rng, 6);
    w->minors_due[1] = (uint8_t)rng_below(rng, 6);
    randomise_blocks(w, rng);
    randomise_crowns(w, rng);
    randomise_cards(w, rng);
    randomise_borders(w, rng);
    randomise_move(w, rng);
    randomise_battle(w, rng);
    acted = rng_next(rng) & rng_next(rng) & (block_bit(BLOCK_COUNT) - 1);
    w->acted = acted;
    randomise_knowledge(w, rng);
}

/* print -> parse gives the same bytes; parse -> print gives the same text. */
static void assert_round_trip(const struct world *w)
{
    char text[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX], error[256];
    struct world parsed;
    assert_true(position_print(w, text, sizeof text));
    if (!position_parse(text, &parsed, error, sizeof error))
        fail_msg("%s\nin: %s", error, text);
    assert_memory_equal(w, &parsed, sizeof parsed);
    assert_true(position_print(&parsed, again, sizeof again));
    assert_string_equal(text, again);
}

static void setups_round_trip(void **state)
{
    (void)state;
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        struct world w;
        scenario_setup(&w, s);
        assert_round_trip(&w);
    }
}

static void random_states_round_trip(void **state)
{
    (void)state;
    uint64_t rng = 2026;
    char why[200];
    for (int i = 0; i < 5000; i++) {
        struct world w;
        random_world(&w, &rng);
        if (!world_check(&w, why, sizeof why))
            fail_msg("generator made a bad world: %s", why);
        assert_round_trip(&w);
    }
}

static void setup_text_is_the_documented_one(void **state)
{
    (void)state;
    struct world w;
    char text[POSITION_TEXT_MAX];
    scenario_setup(&w, SCENARIO_1483);
    position_print(&w, text, sizeof text);
    assert_non_null(
        strstr(text, "scenario=1483 campaign=3 turn=1 phase=deal step=0 king=Y:Gloucester pretender=L:Richmond "));
    assert_non_null(strstr(text, " France=L:French-mercenary4,L:Oxford3,L:Pembroke3,L:Richmond3 "));
    assert_non_null(strstr(text, " crossed=- entered-Y=- entered-L=- main=- acted=- move=- battle=-"));
    assert_null(strchr(text, '\n'));
}

static void parser_accepts_any_order_of_places_and_extra_blanks(void **state)
{
    (void)state;
    struct world w, parsed;
    char text[POSITION_TEXT_MAX], moved[POSITION_TEXT_MAX + 8], error[256];
    scenario_setup(&w, SCENARIO_1460);
    position_print(&w, text, sizeof text);
    /* put Calais's token first among the places and double a blank */
    char *calais = strstr(text, " Calais="), *ireland = strstr(text, " Ireland=");
    char *calais_end = strstr(calais, " pool=");
    snprintf(moved, sizeof moved, "  %.*s %.*s  %.*s%s\n", (int)(ireland - text), text, (int)(calais_end - calais - 1),
             calais + 1, (int)(calais - ireland), ireland, calais_end);
    if (!position_parse(moved, &parsed, error, sizeof error))
        fail_msg("%s", error);
    assert_memory_equal(&w, &parsed, sizeof w);
}

/* ---- malformed input ---- */

struct bad_case {
    const char *from;    /* text of the 1460 setup to replace ... */
    const char *to;      /* ... with this */
    const char *anchor;  /* where the error is, found in the changed text */
    const char *message; /* what the parser must say after "column N: " */
};

static const struct bad_case BAD[] = {
    {"scenario=1460", "scenario=1459", "1459", "expected scenario 1460, 1470 or 1483, found '1459'"},
    {"campaign=1", "campaign=4", "4 turn", "expected campaign 1..3, found '4'"},
    {"turn=1", "turn=0", "0 phase", "expected turn 1..7, found '0'"},
    {"step=0", "step=16", "16", "expected step 0..15, found '16'"},
    {"phase=deal", "phase=lunch", "lunch",
     "expected a phase (deal, mulligan, cards, action, battle, supply, political, over), found 'lunch'"},
    {"scenario=1460 campaign", "scenario=1460campaign", "campaign",
     "expected a blank between fields, found 'campaign=1'"},
    {"campaign=1 turn", "campaign=1 tern", "tern", "expected 'turn=', found 'tern=1'"},
    {"king=L:Henry-VI", "king=L:Oxford", "L:Oxford", "'L:Oxford' cannot be king: only an heir can (3.21)"},
    {"pretender=Y:York", "pretender=L:Somerset", "L:Somerset",
     "'L:Somerset' is on the King's side; the Pretender is the other house"},
    {"pretender-side=Y", "pretender-side=L", "L player1",
     "'L' is not the Pretender's side: the other house from the King's, the Pretender's own"},
    {"player1=-", "player1=X", "X ap", "expected Y, L or -, found 'X'"},
    {"ap=0", "ap=5", "5 winner", "expected ap 0..4, found '5'"},
    {"flags=-", "flags=mulligan-Y,mulligan-Y", "mulligan-Y hand", "'mulligan-Y' is listed twice"},
    {"flags=-", "flags=cheat", "cheat",
     "expected mulligan-Y, mulligan-L, treason-rolled, no-knowledge or -, found 'cheat'"},
    {"deck=1-25", "deck=1-26", "26", "expected the end of a card range 1..25, found '26'"},
    {"hand-Y=-", "hand-Y=3", "1-25", "'1-25' names card 3, which is already elsewhere"},
    {"played-Y=-", "played-Y=26", "26", "expected a card 1..25, found '26'"},
    {"minors-due-L=0", "minors-due-L=9", "9 Ireland", "expected minors-due-L 0..5, found '9'"},
    {"Y:York4", "Y:Yrok4", "Y:Yrok4",
     "expected a block id such as Y:March or L:Henry-VI, found 'Y:Yrok4,Y:Rutland3,Y:Irish-mercenary4'"},
    {"Y:Rutland3", "Y:Rutland4", "Y:Rutland4", "'Y:Rutland4' has strength 4, but Y:Rutland has only 3 steps"},
    {"Y:York4", "Y:York0", "0,Y:R", "expected a strength 1..4, found '0,Y:Rutland3,Y:Irish-mercenary4'"},
    {"Y:York4", "Y:York4q", "q,",
     "expected a block flag (m, p, f, r, d, v or s), ',' or a blank, found 'q,Y:Rutland3,Y:Irish-mercenary4'"},
    {"Y:York4", "Y:York4mm", "m,Y", "'m' is given twice for Y:York"},
    {"Y:Rutland3", "Y:York4", "Y:York4,Y:Irish", "'Y:York' is listed twice; a block is in one place"},
    {",Y:Irish-mercenary4", "",
     "crossed=", "expected a place for Y:Irish-mercenary: every block must be listed once, found 'crossed=-'"},
    {"Scotland=", "Atlantis=", "Atlantis",
     "expected a place (an area, pool, minor, other-side, dead or prisoner) or 'crossed=', found 'Atlantis=L:Scots-mercenary4'"},
    {"Scotland=", "Ireland=", "Ireland=L:Scots", "'Ireland' is given twice; list each place once"},
    {"crossed=-", "crossed=Kent/Essex:1", "Kent/Essex",
     "'Kent/Essex' is no border: Kent and Essex are not adjacent by land"},
    {"crossed=-", "crossed=Middlesex/Oxford:8", "8 entered", "expected a crossing count 1..7, found '8'"},
    {"entered-Y=-", "entered-Y=Derby-Chester", "Derby-Chester",
     "expected an area name (spaces written as '-'), found 'Derby-Chester'"},
    {"move=-", "move=fly/Kent/-/-/-/0/-", "fly",
     "expected a move kind (land, sea, muster, recruit) or -, found 'fly/Kent/-/-/-/0/-'"},
    {"move=-", "move=land/Kent/Y:York/Sussex/Kent/4/-", "4/-", "expected a count of areas moved 0..3, found '4/-'"},
    {"battle=-", "battle=Essex/5/Y/-/-/0/0/-/-/-", "5/Y", "expected a battle round 1..4, found '5/Y/-/-/0/0/-/-/-'"},
    {"battle=-", "battle=Essex/2/Y/-/-/0/0/-/Kent:1/-", "Kent:1",
     "'Kent' is not a land neighbour of the battle area Essex"},
    {"battle=-", "battle=Essex/2/Y/-/-/5/0/-/-/-", "5/0", "expected a count of dice 0..4, found '5/0/-/-/-'"},
    {"battle=-", "battle=- extra", "extra", "expected 'hidden=', found 'extra'"},
    {"battle=-", "battle=-x", "-x", "expected an area name (spaces written as '-'), found '-x'"},
    {"battle=-", "battle=Essex/2/Y/-/-/0/0/-/-/-/end", "/end", "expected a blank between fields, found '/end'"},
    {"hidden=-", "hidden=L:Oxford?0(L:Oxford)", "0(", "expected a piece label 1..32, found '0(L:Oxford)'"},
    {"hidden=-", "hidden=L:Oxford?1(Y:March)", "Y:March)",
     "'Y:March' cannot be L:Oxford: it fights for the other side"},
    {"hidden=-", "hidden=L:Oxford?1(L:Oxford", " strength=", "expected ')', found a blank"},
    {"hidden=-", "hidden=L:Oxford?1(L:Oxford),L:Oxford?2(L:Oxford)", "L:Oxford?2", "'L:Oxford' is listed twice"},
    {"hidden=-", "hidden=L:Oxford", " strength=", "expected '?', found a blank"},
    {"strength=-", "strength=L:Oxford/most-2", "most-2", "expected full, full-N or max-N, found 'most-2'"},
    {"strength=-", "strength=L:Oxford/max-9", "9", "expected a strength 1..4, found '9'"},
    {"strength=-", "strength=L:Oxford/full-7", "7", "expected a number of steps lost 1..3, found '7'"},
    {"strength=-", "strength=- extra", "extra", "expected the end of the text after strength=, found 'extra'"},
};

/* Builds the 1460 setup text with one replacement, or the empty text. */
static void bad_text(const struct bad_case *c, char *out, size_t size)
{
    struct world w;
    char text[POSITION_TEXT_MAX];
    scenario_setup(&w, SCENARIO_1460);
    position_print(&w, text, sizeof text);
    char *at = strstr(text, c->from);
    assert_non_null(at);
    snprintf(out, size, "%.*s%s%s", (int)(at - text), text, c->to, at + strlen(c->from));
}

static void assert_rejected(const char *text, const char *expected)
{
    struct world sentinel, w;
    char error[512];
    scenario_setup(&sentinel, SCENARIO_1483);
    memcpy(&w, &sentinel, sizeof w);
    assert_false(position_parse(text, &w, error, sizeof error));
    assert_string_equal(error, expected);
    assert_memory_equal(&w, &sentinel, sizeof w); /* the state is left untouched */
}

static void malformed_texts_are_rejected_with_column_and_reason(void **state)
{
    (void)state;
    char text[POSITION_TEXT_MAX + 64], expected[600];
    int count = (int)(sizeof BAD / sizeof BAD[0]);
    assert_true(count >= 20);
    for (int i = 0; i < count; i++) {
        bad_text(&BAD[i], text, sizeof text);
        const char *anchor = strstr(text, BAD[i].anchor);
        if (!anchor)
            fail_msg("case %d: anchor '%s' not in text", i, BAD[i].anchor);
        snprintf(expected, sizeof expected, "column %d: %s", (int)(anchor - text) + 1, BAD[i].message);
        assert_rejected(text, expected);
    }
    assert_rejected("", "column 1: expected 'scenario=', found the end of the text");
    assert_rejected("   ", "column 4: expected 'scenario=', found the end of the text");
}

/* ---- fuzzing ---- */

static void mutate(char *text, size_t size, uint64_t *rng)
{
    static const char ALPHABET[] = "=,/:>- 0123456789YLmpfrdvsk-:Essex?(+)";
    size_t len = strlen(text);
    size_t at = len ? (size_t)rng_below(rng, (int)len) : 0;
    switch (rng_below(rng, 6)) {
    case 5: /* another digit where a digit stands: often still a valid position */
        if (len && text[at] >= '0' && text[at] <= '9')
            text[at] = (char)('0' + rng_below(rng, 10));
        break;
    case 0: { /* delete a run of up to four bytes */
        size_t n = 1 + (size_t)rng_below(rng, 4);
        if (n > len - at)
            n = len - at;
        memmove(text + at, text + at + n, len - at - n + 1);
        break;
    }
    case 1: /* replace a byte */
        if (len)
            text[at] = ALPHABET[rng_below(rng, (int)sizeof ALPHABET - 1)];
        break;
    case 2: /* insert a byte */
        if (len + 2 < size) {
            memmove(text + at + 1, text + at, len - at + 1);
            text[at] = ALPHABET[rng_below(rng, (int)sizeof ALPHABET - 1)];
        }
        break;
    case 3: /* truncate */ text[at] = '\0'; break;
    default: /* any byte at all, including high ones */
        if (len)
            text[at] = (char)(1 + rng_below(rng, 255));
        break;
    }
}

static void fuzzed_texts_never_crash_and_never_half_apply(void **state)
{
    (void)state;
    uint64_t rng = 77;
    int accepted = 0, rejected = 0;
    for (int i = 0; i < 20000; i++) {
        struct world w, sentinel, parsed;
        char text[POSITION_TEXT_MAX + 64], error[512], why[200];
        random_world(&w, &rng);
        position_print(&w, text, sizeof text);
        for (int m = 1 + rng_below(&rng, 3); m > 0; m--)
            mutate(text, sizeof text, &rng);
        scenario_setup(&sentinel, SCENARIO_1470);
        memcpy(&parsed, &sentinel, sizeof parsed);
        if (position_parse(text, &parsed, error, sizeof error)) {
            accepted++;
            assert_true(world_check(&parsed, why, sizeof why));
            assert_round_trip(&parsed);
        } else {
            rejected++;
            assert_memory_equal(&parsed, &sentinel, sizeof parsed);
            assert_true(strncmp(error, "column ", 7) == 0);
        }
    }
    printf("fuzz: %d mutated texts accepted, %d rejected\n", accepted, rejected);
    assert_true(rejected > 0);
}

static void short_buffers_are_reported(void **state)
{
    (void)state;
    struct world w;
    char small[64];
    scenario_setup(&w, SCENARIO_1460);
    assert_false(position_print(&w, small, sizeof small));
    assert_int_equal(strlen(small), sizeof small - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setups_round_trip),
        cmocka_unit_test(random_states_round_trip),
        cmocka_unit_test(setup_text_is_the_documented_one),
        cmocka_unit_test(parser_accepts_any_order_of_places_and_extra_blanks),
        cmocka_unit_test(malformed_texts_are_rejected_with_column_and_reason),
        cmocka_unit_test(fuzzed_texts_never_crash_and_never_half_apply),
        cmocka_unit_test(short_buffers_are_reported),
    };
    return cmocka_run_group_tests_name("position", tests, NULL, NULL);
}
