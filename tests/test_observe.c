/*
 * test_observe.c: what each side sees of a transition (RULINGS C,
 * docs/observations.md): never an enemy face it could not see, the same
 * thing in every world it cannot tell apart, and the texts a referee sends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/knowledge.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/observe.h"
#include "engine/hidden/sample.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

/* Is b's face known to side in w: its own, or an enemy block in view and not face-down? */
static bool face_known(const struct world *w, int side, int b)
{
    if (world_block_side(w, b) == side)
        return true;
    int where = world_location(w, b);
    if (where < AREA_COUNT)
        return w->know.label[b] == 0;
    return where != LOC_POOL || (w->face_down & block_bit(b));
}

static void check_named(const struct world *before, const struct world *after, int side, int block)
{
    if (block & 0x80 || block == BLOCK_NONE)
        return; /* a piece reference, or no block */
    if (!face_known(before, side, block) && !face_known(after, side, block))
        fail_msg("%s sees the face of %s, which it cannot", SIDE_NAME[side], BLOCK_INFO[block].id);
}

/* Every block an observation names by its id. */
static void check_observation(const struct world *before, const struct world *after, int side,
                              const struct observation *o)
{
    check_named(before, after, side, o->piece);
    if (o->kind == OBS_REVEAL) {
        check_named(before, after, side, o->a);
    } else if (o->kind == OBS_DECISION) {
        int arg = decision_arg(o->value), kind = decision_kind(o->value);
        if (kind == DECIDE_BLOCK || kind == DECIDE_FIRE || kind == DECIDE_HOLD || kind == DECIDE_HIT ||
            kind == DECIDE_TREASON || kind == DECIDE_EXECUTE || kind == DECIDE_DISBAND || kind == DECIDE_RECRUIT)
            check_named(before, after, side, arg);
        if (kind == DECIDE_RETREAT || kind == DECIDE_REGROUP || kind == DECIDE_HOME)
            check_named(before, after, side, decision_first(o->value));
        if (kind == DECIDE_CHARGE || kind == DECIDE_TREACHERY) {
            check_named(before, after, side, decision_first(o->value));
            check_named(before, after, side, decision_second(o->value));
        }
    }
}

struct face_counts {
    long observations, references;
};

static void check_faces(const struct world *before, uint32_t d, const struct world *after, int side,
                        const struct observations *seen, void *context)
{
    struct face_counts *n = context;
    (void)d;
    assert_true(seen->count >= 1 && seen->count < MAX_OBSERVATIONS);
    for (int i = 0; i < seen->count; i++) {
        check_observation(before, after, side, &seen->list[i]);
        n->references += (seen->list[i].piece & 0x80) && seen->list[i].piece != BLOCK_NONE;
    }
    n->observations += seen->count;
}

static void no_observation_names_a_face_the_side_cannot_see(void **state)
{
    (void)state;
    struct face_counts n = {0, 0};
    observe_random_games(150, 31, check_faces, &n);
    printf("%ld observations checked, %ld of them naming face-down pieces\n", n.observations, n.references);
    assert_true(n.references > 1000);
}

static void texts_of(const struct observations *o, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < o->count && n < size; i++) {
        char line[96];
        observation_text(&o->list[i], line, sizeof line);
        n += (size_t)snprintf(out + n, size - n, "%s|", line);
    }
}

/* Does the transition show the side something new about the enemy: a card,
 * a face, a strength, a piece moved by the rules? */
static bool shows_news(const struct observations *o, const struct world *w, int side)
{
    for (int i = 0; i < o->count; i++) {
        const struct observation *x = &o->list[i];
        bool own = x->piece < BLOCK_COUNT && world_block_side(w, x->piece) == side;
        bool own_change = own && (x->kind == OBS_MOVE || x->kind == OBS_STRENGTH);
        if (x->kind != OBS_DECISION && x->kind != OBS_APPEAR && !own_change)
            return true;
    }
    return false;
}

/* A side's own decision that shows it nothing new looks the same, and leaves
 * it knowing the same, in every world it cannot tell from the true one. */
static void own_decisions_look_the_same_in_every_world_the_side_cannot_tell_apart(void **state)
{
    (void)state;
    uint64_t rng = 32;
    int compared = 0;
    static struct observations a, b;
    static char text_a[8192], text_b[8192];
    for (int g = 0; g < 120; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        int depth = random_below(&rng, 800);
        for (int i = 0; i < depth && w.phase != PHASE_OVER; i++) {
            struct decisions legal;
            rules_legal(&w, &legal);
            int side = rules_actor(&w);
            decision d = legal.list[random_below(&rng, legal.count)];
            if (side < SIDE_COUNT && i % 3 == 0) {
                struct world sample, after_true = w, after_sample;
                assert_true(sample_world(&w, side, &rng, &sample));
                after_sample = sample;
                rules_apply(&after_true, d);
                rules_apply(&after_sample, d);
                observe(&w, d, &after_true, side, &a);
                observe(&sample, d, &after_sample, side, &b);
                texts_of(&a, text_a, sizeof text_a);
                texts_of(&b, text_b, sizeof text_b);
                if (!shows_news(&a, &w, side) && !shows_news(&b, &w, side)) {
                    assert_string_equal(text_a, text_b);
                    assert_true(infokey(&after_true, side) == infokey(&after_sample, side));
                    compared++;
                }
            }
            rules_apply(&w, d);
        }
    }
    printf("%d own decisions compared across true and sampled worlds\n", compared);
    assert_true(compared > 1000);
}

static const char *texts_after(struct world *w, const char *decision_text_, int side)
{
    static struct observations o;
    static char text[4096];
    decision d;
    char error[200];
    struct world before = *w;
    if (!decision_parse(w, decision_text_, &d, error, sizeof error))
        fail_msg("%s", error);
    rules_apply(w, d);
    observe(&before, d, w, side, &o);
    texts_of(&o, text, sizeof text);
    return text;
}

/* 1.1, 5.4, RULINGS C: the table as Lancaster sees it while York plays a
 * card and recruits, and as York sees Lancaster's card. */
static void the_referee_texts_of_a_card_and_a_recruit(void **state)
{
    (void)state;
    struct world w, y;
    empty_board(&w, 7, 20);
    w.phase = PHASE_CARDS; /* play again from the card phase, watching */
    w.step = CARDS_YORK_PLAYS;
    w.hand[SIDE_YORK] = (uint32_t)1 << 7;
    w.hand[SIDE_LANCASTER] = (uint32_t)1 << 20;
    w.played[0] = w.played[1] = 0;
    w.player1 = SIDE_NONE;
    w.move = (struct move){MOVE_NONE, AREA_NONE, BLOCK_NONE, AREA_NONE, AREA_NONE, 0, AREA_NONE};
    assert_world_ok(&w);
    y = w;
    assert_string_equal(texts_after(&w, "play 7", SIDE_LANCASTER), "play ?|phase cards 1 -|");
    assert_string_equal(texts_after(&y, "play 7", SIDE_YORK), "play 7|phase cards 1 -|");
    assert_string_equal(texts_after(&w, "play 20", SIDE_YORK), "play 20|cards 7 20|phase action 0 -|");
    y = w;
    assert_string_equal(texts_after(&w, "recruit Y:Norfolk", SIDE_LANCASTER), "recruit ?|phase action 0 recruit|");
    assert_string_equal(texts_after(&y, "recruit Y:Norfolk", SIDE_YORK), "recruit Y:Norfolk|phase action 0 recruit|");
    assert_string_equal(texts_after(&w, "at East-Anglia", SIDE_LANCASTER),
                        "at East-Anglia|appear Y?1 East-Anglia|phase action 0 -|");
    assert_string_equal(texts_after(&y, "at East-Anglia", SIDE_YORK),
                        "at East-Anglia|move Y:Norfolk pool East-Anglia|phase action 0 -|");
}

static void read_back(const struct world *before, uint32_t d, const struct world *after, int side,
                      const struct observations *seen, void *context)
{
    long *read = context;
    (void)before, (void)d, (void)after, (void)side;
    for (int i = 0; i < seen->count; i++) {
        char text[160], error[200];
        struct observation back;
        observation_text(&seen->list[i], text, sizeof text);
        if (!observation_read(text, &back, error, sizeof error))
            fail_msg("%s", error);
        if (memcmp(&back, &seen->list[i], sizeof back) != 0)
            fail_msg("'%s' reads back differently", text);
        assert_true(observation_opens_transition(&back) == (i == 0));
        (*read)++;
    }
}

/* Every observation's text reads back to the same 8 bytes: the protocol
 * carries the text, engines work on the binary form. */
static void observation_texts_read_back_exactly(void **state)
{
    (void)state;
    long read = 0;
    observe_random_games(40, 33, read_back, &read);
    printf("%ld observation texts read back exactly\n", read);
    assert_true(read > 10000);
}

static void malformed_observation_texts_are_refused_with_a_reason(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "",
        "frobnicate",
        "move L?3 Kent",
        "move L?33 Kent Sussex",
        "move L?0 Kent Sussex",
        "appear Y?1 Atlantis",
        "reveal L?1 L:Nobody 3",
        "reveal L?1 L:Oxford 5",
        "strength Y:March 0",
        "cards 0 7",
        "cards 7",
        "king L:Oxford2",
        "campaign 4",
        "winner Rebel",
        "phase lunch 0 -",
        "phase action 16 -",
        "phase action 0 walk",
        "shows Y",
        "shows Y 26",
        "shows X 1",
        "lose ? Atlantis",
        "play",
        "play 26",
        "play 7 8",
        "roll 7",
        "retreat Y:March",
        "block Q?1",
        "deal !",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        struct observation o;
        char error[200] = "";
        if (observation_read(BAD[i], &o, error, sizeof error))
            fail_msg("'%s' was read", BAD[i]);
        assert_true(strlen(error) > 10);
    }
}

/* What the other side sees first of each decision: how it tells them apart. */
static void first_seen(const struct world *w, decision d, int side, struct observation *out)
{
    static struct observations seen;
    struct world after = *w;
    rules_apply(&after, d);
    observe(w, d, &after, side, &seen);
    *out = seen.list[0];
}

struct key_pairs {
    long pairs, merged; /* pairs of decisions compared; of them, seen alike */
};

/* Every pair of a side's legal decisions at w: seen alike exactly when keyed alike. */
static void compare_keys(const struct world *w, int side, struct key_pairs *n)
{
    struct decisions legal;
    struct observation seen[MAX_DECISIONS];
    decision key[MAX_DECISIONS];
    rules_legal(w, &legal);
    for (int k = 0; k < legal.count; k++) {
        first_seen(w, legal.list[k], side, &seen[k]);
        key[k] = observe_key(w, legal.list[k], side);
    }
    for (int a = 0; a < legal.count; a++)
        for (int b = a + 1; b < legal.count; b++) {
            bool same_seen = memcmp(&seen[a], &seen[b], sizeof seen[a]) == 0;
            assert_true(same_seen == (key[a] == key[b]));
            n->pairs++;
            n->merged += same_seen;
        }
}

/* At every 4th decision point of a side, for both sides; 3000 decisions at most. */
static bool compare_keys_here(void *context, const struct world *w, long played)
{
    if (played >= 3000)
        return false;
    if (rules_actor(w) < SIDE_COUNT && played % 4 == 0)
        for (int side = 0; side < SIDE_COUNT; side++)
            compare_keys(w, side, context);
    return true;
}

/* A search over a side's information sets branches on observe_key: two
 * decisions get the same key exactly when the side sees them the same. */
static void keys_tell_apart_what_the_side_sees_apart(void **state)
{
    (void)state;
    uint64_t rng = 34;
    struct key_pairs n = {0};
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.before = compare_keys_here, .context = &n};
    for (int g = 0; g < 30; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
    printf("%ld pairs of decisions compared, %ld of them seen alike\n", n.pairs, n.merged);
    assert_true(n.merged > 1000);
}

struct label_counts {
    long appeared, beside_a_leaver; /* recruits seen appear; of them, in a transition where a piece left the map */
};

static void check_new_labels(const struct world *before, uint32_t d, const struct world *after, int side,
                             const struct observations *seen, void *context)
{
    struct label_counts *n = context;
    bool left = false;
    (void)d, (void)after;
    for (int i = 0; i < seen->count; i++)
        left |= seen->list[i].kind == OBS_MOVE && seen->list[i].piece >= 0x80 && seen->list[i].b >= AREA_COUNT;
    for (int i = 0; i < seen->count; i++) {
        const struct observation *o = &seen->list[i];
        if (o->kind != OBS_APPEAR)
            continue;
        n->appeared++;
        n->beside_a_leaver += left;
        assert_int_equal(knowledge_block_with_label(before, side, (o->piece & 31) + 1), -1);
    }
}

/* A recruit that appears face-down takes a label no piece had before the
 * transition, even one that leaves the map in it (to the pool, say, at the
 * political turn's disbanding, 8.1). Otherwise "appear L?2" and "move L?2 ...
 * pool" would name two pieces in one transition, and which of them got the
 * label would follow the blocks' ids, which the side does not know. */
static void a_new_piece_never_takes_a_label_freed_in_its_transition(void **state)
{
    (void)state;
    struct label_counts n = {0, 0};
    observe_random_games(300, 35, check_new_labels, &n);
    printf("%ld recruits seen to appear, %ld beside a piece leaving the map\n", n.appeared, n.beside_a_leaver);
    assert_true(n.appeared > 1000 && n.beside_a_leaver > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(observation_texts_read_back_exactly),
        cmocka_unit_test(malformed_observation_texts_are_refused_with_a_reason),
        cmocka_unit_test(no_observation_names_a_face_the_side_cannot_see),
        cmocka_unit_test(own_decisions_look_the_same_in_every_world_the_side_cannot_tell_apart),
        cmocka_unit_test(the_referee_texts_of_a_card_and_a_recruit),
        cmocka_unit_test(keys_tell_apart_what_the_side_sees_apart),
        cmocka_unit_test(a_new_piece_never_takes_a_label_freed_in_its_transition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
