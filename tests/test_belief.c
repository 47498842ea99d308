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

#include "../engine/belief.h"
#include "../engine/random.h"
#include "../engine/scenario.h"
#include "../engine/tables.h"
#include "../engine/view.h"
#include "support.h"

static void observations_alone_keep_a_world_the_side_cannot_tell_from_the_truth(void **state)
{
    (void)state;
    uint64_t rng = 41;
    long transitions = 0;
    static struct observations seen;
    static struct belief belief[SIDE_COUNT];
    for (int g = 0; g < 60; g++) {
        struct world truth, after;
        int scenario = g % SCENARIO_COUNT;
        scenario_setup(&truth, scenario);
        for (int side = 0; side < SIDE_COUNT; side++)
            belief_start(&belief[side], scenario, side, 1000 + (uint64_t)g);
        while (truth.phase != PHASE_OVER) {
            struct decisions legal;
            rules_legal(&truth, &legal);
            decision d = legal.list[random_below(&rng, legal.count)];
            after = truth;
            rules_apply(&after, d);
            for (int side = 0; side < SIDE_COUNT; side++) {
                char error[200];
                observe(&truth, d, &after, side, &seen);
                if (!belief_observe(&belief[side], &seen, error, sizeof error))
                    fail_msg("game %d, decision %ld, %s: %s", g, transitions, SIDE_NAME[side], error);
                assert_true(infokey(&belief[side].w, side) == infokey(&after, side));
            }
            truth = after;
            transitions++;
        }
    }
    printf("%ld transitions followed by both sides from their observations alone\n", transitions);
    assert_true(transitions > 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(observations_alone_keep_a_world_the_side_cannot_tell_from_the_truth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
