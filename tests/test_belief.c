/*
 * test_belief.c: a side that is given only its observations (RULINGS C,
 * docs/observations.md) keeps a world it cannot tell from the true one.
 * This is what an engine behind the protocol does: if the observations left
 * out anything the side sees, or named anything it does not, the keys would
 * part.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/sample.h"
#include "engine/hidden/view.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "tests/support.h"

struct followers {
    struct belief side[SIDE_COUNT];
    long transitions;
};

static void follow(const struct world *before, uint32_t d, const struct world *after, int side,
                   const struct observations *seen, void *context)
{
    struct followers *f = context;
    char error[200];
    (void)d;
    struct world setup;
    scenario_setup(&setup, before->scenario);
    if (side == SIDE_YORK && memcmp(before, &setup, sizeof setup) == 0) /* a new game */
        for (int s = 0; s < SIDE_COUNT; s++)
            belief_start(&f->side[s], before->scenario, s, 1000 + (uint64_t)f->transitions);
    if (!belief_observe(&f->side[side], seen, error, sizeof error))
        fail_msg("transition %ld, %s: %s", f->transitions, SIDE_NAME[side], error);
    assert_true(infokey(&f->side[side].w, side) == infokey(after, side));
    f->transitions += side == SIDE_LANCASTER;
}

static void observations_alone_keep_a_world_the_side_cannot_tell_from_the_truth(void **state)
{
    (void)state;
    static struct followers f;
    observe_random_games(60, 41, follow, &f);
    printf("%ld transitions followed by both sides from their observations alone\n", f.transitions);
    assert_true(f.transitions > 10000);
}

/* Follows one transition from worlds the side cannot tell from the truth;
 * says what went wrong, if anything did. */
static bool follow_from_doubles(const char *where, const struct world *truth, decision d, int side, int doubles)
{
    struct world after = *truth;
    static struct observations seen;
    static struct belief b;
    char error[200];
    rules_apply(&after, d);
    observe(truth, d, &after, side, &seen);
    for (int i = 0; i < doubles; i++) {
        uint64_t rng = 77 + (uint64_t)i;
        b.side = side;
        b.rng = rng;
        b.keys = 0;
        assert_true(sample_world(truth, side, &rng, &b.w));
        if (!belief_observe(&b, &seen, error, sizeof error)) {
            print_message("%s, double %d: %s\n", where, i, error);
            return false;
        }
        if (infokey(&b.w, side) != infokey(&after, side)) {
            print_message("%s, double %d: the belief's key parts from the truth's\n", where, i);
            return false;
        }
    }
    return true;
}

/* The cases in tests/belief_cases.txt, each from 30 worlds that the side
 * cannot tell from the truth: the belief must follow the transition, and
 * whatever world it follows into must have the truth's key. */
static void transitions_that_once_misled_a_belief_are_followed(void **state)
{
    (void)state;
    struct lines cases;
    int followed = 0, failed = 0;
    assert_true(lines_from_file(&cases, "tests/belief_cases.txt"));
    for (int i = 0; i < cases.count; i++) {
        char *line = cases.line[i], *decision_text = strchr(line, '\t'), *position = NULL, error[200];
        if (line[0] == '#')
            continue;
        assert_non_null(decision_text);
        *decision_text++ = '\0';
        position = strchr(decision_text, '\t');
        assert_non_null(position);
        *position++ = '\0';
        struct world truth;
        decision d;
        if (!position_parse(position, &truth, error, sizeof error) ||
            !decision_parse(&truth, decision_text, &d, error, sizeof error))
            fail_msg("tests/belief_cases.txt line %d: %s", i + 1, error);
        char where[80];
        snprintf(where, sizeof where, "line %d, '%s'", i + 1, decision_text);
        failed += !follow_from_doubles(where, &truth, d, line[0] - '0', 30);
        followed++;
    }
    lines_free(&cases);
    assert_int_equal(followed, 10);
    assert_int_equal(failed, 0);
}

/* What a side knows after a transition is settled by what it knew before and
 * what it saw: two worlds it could not tell apart, taken through decisions it
 * cannot tell apart to the same observations, stay alike to it. */
struct doubles {
    uint64_t rng;
    long checked;
};

static bool same_observations(const struct observations *a, const struct observations *b)
{
    return a->count == b->count && memcmp(a->list, b->list, sizeof a->list[0] * (size_t)a->count) == 0;
}

static void check_doubles(const struct world *before, uint32_t d, const struct world *after, int side,
                          const struct observations *seen, void *context)
{
    struct doubles *c = context;
    static struct observations seen_there;
    for (int n = before->turn == 7 ? 20 : 1; n--;) { /* most is at stake as a campaign ends */
        struct world double_, there;
        struct decisions legal;
        assert_true(sample_world(before, side, &c->rng, &double_));
        rules_legal(&double_, &legal);
        for (int k = 0; k < legal.count; k++) {
            if (observe_key(&double_, legal.list[k], side) != observe_key(before, d, side))
                continue;
            there = double_;
            rules_apply(&there, legal.list[k]);
            observe(&double_, legal.list[k], &there, side, &seen_there);
            if (same_observations(seen, &seen_there)) {
                assert_true(infokey(&there, side) == infokey(after, side));
                c->checked++;
            }
        }
    }
}

static void worlds_alike_before_and_seen_alike_stay_alike(void **state)
{
    (void)state;
    struct doubles c = {5, 0};
    observe_random_games(150, 43, check_doubles, &c);
    printf("%ld transitions from worlds a side could not tell apart, seen alike, kept alike\n", c.checked);
    assert_true(c.checked > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(observations_alone_keep_a_world_the_side_cannot_tell_from_the_truth),
        cmocka_unit_test(transitions_that_once_misled_a_belief_are_followed),
        cmocka_unit_test(worlds_alike_before_and_seen_alike_stay_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
