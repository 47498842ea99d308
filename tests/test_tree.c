/*
 * test_tree.c: the tree's back-up rules (search/tree.h). A first step with
 * one excellent continuation among many poor ones is worth its best
 * continuation by max and secure, and the mean of them all by the plain
 * average; a continuation seen too few times, or one where the mover
 * changes, lifts nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "engine/core/types.h"
#include "search/tree.h"

#define MEMORY (1u << 20)

/* Backs up 'times' iterations of York's result 'york' along root child
 * 'first', then its child 'second'. */
static void back_up_times(struct ismcts_tree *t, uint32_t first, uint32_t second, double york, int times,
                          const struct tree_backup *rule)
{
    const uint32_t path[2] = {first, second};
    for (int i = 0; i < times; i++)
        tree_back_up(t, path, 2, york, false, rule);
}

/* York's two first steps at the root: 'excellent' has one continuation that
 * wins 0.9 among nine that win 0.2, each tried 40 times; 'steady' has ten
 * continuations that win 0.5. Returns 'excellent' and sets *steady. */
static uint32_t grow(struct ismcts_tree *t, const struct tree_backup *rule, uint32_t *steady)
{
    assert_true(tree_begin(t, MEMORY, SIDE_LANCASTER));
    uint32_t excellent = tree_add_child(t, 0, 1, SIDE_YORK);
    *steady = tree_add_child(t, 0, 2, SIDE_YORK);
    for (int i = 0; i < 10; i++) {
        uint32_t a = tree_add_child(t, excellent, (decision)(10 + i), SIDE_YORK);
        uint32_t b = tree_add_child(t, *steady, (decision)(30 + i), SIDE_YORK);
        back_up_times(t, excellent, a, i == 0 ? 0.9 : 0.2, 40, rule);
        back_up_times(t, *steady, b, 0.5, 40, rule);
    }
    return excellent;
}

static void the_best_continuation_lifts_its_first_step(void **state)
{
    (void)state;
    for (int kind = TREE_BACKUP_AVERAGE; kind <= TREE_BACKUP_SECURE; kind++) {
        struct ismcts_tree t;
        const struct tree_backup rule = {kind, 32};
        uint32_t steady, excellent = grow(&t, &rule, &steady);
        double a = tree_value(&t.node[excellent], &rule), b = tree_value(&t.node[steady], &rule);
        if (kind == TREE_BACKUP_AVERAGE) {
            assert_true(fabs(a - 0.27) < 1e-3); /* (0.9 + 9 * 0.2) / 10 */
            assert_true(a < b);
        } else {
            assert_true(fabs(a - 0.9) < 1e-3);
            assert_true(a > b);
        }
        assert_true(fabs(b - 0.5) < 1e-3);
        tree_end(&t);
    }
}

/* Below the floor on visits the excellent continuation counts for nothing:
 * its parent keeps its mean. */
static void a_continuation_seen_too_seldom_lifts_nothing(void **state)
{
    (void)state;
    struct ismcts_tree t;
    const struct tree_backup rule = {TREE_BACKUP_MAX, 41};
    uint32_t steady, excellent = grow(&t, &rule, &steady);
    assert_true(fabs(tree_value(&t.node[excellent], &rule) - 0.27) < 1e-3);
    tree_end(&t);
}

/* Where the enemy decides next, a node is worth its mean: the best reply
 * is the enemy's to find, not the side's. */
static void the_enemys_reply_is_averaged(void **state)
{
    (void)state;
    struct ismcts_tree t;
    const struct tree_backup rule = {TREE_BACKUP_MAX, 1};
    assert_true(tree_begin(&t, MEMORY, SIDE_LANCASTER));
    uint32_t step = tree_add_child(&t, 0, 1, SIDE_YORK);
    for (int i = 0; i < 4; i++) {
        uint32_t reply = tree_add_child(&t, step, (decision)(10 + i), SIDE_LANCASTER);
        back_up_times(&t, step, reply, i == 0 ? 0.9 : 0.3, 10, &rule);
    }
    assert_true(fabs(tree_value(&t.node[step], &rule) - 0.45) < 1e-3); /* (0.9 + 3 * 0.3) / 4 */
    tree_end(&t);
}

/* Secure picks by value less its standard error: a child at 0.71 over 400
 * visits (0.7036) beats one at 0.72 over 32 (0.6974); max takes 0.72. */
static void secure_prefers_the_child_it_is_sure_of(void **state)
{
    (void)state;
    struct ismcts_tree t;
    const struct tree_backup secure = {TREE_BACKUP_SECURE, 32}, max = {TREE_BACKUP_MAX, 32};
    for (int k = 0; k < 2; k++) {
        const struct tree_backup *rule = k ? &max : &secure;
        assert_true(tree_begin(&t, MEMORY, SIDE_LANCASTER));
        uint32_t step = tree_add_child(&t, 0, 1, SIDE_YORK);
        uint32_t sure = tree_add_child(&t, step, 2, SIDE_YORK), lucky = tree_add_child(&t, step, 3, SIDE_YORK);
        back_up_times(&t, step, sure, 0.71, 400, rule);
        back_up_times(&t, step, lucky, 0.72, 32, rule);
        assert_true(fabs(tree_value(&t.node[step], rule) - (k ? 0.72 : 0.71)) < 1e-3);
        tree_end(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_best_continuation_lifts_its_first_step),
        cmocka_unit_test(a_continuation_seen_too_seldom_lifts_nothing),
        cmocka_unit_test(the_enemys_reply_is_averaged),
        cmocka_unit_test(secure_prefers_the_child_it_is_sure_of),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
