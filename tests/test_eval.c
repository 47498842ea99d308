/*
 * test_eval.c: the evaluation (eval/eval.h) and its weights file
 * (eval/weights.h). Finished games are certain, the two sides' chances add up
 * to one, each feature moves the chance the way its rule says in a small
 * hand-made position, and weights files round-trip or are refused by line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/rules.h"
#include "eval/eval.h"
#include "tests/support.h"

static double chance(const struct world *w, int side) { return eval_win_probability(w, side, &EVAL_DEFAULT); }

/* The weighted feature: what it adds to the side's score. */
static double weighted(const struct world *w, int side, int which)
{
    double features[EVAL_WEIGHT_COUNT];
    eval_features(w, side, features);
    return EVAL_DEFAULT.w[which] * features[which];
}

/* 'after' is better for side than 'before' by the named feature, and the
 * side's chance with the default weights rises with it. */
static void assert_better_by(const struct world *before, const struct world *after, int side, int which)
{
    if (weighted(after, side, which) <= weighted(before, side, which) || chance(after, side) <= chance(before, side))
        fail_msg("%s: weighted %g -> %g, chance %.6f -> %.6f", EVAL_WEIGHT_INFO[which].name,
                 weighted(before, side, which), weighted(after, side, which), chance(before, side),
                 chance(after, side));
}

static void assert_feature_unchanged(const struct world *before, const struct world *after, int which)
{
    assert_true(weighted(before, SIDE_YORK, which) == weighted(after, SIDE_YORK, which));
}

/* 1460, York and Henry VI alone on the map (Ireland, Middlesex), AP2 cards
 * played by both: the action phase. */
static void quiet_board(struct world *w) { empty_board(w, 20, 21); }

/* The same with Henry VI in France: no block of Lancaster's on the map. */
static void york_alone(struct world *w)
{
    quiet_board(w);
    put(w, BLOCK_L_HENRY_VI, AREA_FRANCE);
}

/* ---- finished games, symmetry ---- */

static void finished_games_are_certain(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1483);
    w.phase = PHASE_OVER;
    w.winner = SIDE_LANCASTER;
    assert_true(chance(&w, SIDE_LANCASTER) == 1.0 && chance(&w, SIDE_YORK) == 0.0);
    w.winner = SIDE_YORK;
    assert_true(chance(&w, SIDE_YORK) == 1.0 && chance(&w, SIDE_LANCASTER) == 0.0);
    w.winner = SIDE_NONE;
    assert_true(chance(&w, SIDE_YORK) == 0.5 && chance(&w, SIDE_LANCASTER) == 0.5);
}

static void assert_sides_agree(const struct world *w)
{
    double york[EVAL_WEIGHT_COUNT], lancaster[EVAL_WEIGHT_COUNT];
    double p = chance(w, SIDE_YORK), q = chance(w, SIDE_LANCASTER);
    assert_true(p >= 0 && p <= 1 && fabs(p + q - 1) < 1e-15);
    if (w->phase == PHASE_OVER)
        return;
    assert_true(p > 0 && p < 1);
    eval_features(w, SIDE_YORK, york);
    eval_features(w, SIDE_LANCASTER, lancaster);
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        assert_true(york[i] == -lancaster[i]);
}

/* The evaluation sees one game from two chairs: in every position of random
 * games the features are opposite and the chances add up to one. */
static void the_two_chances_add_up_to_one(void **state)
{
    (void)state;
    uint64_t rng = 6;
    for (int game = 0; game < 6; game++) {
        struct world w;
        scenario_setup(&w, game % SCENARIO_COUNT);
        w.flags |= WORLD_NO_KNOWLEDGE;
        for (;;) {
            assert_sides_agree(&w);
            if (w.phase == PHASE_OVER)
                break;
            struct decisions legal;
            rules_legal(&w, &legal);
            rules_apply(&w, legal.list[random_below(&rng, legal.count)]);
        }
    }
}

/* A board made by 'board' with 'block' put at location 'worse' or at
 * 'better': the second is better for side by the named feature. */
static void assert_placing_is_better(void (*board)(struct world *), int block, int worse, int better, int side,
                                     int which)
{
    struct world before, after;
    board(&before);
    after = before;
    put(&before, block, worse);
    put(&after, block, better);
    assert_better_by(&before, &after, side, which);
}

/* ---- the throne (8.2, 9.0, RULINGS B.14, B.16) ---- */

/* B.14: a noble on the map is a vote; in an exile he is not. */
static void usurpation_counts_nobles_on_the_map(void **state)
{
    (void)state;
    struct world pooled, exiled;
    assert_placing_is_better(quiet_board, BLOCK_Y_ARUNDEL, LOC_POOL, AREA_SUSSEX, SIDE_YORK, EVAL_USURPATION);
    quiet_board(&pooled);
    exiled = pooled;
    put(&exiled, BLOCK_Y_ARUNDEL, AREA_CALAIS);
    assert_feature_unchanged(&pooled, &exiled, EVAL_USURPATION);
}

/* 9.0: the King after the last campaign's usurpation wins, so the same lead
 * (Lancaster's: Henry VI and London against none) tells more late in a
 * campaign, and more in the last campaign than in the first. */
static void a_lead_counts_more_near_the_final_usurpation(void **state)
{
    (void)state;
    struct world early, late, last;
    quiet_board(&early);
    late = early;
    late.turn = 7;
    last = late;
    last.campaign = SCENARIO_INFO[SCENARIO_1460].last_campaign;
    assert_better_by(&early, &late, SIDE_LANCASTER, EVAL_USURPATION);
    assert_better_by(&late, &last, SIDE_LANCASTER, EVAL_USURPATION);
}

/* 8.2: ties go to the King, and 9.0: the King wins at the end. */
static void the_king_is_ahead_on_equal_votes(void **state)
{
    (void)state;
    struct world before, after;
    york_alone(&before);
    after = before;
    after.king = BLOCK_Y_YORK;
    world_set_pretender(&after, BLOCK_L_HENRY_VI);
    assert_true(weighted(&before, SIDE_YORK, EVAL_USURPATION) == 0);
    assert_better_by(&before, &after, SIDE_YORK, EVAL_KING);
}

/* ---- heirs (9.0, 4.5, 6.81) ---- */

static void each_heir_alive_counts(void **state)
{
    (void)state;
    assert_placing_is_better(quiet_board, BLOCK_Y_RUTLAND, LOC_DEAD, LOC_POOL, SIDE_YORK, EVAL_HEIRS);
}

/* 9.0: a side with one heir left is one death from losing, so losing the
 * second-last heir costs more than losing the third-last. */
static void the_last_heirs_count_most(void **state)
{
    (void)state;
    struct world three, two, one;
    quiet_board(&three);
    world_place(&three, BLOCK_Y_CLARENCE, LOC_DEAD);
    world_place(&three, BLOCK_Y_GLOUCESTER, LOC_DEAD);
    two = three;
    world_place(&two, BLOCK_Y_RUTLAND, LOC_DEAD);
    one = two;
    world_place(&one, BLOCK_Y_MARCH, LOC_DEAD);
    assert_better_by(&one, &two, SIDE_YORK, EVAL_LAST_HEIR);
    assert_feature_unchanged(&two, &three, EVAL_LAST_HEIR);
    assert_true(chance(&two, SIDE_YORK) - chance(&one, SIDE_YORK) >
                chance(&three, SIDE_YORK) - chance(&two, SIDE_YORK));
}

/* 4.5, RULINGS B.7: a minor is safe but can neither lead nor vote; an heir in
 * play can (here from Calais, where nothing threatens him). */
static void heirs_in_play_count(void **state)
{
    (void)state;
    assert_placing_is_better(quiet_board, BLOCK_Y_CLARENCE, LOC_MINOR, AREA_CALAIS, SIDE_YORK, EVAL_HEIRS_IN_PLAY);
}

/* March alone in Hereford, next to Gloucester (a crown area without city or
 * shield, as Derby, which is not next to it). */
static void march_in_hereford(struct world *w)
{
    quiet_board(w);
    put(w, BLOCK_Y_MARCH, AREA_HEREFORD);
}

/* 5.2, 6.0: the French mercenary's four steps next door, or away. */
static void an_heir_next_to_a_stronger_enemy_is_at_risk(void **state)
{
    (void)state;
    assert_placing_is_better(march_in_hereford, BLOCK_L_FRENCH_MERCENARY, AREA_GLOUCESTER, AREA_DERBY, SIDE_YORK,
                             EVAL_HEIRS_AT_RISK);
    assert_placing_is_better(march_in_hereford, BLOCK_L_FRENCH_MERCENARY, AREA_GLOUCESTER, AREA_DERBY, SIDE_YORK,
                             EVAL_THREATENED);
}

/* The King, Henry VI (four steps), in Middlesex, with the Calais mercenary
 * (three) next door in Kent. */
static void king_facing_three_steps(struct world *w)
{
    quiet_board(w);
    put(w, BLOCK_Y_CALAIS_MERCENARY, AREA_KENT);
}

/* 6.81: four more York steps in Kent, or away in Dorset (neither a crown,
 * a city nor a York shield). */
static void the_king_next_to_a_stronger_enemy_is_at_risk(void **state)
{
    (void)state;
    assert_placing_is_better(king_facing_three_steps, BLOCK_Y_IRISH_MERCENARY, AREA_KENT, AREA_DORSET, SIDE_LANCASTER,
                             EVAL_KING_AT_RISK);
}

/* ---- strength (3.11, 6.4, 5.4, 6.83) ---- */

static void steps_on_the_map_count(void **state)
{
    (void)state;
    struct world before, after;
    quiet_board(&after);
    before = after;
    world_set_steps(&before, BLOCK_Y_YORK, 2);
    assert_better_by(&before, &after, SIDE_YORK, EVAL_STRENGTH_MAP);
}

/* 6.83: a noble eliminated this campaign lies face-down and may not be recruited. */
static void recruitable_steps_in_the_pool_count(void **state)
{
    (void)state;
    struct world before, after;
    quiet_board(&after);
    before = after;
    world_set_flag(&before, BLOCK_Y_ARUNDEL, FLAG_FACE_DOWN, true);
    assert_better_by(&before, &after, SIDE_YORK, EVAL_STRENGTH_POOL);
}

/* ---- areas held (2.1-2.4): the Irish mercenary alone on the map ---- */

/* 2.4, 8.2: London is a city, a crown and a vote; Chester only a crown. */
static void holding_london_counts(void **state)
{
    (void)state;
    assert_placing_is_better(york_alone, BLOCK_Y_IRISH_MERCENARY, AREA_CHESTER, AREA_MIDDLESEX, SIDE_YORK, EVAL_LONDON);
    assert_placing_is_better(york_alone, BLOCK_Y_IRISH_MERCENARY, AREA_CHESTER, AREA_MIDDLESEX, SIDE_YORK,
                             EVAL_USURPATION);
}

/* 2.3: Chester has a crown, Powys nothing. */
static void holding_crowns_counts(void **state)
{
    (void)state;
    assert_placing_is_better(york_alone, BLOCK_Y_IRISH_MERCENARY, AREA_POWYS, AREA_CHESTER, SIDE_YORK, EVAL_CROWNS);
}

/* 2.2, 5.4: Leicester has Hastings' shield (York's, in the pool). */
static void holding_own_shields_counts(void **state)
{
    (void)state;
    assert_placing_is_better(york_alone, BLOCK_Y_IRISH_MERCENARY, AREA_POWYS, AREA_LEICESTER, SIDE_YORK, EVAL_SHIELDS);
}

/* 2.4: Wilts has Salisbury, and only a Lancaster shield. */
static void holding_cities_counts(void **state)
{
    (void)state;
    assert_placing_is_better(york_alone, BLOCK_Y_IRISH_MERCENARY, AREA_POWYS, AREA_WILTS, SIDE_YORK, EVAL_CITIES);
}

/* The Irish mercenary, down to three steps, in Wilts, next to Gloucester. */
static void wilts_held_by_three_steps(struct world *w)
{
    quiet_board(w);
    put(w, BLOCK_Y_IRISH_MERCENARY, AREA_WILTS);
    world_set_steps(w, BLOCK_Y_IRISH_MERCENARY, 3);
}

/* 5.2: the French mercenary's four steps next door, or away in Derby. */
static void areas_next_to_stronger_enemies_are_threatened(void **state)
{
    (void)state;
    assert_placing_is_better(wilts_held_by_three_steps, BLOCK_L_FRENCH_MERCENARY, AREA_GLOUCESTER, AREA_DERBY,
                             SIDE_YORK, EVAL_THREATENED);
}

/* ---- cards (1.1, 1.2, 5.1) ---- */

#define CARD_PIRACY 3 /* an event, AP2 */
#define CARD_AP4 7
#define CARD_AP2 22

static void cards_in_hand(struct world *w, int york_card)
{
    quiet_board(w);
    w->hand[SIDE_YORK] = (uint32_t)1 << york_card;
    w->hand[SIDE_LANCASTER] = (uint32_t)1 << 23;
}

static void action_points_in_hand_count(void **state)
{
    (void)state;
    struct world before, after;
    cards_in_hand(&before, CARD_AP2);
    cards_in_hand(&after, CARD_AP4);
    assert_better_by(&before, &after, SIDE_YORK, EVAL_CARDS_AP);
}

/* 1.1: an event card makes its player Player 1; Piracy and a 2 have the same AP. */
static void event_cards_in_hand_count(void **state)
{
    (void)state;
    struct world before, after;
    cards_in_hand(&before, CARD_AP2);
    cards_in_hand(&after, CARD_PIRACY);
    assert_feature_unchanged(&before, &after, EVAL_CARDS_AP);
    assert_better_by(&before, &after, SIDE_YORK, EVAL_CARDS_EVENTS);
}

/* ---- scenario terms (appendix setups) ---- */

/* york_1460 is York's side in 1460 alone: +1 for York, -1 for Lancaster,
 * 0 in 1470 and 1483; a positive weight raises York's chance in 1460 only. */
static void york_1460_counts_in_1460_alone(void **state)
{
    (void)state;
    struct eval_weights biased = EVAL_DEFAULT;
    biased.w[EVAL_YORK_1460] = 1.0;
    for (int scenario = 0; scenario < SCENARIO_COUNT; scenario++) {
        struct world w;
        scenario_setup(&w, scenario);
        double york[EVAL_WEIGHT_COUNT], lancaster[EVAL_WEIGHT_COUNT];
        eval_features(&w, SIDE_YORK, york);
        eval_features(&w, SIDE_LANCASTER, lancaster);
        double expected = scenario == SCENARIO_1460 ? 1.0 : 0.0;
        assert_true(york[EVAL_YORK_1460] == expected && lancaster[EVAL_YORK_1460] == -expected);
        double plain = eval_win_probability(&w, SIDE_YORK, &EVAL_DEFAULT);
        double raised = eval_win_probability(&w, SIDE_YORK, &biased);
        assert_true(scenario == SCENARIO_1460 ? raised > plain : raised == plain);
    }
}

/* 1.0: while the cards are being dealt, one hand is fuller than the other. */
static void half_dealt_hands_do_not_count(void **state)
{
    (void)state;
    struct world w;
    scenario_setup(&w, SCENARIO_1460);
    assert_int_equal(w.phase, PHASE_DEAL);
    w.hand[SIDE_YORK] = (uint32_t)1 << CARD_AP4;
    assert_true(weighted(&w, SIDE_YORK, EVAL_CARDS_AP) == 0);
}

/* ---- the weights file ---- */

static void assert_weights_equal(const struct eval_weights *a, const struct eval_weights *b)
{
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        if (a->w[i] != b->w[i])
            fail_msg("weight %s: %.17g against %.17g", EVAL_WEIGHT_INFO[i].name, a->w[i], b->w[i]);
}

/* The weights file at path, or the test fails with the reader's message. */
static struct eval_weights loaded(const char *path)
{
    struct eval_weights read;
    char why[512];
    if (!eval_weights_load(path, &read, why, sizeof why))
        fail_msg("%s", why);
    return read;
}

/* The file the engine ships is the C table's defaults, every weight given. */
static void weights_txt_holds_the_defaults(void **state)
{
    (void)state;
    struct eval_weights read = loaded("eval/weights.txt");
    assert_weights_equal(&read, &EVAL_DEFAULT);
}

/* The hand weights stay loadable for replaying comparisons; they are the
 * built-in default for as long as no fitted set has beaten them. */
static void weights_hand_txt_holds_the_hand_weights(void **state)
{
    (void)state;
    struct eval_weights read = loaded("eval/weights-hand.txt");
    assert_weights_equal(&read, &EVAL_DEFAULT);
}

/* The fitted set that docs/history/strength.md plays against the hand weights loads
 * with this build's weights and bounds. */
static void weights_gen1_txt_loads(void **state)
{
    (void)state;
    assert_true(loaded("eval/weights-gen1.txt").w[EVAL_KING] > EVAL_DEFAULT.w[EVAL_KING]);
}

static void default_bounds_hold_the_defaults(void **state)
{
    (void)state;
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++) {
        const struct weight_info *info = &EVAL_WEIGHT_INFO[i];
        assert_true(info->min <= info->fallback && info->fallback <= info->max);
        assert_true(info->fallback == EVAL_DEFAULT.w[i]);
    }
}

/* A fresh scratch file holding text; the caller removes it. */
static void scratch_file(char path[64], const char *text)
{
    strcpy(path, "/tmp/r3-test-eval-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "w");
    assert_non_null(out);
    fputs(text, out);
    assert_int_equal(fclose(out), 0);
}

static void write_weights(FILE *out, const void *weights) { assert_true(eval_weights_write(out, weights)); }

static void assert_round_trip(const struct eval_weights *weights)
{
    char path[64], why[512];
    char *text = capture(write_weights, weights);
    struct eval_weights read;
    scratch_file(path, text);
    bool ok = eval_weights_load(path, &read, why, sizeof why);
    remove(path);
    free(text);
    if (!ok)
        fail_msg("%s", why);
    assert_weights_equal(&read, weights);
}

/* Written weights read back exactly: the defaults and random ones within bounds. */
static void weights_round_trip(void **state)
{
    (void)state;
    uint64_t rng = 11;
    assert_round_trip(&EVAL_DEFAULT);
    for (int round = 0; round < 20; round++) {
        struct eval_weights weights;
        for (int i = 0; i < EVAL_WEIGHT_COUNT; i++) {
            const struct weight_info *info = &EVAL_WEIGHT_INFO[i];
            double unit = (double)(random_next(&rng) >> 11) / (double)(1ull << 53);
            weights.w[i] = info->min + unit * (info->max - info->min);
        }
        assert_round_trip(&weights);
    }
}

/* A plain file of every weight at its default, one a line, with line 'at'
 * (from 1) replaced by 'text'. */
static char *weights_text_with(int at, const char *text)
{
    static char file[4096];
    size_t used = 0;
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++) {
        const struct weight_info *info = &EVAL_WEIGHT_INFO[i];
        if (i + 1 == at)
            used += (size_t)snprintf(file + used, sizeof file - used, "%s\n", text);
        else
            used += (size_t)snprintf(file + used, sizeof file - used, "%s %.17g %.17g %.17g\n", info->name,
                                     info->fallback, info->min, info->max);
    }
    return file;
}

/* Loading the file fails with 'message' after "path:" (the line number
 * included), and leaves the weights alone. */
static void assert_refused(const char *text, const char *message)
{
    char path[64], why[512], expected[600];
    struct eval_weights read = EVAL_DEFAULT;
    read.w[0] = -99;
    scratch_file(path, text);
    bool ok = eval_weights_load(path, &read, why, sizeof why);
    remove(path);
    if (ok)
        fail_msg("accepted, expected %s", message);
    snprintf(expected, sizeof expected, "%s:%s", path, message);
    if (strncmp(why, expected, strlen(expected)) != 0)
        fail_msg("got \"%s\", expected \"%s...\"", why, expected);
    assert_true(read.w[0] == -99);
}

static void bad_weights_files_are_refused_by_line(void **state)
{
    (void)state;
    static const struct {
        int at;
        const char *line, *message;
    } BAD[] = {
        {1, "usurpation 0.6 0 5 7", "1: expected 'name value min max', found more than 4 words"},
        {2, "king 0.5 0", "2: expected 'name value min max', found 3 words"},
        {3, "heirz 0.3 0 5", "3: unknown weight 'heirz' (the weights are: usurpation, king, heirs,"},
        {4, "last_heir 1 -5 0", "4: weight 'last_heir' is 1, outside its bounds [-5, 0]"},
        {5, "heirs_in_play x -2 2", "5: 'x' is not a finite number (the value of weight 'heirs_in_play')"},
        {5, "heirs_in_play 0.1x -2 2", "5: '0.1x' is not a finite number (the value of weight 'heirs_in_play')"},
        {8, "strength_map nan 0 0.5", "8: 'nan' is not a finite number (the value of weight 'strength_map')"},
        {8, "strength_map 1e999 0 0.5", "8: '1e999' is not a finite number (the value of weight 'strength_map')"},
        {8, "strength_map 0.03 0 inf", "8: 'inf' is not a finite number (the max of weight 'strength_map')"},
        {6, "heirs_at_risk -0.2 -4 0", "6: weight 'heirs_at_risk' has bounds [-4, 0] here but [-3, 0] in the engine"},
        {3, "king 0.5 0 5", "3: weight 'king' given twice (first on line 2)"},
        {7, "# king_at_risk left out", " no line for weight 'king_at_risk' (every weight must be given)"},
        {7, "", " no line for weight 'king_at_risk' (every weight must be given)"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        assert_refused(weights_text_with(BAD[i].at, BAD[i].line), BAD[i].message);
    assert_refused("", " no line for weight 'usurpation'");
}

/* Comments, blank lines and spacing are free. */
static void comments_and_spacing_are_allowed(void **state)
{
    (void)state;
    char path[64], why[512];
    struct eval_weights read;
    struct eval_weights expected = EVAL_DEFAULT;
    expected.w[EVAL_USURPATION] = 1.25;
    scratch_file(path, weights_text_with(1, "\t usurpation   1.25 0 5   # the votes\r"));
    bool ok = eval_weights_load(path, &read, why, sizeof why);
    remove(path);
    if (!ok)
        fail_msg("%s", why);
    assert_weights_equal(&read, &expected);
}

static void a_missing_file_is_named(void **state)
{
    (void)state;
    char why[512];
    struct eval_weights read;
    assert_false(eval_weights_load("no/such/weights.txt", &read, why, sizeof why));
    assert_string_equal(why, "no/such/weights.txt: cannot open: No such file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finished_games_are_certain),
        cmocka_unit_test(the_two_chances_add_up_to_one),
        cmocka_unit_test(usurpation_counts_nobles_on_the_map),
        cmocka_unit_test(a_lead_counts_more_near_the_final_usurpation),
        cmocka_unit_test(the_king_is_ahead_on_equal_votes),
        cmocka_unit_test(each_heir_alive_counts),
        cmocka_unit_test(the_last_heirs_count_most),
        cmocka_unit_test(heirs_in_play_count),
        cmocka_unit_test(an_heir_next_to_a_stronger_enemy_is_at_risk),
        cmocka_unit_test(the_king_next_to_a_stronger_enemy_is_at_risk),
        cmocka_unit_test(steps_on_the_map_count),
        cmocka_unit_test(recruitable_steps_in_the_pool_count),
        cmocka_unit_test(holding_london_counts),
        cmocka_unit_test(holding_crowns_counts),
        cmocka_unit_test(holding_own_shields_counts),
        cmocka_unit_test(holding_cities_counts),
        cmocka_unit_test(areas_next_to_stronger_enemies_are_threatened),
        cmocka_unit_test(action_points_in_hand_count),
        cmocka_unit_test(event_cards_in_hand_count),
        cmocka_unit_test(york_1460_counts_in_1460_alone),
        cmocka_unit_test(half_dealt_hands_do_not_count),
        cmocka_unit_test(weights_txt_holds_the_defaults),
        cmocka_unit_test(weights_hand_txt_holds_the_hand_weights),
        cmocka_unit_test(weights_gen1_txt_loads),
        cmocka_unit_test(default_bounds_hold_the_defaults),
        cmocka_unit_test(weights_round_trip),
        cmocka_unit_test(bad_weights_files_are_refused_by_line),
        cmocka_unit_test(comments_and_spacing_are_allowed),
        cmocka_unit_test(a_missing_file_is_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
