/*
 * test_infer.c: what the enemy's choices reveal (search/infer.h). The odds
 * lean a side's belief the way the opponent model says, and never loosen a
 * hard fact: every world drawn with them is one the side cannot tell from
 * the truth.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/marginals.h"
#include "engine/hidden/view.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/infer.h"
#include "search/policy.h"
#include "tests/support.h"

struct inferring {
    struct belief side[SIDE_COUNT];
    long transitions, draws_checked;
    int recruits;           /* new pieces read after an unseen recruit */
    double throne_inferred; /* their chance of being a block that counts for the throne, summed */
    double throne_uniform;
    uint32_t labels_before[SIDE_COUNT];
};

static void start_if_new_game(struct inferring *f, const struct world *before, int side)
{
    struct world setup;
    scenario_setup(&setup, before->scenario);
    if (side == SIDE_YORK && memcmp(before, &setup, sizeof setup) == 0)
        for (int s = 0; s < SIDE_COUNT; s++)
            belief_start(&f->side[s], before->scenario, s, 500 + (uint64_t)f->transitions);
}

/* Every world the weighted sampler draws is one the side cannot tell from the truth. */
static void check_draws(const struct belief *b, const struct world *truth)
{
    struct view v;
    struct sampler s;
    struct world w;
    uint64_t rng = 9 + (uint64_t)b->transitions;
    view_of(truth, b->side, &v);
    assert_true(sampler_init(&s, &v, &rng));
    sampler_weigh(&s, &b->odds);
    for (int i = 0; i < 8; i++) {
        sampler_draw(&s, &rng, &w);
        assert_true(infokey(&w, b->side) == infokey(truth, b->side));
    }
}

static bool counts_for_throne(int block)
{
    int type = BLOCK_INFO[block].type;
    return type == BLOCK_NOBLE || type == BLOCK_HEIR || type == BLOCK_CHURCH;
}

static uint32_t labels_of(const struct view *v)
{
    uint32_t labels = 0;
    for (int l = 0; l < MAX_LABELS; l++)
        labels |= (uint32_t)(v->piece[l].cand != 0) << l;
    return labels;
}

/* After an unseen recruit is placed: the new piece's chance of counting for the throne. */
static void read_recruit(struct inferring *f, int side, const struct view *v, uint32_t new_labels)
{
    struct marginals with, without;
    assert_true(marginals_of(v, &f->side[side].odds, 256, &with));
    assert_true(marginals_of(v, NULL, 256, &without));
    for (int i = 0; i < with.pieces; i++) {
        if (!(new_labels >> (with.piece[i].label - 1) & 1))
            continue;
        for (int b = 0; b < BLOCK_COUNT; b++)
            if (counts_for_throne(b)) {
                f->throne_inferred += with.piece[i].block[b];
                f->throne_uniform += without.piece[i].block[b];
            }
        f->recruits++;
    }
}

static void follow(const struct world *before, uint32_t d, const struct world *after, int side,
                   const struct observations *seen, void *context)
{
    struct inferring *f = context;
    struct view v;
    char error[200];
    start_if_new_game(f, before, side);
    bool enemy_recruit_placed =
        rules_actor(before) == 1 - side && decision_kind(d) == DECIDE_AT && seen->list[0].kind == OBS_DECISION;
    view_of(before, side, &v);
    uint32_t before_labels = labels_of(&v);
    enemy_recruit_placed = enemy_recruit_placed && v.enemy_recruiting;
    if (!infer_observe(&f->side[side], seen, &INFERENCE_DEFAULT, error, sizeof error))
        fail_msg("transition %ld, %s: %s", f->transitions, SIDE_NAME[side], error);
    assert_true(infokey(&f->side[side].w, side) == infokey(after, side));
    if (f->transitions % 7 == 0) {
        check_draws(&f->side[side], after);
        f->draws_checked++;
    }
    view_of(after, side, &v);
    if (enemy_recruit_placed && f->recruits < 60)
        read_recruit(f, side, &v, labels_of(&v) & ~before_labels);
    f->transitions += side == SIDE_LANCASTER;
}

static void odds_never_loosen_a_hard_fact_and_an_unseen_recruit_leans_to_the_throne(void **state)
{
    (void)state;
    static struct inferring f;
    observe_random_games(80, 73, follow, &f);
    printf("%ld transitions, %ld checked with 8 weighted draws; %d recruits: throne %.3f inferred, %.3f by the "
           "hard facts\n",
           f.transitions, f.draws_checked, f.recruits, f.throne_inferred / f.recruits, f.throne_uniform / f.recruits);
    assert_true(f.transitions > 2000);
    /* The fitted priors recruit a block that counts for the throne (5.4, 8.2)
     * more often than the rest: an unseen recruit is likelier one. */
    assert_true(f.recruits >= 20);
    assert_true(f.throne_inferred / f.recruits > f.throne_uniform / f.recruits + 0.05);
}

/* 1483, Lancaster to act: York sees two face-down pieces that may each be
 * L:Buckingham (4 steps) or L:Rivers (2); Y:Stanley (4) stands in Hereford,
 * next to the first piece in Glamorgan. */
static const char *const TWO_PIECES =
    "scenario=1483 campaign=3 turn=1 phase=action step=0 king=Y:Gloucester pretender=L:Richmond pretender"
    "-side=L player1=L ap=2 winner=- flags=- hand-Y=1-6 hand-L=8-12,14 deck=15-25 played-Y=7 played-L=13 "
    "minors-due-Y=0 minors-due-L=0 Ireland=Y:Irish-mercenary4 Scotland=L:Scots-mercenary4 Northumbria=Y:N"
    "orthumberland4 Leicester=L:Rivers2 East-Anglia=Y:Suffolk3,Y:Norfolk4 Glamorgan=L:Buckingham4 Herefor"
    "d=Y:Stanley4 Middlesex=Y:Gloucester3 Essex=Y:Essex3 Sussex=Y:Arundel3 France=L:French-mercenary4,L:O"
    "xford3,L:Pembroke3,L:Richmond3 Calais=Y:Burgundian-mercenary3,Y:Calais-mercenary3 pool=Y:Westmorelan"
    "d3,Y:London-levy4,Y:Norwich-levy4,Y:Salisbury-levy4,Y:Bombard3,Y:Canterbury-church3,Y:York-church3,R"
    ":Rebel4,L:Welsh-mercenary3,L:Bombard3,L:Coventry-levy4,L:Bristol-levy4,L:Newcastle-levy4,L:Shrewsbur"
    "y3,L:York-levy4 other-side=Y:Buckingham4,Y:Rivers2,Y:Shrewsbury3,L:Canterbury-church3,L:York-church3"
    ",L:Westmoreland3,L:Northumberland4,L:Stanley4 dead=Y:York4,Y:March3,Y:Rutland3,Y:Clarence3,Y:Hasting"
    "s3,Y:Herbert3,Y:Worcester2,Y:Exeter3,Y:Warwick4,Y:Kent3,Y:Salisbury3,L:Warwick4,L:Kent3,L:Salisbury3"
    ",L:Devon2,L:Beaumont3,L:Clarence3,L:Henry-VI4,L:Prince-Edward3,L:Exeter3,L:Somerset3,L:Clifford3,L:W"
    "iltshire3 crossed=- entered-Y=- entered-L=- main=- acted=- move=- battle=- hidden=L:Buckingham?1(L:B"
    "uckingham+L:Rivers),L:Rivers?2(L:Buckingham+L:Rivers) strength=-";

/* The piece's chance of being L:Buckingham, by York's odds and by the hard facts alone. */
static void buckingham_chance(const struct world *truth, const struct belief *york, double *inferred, double *uniform)
{
    struct view v;
    struct marginals with, without;
    view_of(truth, SIDE_YORK, &v);
    assert_true(marginals_of(&v, &york->odds, 2000, &with));
    assert_true(marginals_of(&v, NULL, 2000, &without));
    for (int i = 0; i < with.pieces; i++)
        if (with.piece[i].label == 1) {
            *inferred = with.piece[i].block[block_by_id("L:Buckingham", 12)];
            *uniform = without.piece[i].block[block_by_id("L:Buckingham", 12)];
        }
}

/* Lancaster's piece marches into Hereford, onto a 4-step block: were it
 * L:Rivers, it would bring 2 steps against 4, which the model seldom does
 * (5.2, 6.4); so to York it is likelier L:Buckingham. */
static void a_piece_that_attacks_a_strong_block_is_likelier_strong(void **state)
{
    (void)state;
    static const char *const march[] = {"move-from Glamorgan", "block L:Buckingham", "to Hereford"};
    struct world truth, after;
    struct belief york;
    struct observations seen;
    char error[300];
    if (!position_parse(TWO_PIECES, &truth, error, sizeof error))
        fail_msg("%s", error);
    belief_start(&york, SCENARIO_1483, SIDE_YORK, 1);
    york.w = truth; /* a world York thinks possible: the odds start even */
    for (int i = 0; i < 3; i++) {
        decision d;
        if (!decision_parse(&truth, march[i], &d, error, sizeof error))
            fail_msg("%s: %s", march[i], error);
        after = truth;
        rules_apply(&after, d);
        observe(&truth, d, &after, SIDE_YORK, &seen);
        assert_true(infer_observe(&york, &seen, &INFERENCE_DEFAULT, error, sizeof error));
        truth = after;
    }
    double inferred = 0, uniform = 0;
    buckingham_chance(&truth, &york, &inferred, &uniform);
    printf("the attacker is L:Buckingham: %.3f inferred, %.3f by the hard facts\n", inferred, uniform);
    assert_true(uniform > 0.4 && uniform < 0.6);
    assert_true(inferred > uniform + 0.15);
}

/* With no inference the belief takes in exactly what belief_observe does. */
static void no_inference_is_the_plain_belief(void **state)
{
    (void)state;
    struct belief a, b;
    struct world w, after;
    struct observations seen;
    char error[200];
    uint64_t rng = 5;
    scenario_setup(&w, SCENARIO_1470);
    belief_start(&a, SCENARIO_1470, SIDE_YORK, 3);
    belief_start(&b, SCENARIO_1470, SIDE_YORK, 3);
    for (int i = 0; i < 300 && w.phase != PHASE_OVER; i++) {
        decision d;
        assert_true(game_uniform(&rng, &w, &d));
        after = w;
        rules_apply(&after, d);
        observe(&w, d, &after, SIDE_YORK, &seen);
        assert_true(belief_observe(&a, &seen, error, sizeof error));
        assert_true(infer_observe(&b, &seen, NULL, error, sizeof error));
        assert_true(a.rng == b.rng && a.keys == b.keys && a.transitions == b.transitions);
        for (int s = 0; s < SIDE_COUNT; s++)
            assert_true(infokey(&a.w, s) == infokey(&b.w, s));
        assert_memory_equal(&a.odds, &b.odds, sizeof a.odds);
        w = after;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odds_never_loosen_a_hard_fact_and_an_unseen_recruit_leans_to_the_throne),
        cmocka_unit_test(a_piece_that_attacks_a_strong_block_is_likelier_strong),
        cmocka_unit_test(no_inference_is_the_plain_belief),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
