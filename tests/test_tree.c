/*
 * test_tree.c: the tree store's back-up (search/tree.h). Each iteration's
 * result goes to the nodes of its path as the side that decided into each
 * sees it, so a node is worth its mean result for its mover; a shared
 * tree's virtual loss, which counted the visits on the way down, is not
 * counted again.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "engine/core/types.h"
#include "search/tree.h"

#define MEMORY (1u << 20)

/* York's step, then Lancaster's reply below it: York wins 3 of 10. */
static void a_node_is_worth_its_mean_result_for_its_mover(void **state)
{
    (void)state;
    struct ismcts_tree t;
    assert_true(tree_begin(&t, MEMORY, SIDE_LANCASTER));
    uint32_t step = tree_add_child(&t, 0, 1, SIDE_YORK);
    uint32_t reply = tree_add_child(&t, step, 2, SIDE_LANCASTER);
    const uint32_t path[2] = {step, reply};
    for (int i = 0; i < 10; i++)
        tree_back_up(&t, path, 2, i < 3 ? 1.0 : 0.0, false);
    assert_int_equal(t.node[0].visits, 10);
    assert_int_equal(t.node[step].visits, 10);
    assert_true(fabs(tree_mean(&t.node[step]) - 0.3) < 1e-6);
    assert_true(fabs(tree_mean(&t.node[reply]) - 0.7) < 1e-6);
    tree_end(&t);
}

/* With the visits counted on the way down (a virtual loss), the back-up
 * adds the result alone; the root's visit is counted there all the same. */
static void a_virtual_loss_counts_each_visit_once(void **state)
{
    (void)state;
    struct ismcts_tree t;
    assert_true(tree_begin(&t, MEMORY, SIDE_LANCASTER));
    uint32_t step = tree_add_child(&t, 0, 1, SIDE_YORK);
    t.node[step].visits++;
    tree_back_up(&t, &step, 1, 0.75, true);
    assert_int_equal(t.node[step].visits, 1);
    assert_int_equal(t.node[0].visits, 1);
    assert_true(fabs(tree_mean(&t.node[step]) - 0.75) < 1e-6);
    tree_end(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_node_is_worth_its_mean_result_for_its_mover),
        cmocka_unit_test(a_virtual_loss_counts_each_visit_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
