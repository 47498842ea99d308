/*
 * test_game.c: the one game loop (engine/rules/game.c) and the rules' result:
 * a seed fixes a game, the hooks see every transition as rules_apply() makes
 * it, a hook or a player can stop a game where it stands, and the result
 * agrees with the finished world and with the crown's side before the end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "engine/core/crown.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/game.h"
#include "engine/rules/political.h"
#include "engine/rules/rules.h"
#include "tests/support.h"

/* What the hooks are to do in one game, and what they saw. */
struct seen {
    long stop_before, stop_decided, stop_after; /* say no there; -1: never */
    long keep_at;                               /* keep the world after this transition */
    long befores, decideds, afters;
    decision last_decided;
    uint64_t hash;            /* of every decision, in order */
    struct world last;        /* the world the before hook saw last */
    struct world last_before; /* the world before the last transition */
    struct world kept;        /* the world after transition keep_at */
    int crown_before_end;     /* the crown's side before the last transition out of a non-political phase */
};

static bool saw_before(void *context, const struct world *w, long played)
{
    struct seen *s = context;
    assert_int_equal(played, s->befores);
    assert_int_equal(played, s->afters); /* one after for every before but this one */
    assert_true(rules_actor(w) != ACTOR_NONE && w->phase != PHASE_OVER);
    s->befores++;
    s->last = *w;
    return s->stop_before < 0 || played < s->stop_before;
}

/* The decision is the actor's at the world the before hook saw, not yet applied. */
static bool saw_decided(void *context, const struct world *w, decision d, long played)
{
    struct seen *s = context;
    assert_int_equal(played, s->decideds++);
    assert_int_equal(s->decideds, s->befores);
    assert_memory_equal(w, &s->last, sizeof *w);
    assert_true(legal_has(w, d));
    s->last_decided = d;
    return s->stop_decided < 0 || played < s->stop_decided;
}

/* Every transition is the one rules_apply() makes of the world the before
 * hook saw, with the decision the decided hook saw. */
static bool saw_after(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    struct seen *s = context;
    struct world again = s->last;
    assert_int_equal(played, ++s->afters);
    assert_int_equal(s->afters, s->decideds);
    assert_memory_equal(before, &s->last, sizeof *before);
    assert_true(d == s->last_decided);
    rules_apply(&again, d);
    assert_memory_equal(after, &again, sizeof *after);
    s->hash = (s->hash ^ d) * 0x100000001b3ull;
    s->last_before = *before;
    if (played == s->keep_at)
        s->kept = *after;
    if (before->phase != PHASE_POLITICAL)
        s->crown_before_end = royal_side(before);
    return s->stop_after < 0 || played < s->stop_after;
}

/* A game of uniformly random players from the seed, every hook watching. */
static struct game_outcome watched_game(struct world *w, int scenario, uint64_t seed, struct seen *s)
{
    uint64_t rng = seed;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {saw_before, saw_decided, saw_after, s};
    s->befores = s->decideds = s->afters = 0;
    s->hash = 0;
    s->crown_before_end = SIDE_NONE;
    scenario_setup(w, scenario);
    return game_play(w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
}

static struct game_outcome whole_game(struct world *w, int scenario, uint64_t seed, struct seen *s)
{
    s->stop_before = s->stop_decided = s->stop_after = s->keep_at = -1;
    return watched_game(w, scenario, seed, s);
}

/* The same game with no hooks at all: the loop keeps no copy of the world. */
static struct game_outcome unwatched_game(struct world *w, int scenario, uint64_t seed)
{
    uint64_t rng = seed;
    const struct game_player random = {game_uniform, &rng};
    scenario_setup(w, scenario);
    return game_play(w, (const struct game_player[GAME_ACTORS]){random, random, random}, NULL);
}

/* docs/architecture.md, determinism: the same seed plays the same game; another seed another. */
static void a_seeded_game_is_played_again_the_same(void **state)
{
    (void)state;
    static struct world a, b, c;
    static struct seen sa, sb, sc;
    for (int scenario = 0; scenario < SCENARIO_COUNT; scenario++) {
        struct game_outcome oa = whole_game(&a, scenario, 11, &sa), ob = whole_game(&b, scenario, 11, &sb);
        whole_game(&c, scenario, 12, &sc);
        assert_int_equal(oa.decisions, ob.decisions);
        assert_true(sa.hash == sb.hash);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(sa.hash != sc.hash);
    }
}

/* Whole games end by the rules, every transition seen once by each hook, and
 * the result is the world's: its winner, campaign and turn; by heirs exactly
 * when the loser has none left; by usurpation exactly when the crown changed
 * sides in the last transition; game_result_of() of that transition says the
 * same, and so does the game played again unwatched. 600 games see all three
 * ways. */
static void the_result_agrees_with_the_finished_world(void **state)
{
    (void)state;
    static struct world w, again;
    static struct seen s;
    long how[GAME_HOW_COUNT] = {0};
    for (int g = 0; g < 600; g++) {
        struct game_outcome o = whole_game(&w, g % SCENARIO_COUNT, 1000 + (uint64_t)g, &s);
        assert_int_equal(o.status, GAME_OVER);
        assert_int_equal(w.phase, PHASE_OVER);
        assert_int_equal(o.decisions, s.afters);
        assert_int_equal(o.decisions, s.decideds);
        assert_int_equal(o.decisions, s.befores);
        assert_int_equal(o.result.winner, w.winner);
        assert_int_equal(o.result.campaign, w.campaign);
        assert_int_equal(o.result.turn, w.turn);
        bool heirs = !heirs_remaining(&w, 1 - w.winner);
        assert_int_equal(o.result.how == GAME_HEIRS, heirs);
        if (!heirs)
            assert_int_equal(o.result.how == GAME_USURPATION, w.winner != s.crown_before_end);
        struct game_result r = game_result_of(&s.last_before, &w);
        assert_memory_equal(&r, &o.result, sizeof r);
        struct game_outcome u = unwatched_game(&again, g % SCENARIO_COUNT, 1000 + (uint64_t)g);
        assert_int_equal(u.status, o.status);
        assert_int_equal(u.decisions, o.decisions);
        assert_memory_equal(&u.result, &o.result, sizeof u.result);
        assert_memory_equal(&again, &w, sizeof w);
        how[o.result.how]++;
    }
    print_message("600 games: %ld by heirs, %ld by usurpation, %ld at the end\n", how[GAME_HEIRS], how[GAME_USURPATION],
                  how[GAME_END_OF_GAME]);
    for (int h = 0; h < GAME_HOW_COUNT; h++)
        assert_true(how[h] > 0);
}

/* 8.2: the same last political turn read two ways: 1483 with Richmond's
 * side holding more is an usurpation; 1470 with York holding on is not. */
static void usurpation_is_told_from_the_crown_before_the_end(void **state)
{
    (void)state;
    struct world before, after;
    richmond_usurps_in_1483(&before);
    after = before;
    political_begin(&after);
    assert_int_equal(after.phase, PHASE_OVER);
    struct game_result r = game_result_of(&before, &after);
    assert_int_equal(r.winner, SIDE_LANCASTER);
    assert_int_equal(r.how, GAME_USURPATION);

    scenario_setup(&before, SCENARIO_1470);
    before.turn = 7;
    before.deck = (1u << 26) - 2;
    after = before;
    political_begin(&after);
    r = game_result_of(&before, &after);
    assert_int_equal(r.winner, SIDE_YORK);
    assert_int_equal(r.how, GAME_END_OF_GAME);
    assert_int_equal(r.campaign, SCENARIO_INFO[SCENARIO_1470].last_campaign);
}

/* The 1460 game of seed 5 with one hook ('stop', a field of s) saying no at 'at'. */
static struct game_outcome stopped_game(struct world *w, struct seen *s, long *stop, long at)
{
    s->stop_before = s->stop_decided = s->stop_after = s->keep_at = -1;
    *stop = at;
    struct game_outcome o = watched_game(w, SCENARIO_1460, 5, s);
    assert_int_equal(o.status, GAME_STOPPED);
    assert_true(w->phase != PHASE_OVER);
    return o;
}

/* A before hook that says no stops the game ahead of that decision, a decided
 * hook with the decision chosen but not applied, an after hook after that
 * transition; either way the world is the one the whole game passed through
 * at that point. */
static void a_hook_that_stops_stops_the_game_there(void **state)
{
    (void)state;
    static struct world whole, stopped, at_25;
    static struct seen s;
    s.stop_before = s.stop_decided = s.stop_after = -1;
    s.keep_at = 25;
    watched_game(&whole, SCENARIO_1460, 5, &s);
    at_25 = s.kept;
    assert_int_equal(stopped_game(&stopped, &s, &s.stop_before, 40).decisions, 40);
    assert_int_equal(s.decideds, 40);
    assert_memory_equal(&stopped, &s.last, sizeof stopped); /* the world the hook said no to */
    assert_int_equal(stopped_game(&stopped, &s, &s.stop_decided, 25).decisions, 25);
    assert_int_equal(s.afters, 25);
    assert_memory_equal(&stopped, &at_25, sizeof stopped); /* the 26th decision was not applied */
    assert_int_equal(stopped_game(&stopped, &s, &s.stop_after, 25).decisions, 25);
    assert_int_equal(s.befores, 25);
    assert_memory_equal(&stopped, &at_25, sizeof stopped);
}

/* A player that gives up ends the game at its decision, naming it. */
struct quitter {
    uint64_t rng;
    long asked, quit_at;
};

static bool quits(void *context, const struct world *w, decision *d)
{
    struct quitter *q = context;
    if (++q->asked == q->quit_at)
        return false;
    return game_uniform(&q->rng, w, d);
}

static void a_player_that_gives_up_ends_the_game_at_its_decision(void **state)
{
    (void)state;
    struct world w;
    uint64_t rng = 3;
    struct quitter lancaster = {.rng = 4, .quit_at = 30};
    const struct game_player random = {game_uniform, &rng}, quitter = {quits, &lancaster};
    scenario_setup(&w, SCENARIO_1470);
    struct game_outcome o = game_play(&w, (const struct game_player[GAME_ACTORS]){random, quitter, random}, NULL);
    assert_int_equal(o.status, GAME_GIVEN_UP);
    assert_int_equal(o.actor, SIDE_LANCASTER);
    assert_int_equal(rules_actor(&w), SIDE_LANCASTER);
    assert_int_equal(lancaster.asked, 30);
    assert_true(o.decisions >= 29);
    assert_true(w.phase != PHASE_OVER);
}

/* A side with no decide() (a person at r3 host) stops the loop where it is
 * to decide, each time, and the loop plays on from there when called again
 * with that side's decision applied. */
static void a_player_that_decides_outside_the_loop_stops_it_each_time(void **state)
{
    (void)state;
    struct world w;
    uint64_t rng = 5, person = 6;
    const struct game_player random = {game_uniform, &rng}, outside = {NULL, NULL};
    const struct game_player player[GAME_ACTORS] = {random, outside, random};
    long decisions = 0, awaited = 0;
    scenario_setup(&w, SCENARIO_1460);
    for (;;) {
        struct game_outcome o = game_play(&w, player, NULL);
        decisions += o.decisions;
        if (o.status != GAME_AWAITED)
            break;
        decision d;
        assert_int_equal(o.actor, SIDE_LANCASTER);
        assert_int_equal(rules_actor(&w), SIDE_LANCASTER);
        game_uniform(&person, &w, &d);
        rules_apply(&w, d);
        decisions++;
        awaited++;
    }
    assert_true(awaited > 0);
    assert_true(w.phase == PHASE_OVER || decisions >= GAME_DECISION_BOUND);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_seeded_game_is_played_again_the_same),
        cmocka_unit_test(the_result_agrees_with_the_finished_world),
        cmocka_unit_test(usurpation_is_told_from_the_crown_before_the_end),
        cmocka_unit_test(a_hook_that_stops_stops_the_game_there),
        cmocka_unit_test(a_player_that_gives_up_ends_the_game_at_its_decision),
        cmocka_unit_test(a_player_that_decides_outside_the_loop_stops_it_each_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
