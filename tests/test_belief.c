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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(observations_alone_keep_a_world_the_side_cannot_tell_from_the_truth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
