/*
 * test_marginals.c: what a side may infer of the enemy's hidden facts, as
 * probabilities (engine/hidden/marginals.h) and as the text the engine's
 * belief and r3 host's belief write (engine/hidden/marginals_text.h).
 * Positions come from seeded random games of all three scenarios: each
 * face-down piece's chances are a distribution over the blocks it may be,
 * and nothing else; a piece the side has pinned to one block is that block;
 * the hand's and the face-down card's chances fall only on unseen cards;
 * and odds lean the chances the way they point.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/marginals.h"
#include "engine/hidden/marginals_text.h"
#include "engine/hidden/view.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

#define POSITIONS 300 /* a hundred of each scenario */
#define CLOSE 1e-4f   /* shares of 512 draws add up to this, in floats */

static float sum(const float *x, int n)
{
    float total = 0;
    for (int i = 0; i < n; i++)
        total += x[i];
    return total;
}

/* The view's piece with this label. */
static const struct view_piece *piece_of(const struct view *v, int label) { return &v->piece[label - 1]; }

struct tally {
    long pieces, pinned, several, cards_down;
};

/* Every property of one side's marginals that holds in any position. */
static void check_marginals(const struct view *v, struct tally *t)
{
    static struct marginals m;
    assert_true(marginals_of(v, NULL, MARGINAL_DRAWS, &m));
    int labels = 0;
    for (int l = 0; l < MAX_LABELS; l++)
        labels += v->piece[l].cand != 0;
    assert_int_equal(m.pieces, labels);
    assert_int_equal(m.draws, MARGINAL_DRAWS);
    for (int i = 0; i < m.pieces; i++) {
        const struct piece_marginal *p = &m.piece[i];
        const struct view_piece *seen = piece_of(v, p->label);
        blockset may_be = cand_blocks(seen->cand, v->side);
        assert_int_equal(p->area, seen->area);
        assert_true(fabsf(sum(p->block, BLOCK_COUNT) - 1) < CLOSE);
        assert_true(fabsf(sum(p->steps + 1, 4) - 1) < CLOSE);
        for (int b = 0; b < BLOCK_COUNT; b++)
            if (!(may_be >> b & 1))
                assert_true(p->block[b] == 0);
        if (__builtin_popcountll(may_be) == 1) {
            assert_true(p->block[__builtin_ctzll(may_be)] == 1);
            t->pinned++;
        } else
            t->several++;
        t->pieces++;
    }
    uint32_t own = v->w.hand[v->side];
    assert_true(fabsf(sum(m.hand, CARD_COUNT + 1) - v->enemy_hand) < CLOSE * CARD_COUNT);
    for (int c = 0; c <= CARD_COUNT; c++) {
        if (!(v->unseen_cards >> c & 1)) /* card 0, the side's own and every card seen played */
            assert_true(m.hand[c] == 0 && m.played[c] == 0);
        assert_true(!(own >> c & 1) || m.hand[c] == 0);
    }
    assert_true(m.card_down == (v->enemy_card_down != 0));
    if (m.card_down) {
        assert_true(fabsf(sum(m.played, CARD_COUNT + 1) - 1) < CLOSE);
        t->cards_down++;
    } else
        assert_true(sum(m.played, CARD_COUNT + 1) == 0);
}

static void chances_are_probabilities_over_what_the_side_thinks_possible(void **state)
{
    (void)state;
    struct tally t = {0};
    uint64_t rng = 77;
    for (int i = 0; i < POSITIONS; i++) {
        static struct world w;
        static struct view v;
        random_decision_point(&w, i % SCENARIO_COUNT, 20 + rng_below(&rng, 600), &rng);
        for (int side = 0; side < SIDE_COUNT; side++) {
            view_of(&w, side, &v);
            check_marginals(&v, &t);
        }
    }
    printf("%ld face-down pieces: %ld pinned to one block, %ld with several; %ld cards face down\n", t.pieces, t.pinned,
           t.several, t.cards_down);
    assert_true(t.pinned >= 20 && t.several >= 20 && t.cards_down >= 5);
}

/* At the deal nothing tells the enemy's seven cards apart from the rest of
 * the eighteen unseen: each is held with a chance near 7/18. */
static void an_untold_hand_is_even_over_the_unseen_cards(void **state)
{
    (void)state;
    static struct world w;
    static struct view v;
    static struct marginals m;
    uint64_t rng = 5;
    random_decision_point(&w, SCENARIO_1460, 0, &rng);
    view_of(&w, SIDE_YORK, &v);
    assert_int_equal(v.enemy_hand, 7);
    assert_int_equal(__builtin_popcount(v.unseen_cards), 18);
    assert_true(marginals_of(&v, NULL, MARGINAL_DRAWS, &m));
    for (int c = 1; c <= CARD_COUNT; c++)
        if (v.unseen_cards >> c & 1)
            assert_true(fabsf(m.hand[c] - 7.0f / 18) < 0.1f); /* 4.6 standard errors of 512 draws */
}

/* A face-down piece with several blocks it may be, whose first one it is
 * neither surely nor hardly ever; its index among the marginals' pieces. */
static int open_piece(const struct view *v, const struct marginals *m)
{
    for (int i = 0; i < m->pieces; i++) {
        uint32_t cand = piece_of(v, m->piece[i].label)->cand;
        float share = m->piece[i].block[__builtin_ctz(cand) + knowledge_base(v->side)];
        if (__builtin_popcount(cand) > 1 && share > 0.1f && share < 0.8f)
            return i;
    }
    return -1;
}

/* The first candidate's share of a piece under a log-weight on it. */
static float leaned_share(const struct view *v, int label, float log_weight)
{
    static struct odds o;
    static struct marginals m;
    memset(&o, 0, sizeof o);
    uint32_t cand = piece_of(v, label)->cand;
    o.log_weight[label - 1][__builtin_ctz(cand)] = log_weight;
    assert_true(marginals_of(v, &o, MARGINAL_DRAWS, &m));
    for (int i = 0; i < m.pieces; i++)
        if (m.piece[i].label == label) {
            assert_true(fabsf(sum(m.piece[i].block, BLOCK_COUNT) - 1) < CLOSE);
            return m.piece[i].block[__builtin_ctz(cand) + knowledge_base(v->side)];
        }
    fail_msg("no piece L%d in the marginals", label);
    return -1;
}

static void odds_lean_the_chances_the_way_they_point(void **state)
{
    (void)state;
    uint64_t rng = 31;
    int leaned = 0;
    for (int i = 0; i < POSITIONS && leaned < 10; i++) {
        static struct world w;
        static struct view v;
        static struct marginals m;
        random_decision_point(&w, i % SCENARIO_COUNT, 100 + rng_below(&rng, 600), &rng);
        int side = rng_below(&rng, SIDE_COUNT);
        view_of(&w, side, &v);
        assert_true(marginals_of(&v, NULL, MARGINAL_DRAWS, &m));
        static struct odds none;
        static struct marginals unweighted;
        assert_true(marginals_of(&v, &none, MARGINAL_DRAWS, &unweighted));
        assert_memory_equal(&m, &unweighted, sizeof m); /* all-zero odds are no odds */
        int at = open_piece(&v, &m);
        if (at < 0)
            continue;
        int label = m.piece[at].label;
        float plain = m.piece[at].block[__builtin_ctz(piece_of(&v, label)->cand) + knowledge_base(side)];
        float up = leaned_share(&v, label, 2), down = leaned_share(&v, label, -2);
        printf("L%d: %.3f, %.3f with log-weight +2, %.3f with -2\n", label, plain, up, down);
        assert_true(up > plain + 0.05f && down < plain - 0.05f);
        leaned++;
    }
    assert_true(leaned >= 5);
}

/* ---- the text ---- */

static int block_named(const char *id) { return block_by_id(id, (int)strlen(id)); }

/* York's marginals of two pieces, the enemy's hand of two cards and a card
 * played face down, written out by hand. */
static void two_pieces(struct marginals *m)
{
    memset(m, 0, sizeof *m);
    m->side = SIDE_YORK;
    m->pieces = 2;
    m->draws = 512;
    m->piece[0] = (struct piece_marginal){.label = 3, .area = (uint8_t)area_by_name("North Yorks", 11)};
    m->piece[0].block[block_named("L:Exeter")] = 0.25f;
    m->piece[0].block[block_named("L:Pembroke")] = 0.5f;
    m->piece[0].block[block_named("L:Devon")] = 0.25f;
    m->piece[0].steps[2] = 0.25f;
    m->piece[0].steps[3] = 0.75f;
    m->piece[1] = (struct piece_marginal){.label = 7, .area = (uint8_t)area_by_name("Kent", 4)};
    m->piece[1].block[block_named("L:Bombard")] = 1;
    m->piece[1].steps[3] = 1;
    m->hand[4] = 0.5f;
    m->hand[11] = 0.75f;
    m->hand[12] = 0.75f;
    m->card_down = true;
    m->played[9] = 0.998f;
    m->played[4] = 0.002f;
}

static void the_lines_name_each_piece_its_blocks_most_likely_first_and_leave_out_zeros(void **state)
{
    (void)state;
    static struct marginals m;
    char text[MARGINALS_TEXT_MAX];
    two_pieces(&m);
    assert_true(marginals_lines(&m, text, sizeof text));
    assert_string_equal(text, "piece L?3 area North-Yorks block L:Pembroke 0.500 block L:Devon 0.250 block L:Exeter "
                              "0.250 strength 2 0.250 3 0.750\n"
                              "piece L?7 area Kent block L:Bombard 1.000 strength 3 1.000\n"
                              "hand card 11 0.750 card 12 0.750 card 4 0.500\n"
                              "played card 9 0.998 card 4 0.002\n");
    m.card_down = false;
    assert_true(marginals_lines(&m, text, sizeof text));
    assert_null(strstr(text, "played"));
    assert_false(marginals_lines(&m, text, 40)); /* too small: refused, not cut */
}

static void the_words_and_the_json_say_the_same(void **state)
{
    (void)state;
    static struct marginals m;
    char text[MARGINALS_TEXT_MAX];
    two_pieces(&m);
    assert_true(marginals_print(&m, text, sizeof text));
    assert_string_equal(text,
                        "What York may infer of Lancaster's hidden blocks and cards, over 512 worlds drawn from its "
                        "view:\n"
                        "  L?3 in North Yorks: L:Pembroke 50%, L:Devon 25%, L:Exeter 25%; strength 2 25%, 3 75%\n"
                        "  L?7 in Kent: L:Bombard 100%; strength 3 100%\n"
                        "Lancaster's hand, 2 cards: 11 75%, 12 75%, 4 Plague 50%\n"
                        "Lancaster's card played face down: 9 100%, 4 Plague <1%\n");
    assert_true(marginals_json(&m, text, sizeof text));
    assert_string_equal(text, "{\"side\":\"york\",\"draws\":512,\"pieces\":["
                              "{\"piece\":\"L?3\",\"area\":\"North Yorks\",\"blocks\":["
                              "{\"block\":\"L:Pembroke\",\"chance\":0.500},{\"block\":\"L:Devon\",\"chance\":0.250},"
                              "{\"block\":\"L:Exeter\",\"chance\":0.250}],\"strength\":[0.000,0.250,0.750,0.000]},"
                              "{\"piece\":\"L?7\",\"area\":\"Kent\",\"blocks\":["
                              "{\"block\":\"L:Bombard\",\"chance\":1.000}],\"strength\":[0.000,0.000,1.000,0.000]}],"
                              "\"hand\":[{\"card\":11,\"chance\":0.750},{\"card\":12,\"chance\":0.750},"
                              "{\"card\":4,\"chance\":0.500}],"
                              "\"played\":[{\"card\":9,\"chance\":0.998},{\"card\":4,\"chance\":0.002}]}");
    m.card_down = false;
    m.pieces = 0;
    assert_true(marginals_json(&m, text, sizeof text));
    assert_non_null(strstr(text, "\"pieces\":[],"));
    assert_non_null(strstr(text, "\"played\":null}"));
    assert_true(marginals_print(&m, text, sizeof text));
    assert_non_null(strstr(text, "\nNo face-down Lancaster pieces.\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chances_are_probabilities_over_what_the_side_thinks_possible),
        cmocka_unit_test(an_untold_hand_is_even_over_the_unseen_cards),
        cmocka_unit_test(odds_lean_the_chances_the_way_they_point),
        cmocka_unit_test(the_lines_name_each_piece_its_blocks_most_likely_first_and_leave_out_zeros),
        cmocka_unit_test(the_words_and_the_json_say_the_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
