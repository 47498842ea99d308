/*
 * test_knowledge.c: hidden information (RULINGS C, docs/knowledge.md). What
 * each side knows, its information-set key, and the worlds the sampler draws
 * from it: consistent (the OpenSpiel IS-MCTS check), blind to what the side
 * cannot see, truly uncertain, remembering what was seen, and dealing the
 * cards it has not seen alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/knowledge.h"
#include "engine/core/places.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/sample.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "engine/rules/supply.h"
#include "engine/text/position.h"
#include "tests/support.h"

#define POSITIONS 1002 /* 334 per scenario */
#define SAMPLES 100

/* Plays uniformly random decisions, chance included, for up to 'depth'
 * decisions; stops early rather than end the game. */
static void random_position(struct world *w, int scenario, int depth, uint64_t *rng)
{
    scenario_setup(w, scenario);
    for (int i = 0; i < depth; i++) {
        struct decisions legal;
        rules_legal(w, &legal);
        struct world next = *w;
        rules_apply(&next, legal.list[random_below(rng, legal.count)]);
        if (next.phase == PHASE_OVER)
            return;
        *w = next;
    }
}

static bool same_legal(const struct world *a, const struct world *b)
{
    struct decisions x, y;
    rules_legal(a, &x);
    rules_legal(b, &y);
    return x.count == y.count && memcmp(x.list, y.list, sizeof x.list[0] * (size_t)x.count) == 0;
}

static void fail_with_position(const char *what, const struct world *w, int side)
{
    static char text[POSITION_TEXT_MAX];
    position_print(w, text, sizeof text);
    fprintf(stderr, "position: %s\n", text); /* longer than cmocka's message buffer */
    fail_msg("%s (side %s) in the position above", what, SIDE_NAME[side]);
}

/* ---- consistency ---- */

struct match_rates {
    long pieces_seen, matches; /* every face-down piece with more than one candidate */
    long isolated, isolated_matches;
    double isolated_expected; /* sum of 1/k over isolated pieces */
};

/* A piece none of whose candidates any other piece may be: its identity is
 * uniform over its k candidates under the uniform assignment. */
static bool isolated(const struct view *v, int l)
{
    for (int m = 0; m < MAX_LABELS; m++)
        if (m != l && (v->piece[m].cand & v->piece[l].cand))
            return false;
    return true;
}

static void count_matches(const struct world *truth, const struct view *v, const struct world *sample,
                          struct match_rates *r)
{
    for (int l = 0; l < MAX_LABELS; l++) {
        int k = __builtin_popcount(v->piece[l].cand);
        if (k < 2)
            continue;
        int real = knowledge_block_with_label(truth, v->side, l + 1);
        int drawn = knowledge_block_with_label(sample, v->side, l + 1);
        r->pieces_seen++;
        r->matches += real == drawn;
        if (isolated(v, l)) {
            r->isolated++;
            r->isolated_matches += real == drawn;
            r->isolated_expected += 1.0 / k;
        }
    }
}

static void check_samples(const struct world *truth, int side, uint64_t *rng, struct match_rates *r)
{
    static struct sampler s;
    struct view v;
    struct world sample;
    char why[200];
    uint64_t key = infokey(truth, side);
    view_of(truth, side, &v);
    if (!sampler_init(&s, &v, rng))
        fail_with_position("no assignment fits the view", truth, side);
    bool to_move = rules_actor(truth) == side;
    for (int i = 0; i < SAMPLES; i++) {
        sampler_draw(&s, rng, &sample);
        if (!world_check(&sample, why, sizeof why))
            fail_with_position(why, &sample, side);
        if (infokey(&sample, side) != key)
            fail_with_position("a sample's key differs from the true world's", &sample, side);
        if (to_move && !same_legal(&sample, truth))
            fail_with_position("a sample's legal decisions differ", &sample, side);
        count_matches(truth, &v, &sample, r);
    }
}

static struct match_rates consistency_rates;

static void samples_are_consistent_with_what_the_side_knows(void **state)
{
    (void)state;
    uint64_t rng = 2026;
    struct world w;
    long hidden = 0;
    for (int i = 0; i < POSITIONS; i++) {
        random_position(&w, i % SCENARIO_COUNT, random_below(&rng, 900), &rng);
        for (int side = 0; side < SIDE_COUNT; side++) {
            struct view v;
            view_of(&w, side, &v);
            for (int l = 0; l < MAX_LABELS; l++)
                hidden += v.piece[l].cand != 0;
            check_samples(&w, side, &rng, &consistency_rates);
        }
    }
    printf("%d positions, %d samples each per side; %ld face-down pieces seen\n", POSITIONS, SAMPLES, hidden);
    assert_true(hidden > POSITIONS); /* the positions hold real uncertainty to test */
}

/* Real uncertainty: over the same draws, a sampled identity of a piece with
 * k > 1 candidates is often not the true one, and an isolated piece is right
 * about 1/k of the time. */
static void sampled_identities_are_truly_uncertain(void **state)
{
    (void)state;
    const struct match_rates *r = &consistency_rates;
    assert_true(r->pieces_seen > 1000 && r->isolated > 1000);
    double rate = (double)r->matches / (double)r->pieces_seen;
    double isolated_rate = (double)r->isolated_matches / (double)r->isolated;
    double expected = r->isolated_expected / (double)r->isolated;
    printf("identity match rate: %.3f over %ld piece draws; isolated pieces %.3f (1/k predicts %.3f) over %ld\n", rate,
           r->pieces_seen, isolated_rate, expected, r->isolated);
    assert_true(rate < 0.8);
    assert_true(isolated_rate > expected - 0.03 && isolated_rate < expected + 0.03);
}

/* ---- no peeking ---- */

/* Exchanges what two hidden pieces of the same observer truly are; each keeps
 * its place, flags, label and what is known of it. */
static void swap_identities(struct world *w, int a, int b)
{
    struct world old = *w;
    int where_a = world_location(&old, a), where_b = world_location(&old, b);
    world_place(w, a, where_b);
    world_place(w, b, where_a);
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++) {
        world_set_flag(w, a, f, world_has_flag(&old, b, f));
        world_set_flag(w, b, f, world_has_flag(&old, a, f));
    }
    blockset acted_a = old.acted & block_bit(a), acted_b = old.acted & block_bit(b);
    w->acted = (w->acted & ~block_bit(a) & ~block_bit(b)) | (acted_a ? block_bit(b) : 0) | (acted_b ? block_bit(a) : 0);
    w->know.label[a] = old.know.label[b];
    w->know.label[b] = old.know.label[a];
    w->know.cand[a] = old.know.cand[b];
    w->know.cand[b] = old.know.cand[a];
    int va, vb, ka = world_strength_knowledge(&old, a, &va), kb = world_strength_knowledge(&old, b, &vb);
    world_set_strength_knowledge(w, a, kb, vb);
    world_set_strength_knowledge(w, b, ka, va);
    world_set_steps(w, a, kb == KNOW_DEFICIT ? BLOCK_INFO[a].steps - vb : 1);
    world_set_steps(w, b, ka == KNOW_DEFICIT ? BLOCK_INFO[b].steps - va : 1);
    if (old.move.block == a || old.move.block == b)
        w->move.block = (uint8_t)(old.move.block == a ? b : a);
}

/* Finds two hidden pieces of the observer's enemy that may be each other. */
static bool swappable_pair(const struct world *w, int observer, int *a, int *b)
{
    for (int x = 0; x < BLOCK_COUNT; x++)
        for (int y = x + 1; y < BLOCK_COUNT; y++)
            if (w->know.label[x] && w->know.label[y] && world_observer(w, x) == observer &&
                world_observer(w, y) == observer && world_location(w, x) < AREA_COUNT &&
                world_location(w, y) < AREA_COUNT && (cand_blocks(w->know.cand[x], observer) & block_bit(y)) &&
                (cand_blocks(w->know.cand[y], observer) & block_bit(x)) && w->battle.actor != x &&
                w->battle.actor != y && w->battle.target != x && w->battle.target != y) {
                *a = x;
                *b = y;
                return true;
            }
    return false;
}

static void changes_the_side_cannot_see_leave_its_key(void **state)
{
    (void)state;
    uint64_t rng = 77;
    int swaps = 0, card_swaps = 0, strength_changes = 0;
    char why[200];
    struct world w, changed;
    for (int i = 0; i < 600; i++) {
        random_position(&w, i % SCENARIO_COUNT, 100 + random_below(&rng, 800), &rng);
        for (int side = 0; side < SIDE_COUNT; side++) {
            uint64_t key = infokey(&w, side);
            int enemy = 1 - side, a, b;
            if (swappable_pair(&w, side, &a, &b)) {
                changed = w;
                swap_identities(&changed, a, b);
                if (world_check(&changed, why, sizeof why)) { /* strengths may rule a swap out */
                    assert_true(infokey(&changed, side) == key);
                    swaps++;
                }
            }
            if (w.hand[enemy] && w.deck && !(w.phase == PHASE_MULLIGAN)) {
                changed = w;
                uint32_t from_hand = w.hand[enemy] & -w.hand[enemy], from_deck = w.deck & -w.deck;
                changed.hand[enemy] ^= from_hand | from_deck;
                changed.deck ^= from_hand | from_deck;
                assert_true(infokey(&changed, side) == key);
                card_swaps++;
            }
            blockset unseen = w.pool & w.side_blocks[enemy] & ~w.face_down;
            for (blockset left = unseen; left; left &= left - 1) {
                int p = __builtin_ctzll(left);
                if (BLOCK_INFO[p].steps > 1) {
                    changed = w;
                    world_set_steps(&changed, p, world_steps(&w, p) == 1 ? 2 : 1);
                    assert_true(infokey(&changed, side) == key);
                    strength_changes++;
                    break;
                }
            }
        }
    }
    printf("key unchanged by %d piece swaps, %d hand/deck card swaps, %d unseen strengths\n", swaps, card_swaps,
           strength_changes);
    assert_true(swaps > 50 && card_swaps > 50 && strength_changes > 50);
}

static void changes_the_side_can_see_change_its_key(void **state)
{
    (void)state;
    uint64_t rng = 78;
    int own = 0, seen_enemy = 0, cards = 0;
    struct world w, changed;
    for (int i = 0; i < 300; i++) {
        random_position(&w, i % SCENARIO_COUNT, random_below(&rng, 800), &rng);
        for (int side = 0; side < SIDE_COUNT; side++) {
            uint64_t key = infokey(&w, side);
            for (int b = 0; b < BLOCK_COUNT; b++) {
                bool on_map = world_location(&w, b) < AREA_COUNT;
                bool exact = world_strength_knowledge(&w, b, &(int){0}) == KNOW_EXACT;
                if (!on_map || !exact || w.know.label[b] || BLOCK_INFO[b].steps < 2)
                    continue;
                changed = w;
                world_set_steps(&changed, b, world_steps(&w, b) == 1 ? 2 : 1);
                assert_true(infokey(&changed, side) != key); /* own block, or an enemy seen exactly */
                if (world_block_side(&w, b) == side)
                    own++;
                else
                    seen_enemy++;
            }
            if (w.hand[side] && w.deck) {
                changed = w;
                uint32_t swap = (w.hand[side] & -w.hand[side]) | (w.deck & -w.deck);
                changed.hand[side] ^= swap;
                changed.deck ^= swap;
                assert_true(infokey(&changed, side) != key);
                cards++;
            }
        }
    }
    printf("key changed by %d own strengths, %d seen enemy strengths, %d own cards\n", own, seen_enemy, cards);
    assert_true(own > 100 && seen_enemy > 100 && cards > 50);
}

/* ---- memory and rulebook flavour ---- */

static int label_count(const struct world *w, int observer)
{
    int n = 0;
    for (int b = 0; b < BLOCK_COUNT; b++)
        n += w->know.label[b] && world_observer(w, b) == observer;
    return n;
}

/* docs/architecture.md: the setup is public, so at the start every block's place is known. */
static void every_block_is_known_at_the_start(void **state)
{
    (void)state;
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        struct world w;
        scenario_setup(&w, s);
        for (int side = 0; side < SIDE_COUNT; side++) {
            struct view v;
            view_of(&w, side, &v);
            assert_int_equal(label_count(&w, side), 0);
            for (int b = 0; b < BLOCK_COUNT; b++)
                if (world_location(&w, b) < AREA_COUNT)
                    assert_int_equal(world_location(&v.w, b), world_location(&w, b));
        }
    }
}

static uint32_t candidates_of(const struct world *w, int block)
{
    assert_true(w->know.label[block] != 0);
    return w->know.cand[block];
}

static uint32_t mask_of(int observer, const int *blocks, int n)
{
    blockset set = 0;
    for (int i = 0; i < n; i++)
        set |= block_bit(blocks[i]);
    return cand_mask(set, observer);
}

/* 5.4: a York recruit in East Anglia can be a noble with a shield there
 * (Norfolk, Suffolk), the Norwich levy, or, in a vacant area, the rebel, who
 * fights for the Pretender York in 1460. */
static void a_york_recruit_in_east_anglia_is_norfolk_suffolk_or_the_norwich_levy(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 7, 20); /* York has 4 AP and acts first */
    play_text(&w, "recruit Y:Norfolk");
    play_text(&w, "at East-Anglia");
    int expected[] = {BLOCK_Y_NORFOLK, BLOCK_Y_SUFFOLK, BLOCK_Y_NORWICH_LEVY, BLOCK_R_REBEL};
    assert_int_equal(candidates_of(&w, BLOCK_Y_NORFOLK), mask_of(SIDE_LANCASTER, expected, 4));
    assert_int_equal(w.know.label[BLOCK_Y_NORFOLK], 1);
    int value;
    assert_int_equal(world_strength_knowledge(&w, BLOCK_Y_NORFOLK, &value), KNOW_DEFICIT); /* full (5.4) */
    assert_int_equal(value, 0);
    /* A second recruit there: Norwich is now a friendly city, so the bombard
     * may come, and the area is no longer vacant, so the rebel may not. */
    play_text(&w, "recruit Y:Suffolk");
    play_text(&w, "at East-Anglia");
    int second[] = {BLOCK_Y_NORFOLK, BLOCK_Y_SUFFOLK, BLOCK_Y_NORWICH_LEVY, BLOCK_Y_BOMBARD};
    assert_int_equal(candidates_of(&w, BLOCK_Y_SUFFOLK), mask_of(SIDE_LANCASTER, second, 4));
    assert_int_equal(candidates_of(&w, BLOCK_Y_NORFOLK), mask_of(SIDE_LANCASTER, expected, 4));
    assert_int_equal(w.know.label[BLOCK_Y_SUFFOLK], 2);
    assert_world_ok(&w);
}

/* 5.4: a Lancaster recruit in friendly London could be the bombard. */
static void a_lancaster_recruit_in_middlesex_could_be_the_bombard(void **state)
{
    (void)state;
    struct world w;
    empty_board(&w, 20, 7); /* Lancaster has 4 AP and acts first */
    play_text(&w, "recruit L:Bombard");
    play_text(&w, "at Middlesex");
    assert_true(cand_blocks(candidates_of(&w, BLOCK_L_BOMBARD), SIDE_YORK) & block_bit(BLOCK_L_BOMBARD));
    assert_world_ok(&w);
}

/* What a_block_seen_in_battle_is_remembered_until_an_unseen_loss() follows. */
struct remembering {
    blockset seen; /* revealed in a battle, not touched by an unseen loss since */
    int remembered, blurred;
};

/* The blocks an unseen supply loss in the transition may have struck (7.1). */
static blockset struck_by(const struct world *before, decision d)
{
    if (decision_kind(d) != DECIDE_LOSE)
        return 0;
    int loser = decision_arg(d), area = world_location(before, loser);
    return supply_counted(before, area) & before->side_blocks[world_block_side(before, loser)];
}

static bool remembers(void *context, const struct world *before, decision d, const struct world *w, long played)
{
    struct remembering *r = context;
    blockset struck = struck_by(before, d);
    bool new_campaign = w->campaign != before->campaign;
    (void)played;
    r->seen |= w->revealed;
    for (blockset left = r->seen; left; left &= left - 1) {
        int b = __builtin_ctzll(left), where = world_location(w, b);
        if (where >= AREA_COUNT || new_campaign) {
            r->seen &= ~block_bit(b);
            continue;
        }
        assert_int_equal(w->know.label[b], 0); /* its face stays known */
        if (block_bit(b) & struck) {
            assert_int_equal(world_strength_knowledge(w, b, &(int){0}), KNOW_AT_MOST);
            r->seen &= ~block_bit(b);
            r->blurred++;
        } else {
            assert_int_equal(world_strength_knowledge(w, b, &(int){0}), KNOW_EXACT);
            r->remembered++;
        }
    }
    return true;
}

/* RULINGS C: a block revealed in battle and then left alone stays known;
 * an unseen supply loss in its area makes its strength uncertain again. */
static void a_block_seen_in_battle_is_remembered_until_an_unseen_loss(void **state)
{
    (void)state;
    uint64_t rng = 5;
    struct remembering r = {0};
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.after = remembers, .context = &r};
    for (int g = 0; g < 300; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        r.seen = 0;
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
    printf("%d checks of a remembered strength, %d strengths blurred by an unseen supply loss\n", r.remembered,
           r.blurred);
    assert_true(r.remembered > 1000 && r.blurred > 10);
}

/* The position text carries the knowledge, so the round trip stays exact. */
static void knowledge_survives_the_position_text(void **state)
{
    (void)state;
    uint64_t rng = 11;
    static char text[POSITION_TEXT_MAX], again[POSITION_TEXT_MAX];
    char error[300];
    int with_hidden = 0;
    for (int i = 0; i < 300; i++) {
        struct world w, back;
        random_position(&w, i % SCENARIO_COUNT, random_below(&rng, 900), &rng);
        assert_true(position_print(&w, text, sizeof text));
        if (!position_parse(text, &back, error, sizeof error))
            fail_msg("%s", error);
        assert_memory_equal(&w, &back, sizeof w);
        position_print(&back, again, sizeof again);
        assert_string_equal(text, again);
        with_hidden += label_count(&w, SIDE_YORK) + label_count(&w, SIDE_LANCASTER) > 0;
    }
    assert_true(with_hidden > 100);
}

/* The enemy's face-down card is drawn uniformly from the cards the side has
 * not seen, and so is its hand: over 20,000 draws of Lancaster's view with
 * York's first card face-down, every unseen card is that card, and in that
 * hand, as often as any other within 4 standard errors, and no card the
 * side has seen is either. */
static void the_enemys_face_down_card_is_any_unseen_card_alike(void **state)
{
    (void)state;
    enum { DRAWS = 20000 };
    struct world w, sample;
    struct view v;
    static struct sampler s;
    uint64_t rng = 47;
    int played[CARD_COUNT + 1] = {0}, held[CARD_COUNT + 1] = {0};
    scenario_setup(&w, SCENARIO_1460);
    while (w.phase != PHASE_CARDS || w.step != CARDS_LANCASTER_PLAYS) { /* York's first card, whatever it is */
        struct decisions legal;
        rules_legal(&w, &legal);
        rules_apply(&w, legal.list[random_below(&rng, legal.count)]);
    }
    view_of(&w, SIDE_LANCASTER, &v);
    assert_true(v.enemy_card_down && sampler_init(&s, &v, &rng));
    for (int i = 0; i < DRAWS; i++) {
        sampler_draw(&s, &rng, &sample);
        played[sample.played[SIDE_YORK]]++;
        for (uint32_t left = sample.hand[SIDE_YORK]; left; left &= left - 1)
            held[__builtin_ctz(left)]++;
    }
    int unseen = bits_count(v.unseen_cards);
    double p = 1.0 / unseen, q = (double)v.enemy_hand / unseen;
    for (int card = 1; card <= CARD_COUNT; card++) {
        if (!(v.unseen_cards >> card & 1)) {
            assert_int_equal(played[card] + held[card], 0);
            continue;
        }
        assert_true(fabs(played[card] - DRAWS * p) < 4 * sqrt(DRAWS * p * (1 - p)));
        assert_true(fabs(held[card] - DRAWS * q) < 4 * sqrt(DRAWS * q * (1 - q)));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_are_consistent_with_what_the_side_knows),
        cmocka_unit_test(sampled_identities_are_truly_uncertain),
        cmocka_unit_test(changes_the_side_cannot_see_leave_its_key),
        cmocka_unit_test(changes_the_side_can_see_change_its_key),
        cmocka_unit_test(every_block_is_known_at_the_start),
        cmocka_unit_test(a_york_recruit_in_east_anglia_is_norfolk_suffolk_or_the_norwich_levy),
        cmocka_unit_test(a_lancaster_recruit_in_middlesex_could_be_the_bombard),
        cmocka_unit_test(a_block_seen_in_battle_is_remembered_until_an_unseen_loss),
        cmocka_unit_test(knowledge_survives_the_position_text),
        cmocka_unit_test(the_enemys_face_down_card_is_any_unseen_card_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
