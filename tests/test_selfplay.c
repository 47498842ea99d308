/*
 * test_selfplay.c: r3 selfplay's plan and games (tuning/selfplay/selfplay_plan.h,
 * tuning/selfplay/selfplay_game.h) without the command line: shards cover the games
 * once, in order; each game's seeds come from (seed, game) alone; the
 * sampler keeps one candidate in K and is deterministic; a game's lines are
 * the same twice, each names the side that decides in its position among
 * more than one legal decision, carries the game's result, and its root
 * visits name the legal decisions, in order, summing to at least the
 * iterations.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/ismcts.h"
#include "tuning/selfplay/selfplay_game.h"
#include "tuning/selfplay/selfplay_plan.h"

static void shards_cover_the_games_once_in_order(void **state)
{
    (void)state;
    const long games[] = {1, 2, 7, 10, 100, 1000003};
    const long shards[] = {1, 2, 3, 4, 16, 1000};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (size_t s = 0; s < sizeof shards / sizeof shards[0]; s++) {
            long next = 0, n = shards[s], smallest = games[g], largest = 0;
            for (long i = 0; i < n; i++) {
                struct selfplay_range r = selfplay_shard(games[g], i, n);
                assert_int_equal(r.first, next); /* contiguous, in shard order */
                assert_true(r.end >= r.first);
                next = r.end;
                smallest = r.end - r.first < smallest ? r.end - r.first : smallest;
                largest = r.end - r.first > largest ? r.end - r.first : largest;
            }
            assert_int_equal(next, games[g]);
            assert_true(largest - smallest <= 1); /* as even as can be */
        }
    struct selfplay_range r = selfplay_shard(10, 1, 4);
    assert_int_equal(r.first, 2);
    assert_int_equal(r.end, 5);
}

static void all_scenarios_take_turns(void **state)
{
    (void)state;
    for (long g = 0; g < 9; g++) {
        assert_int_equal(selfplay_scenario_of(SELFPLAY_ALL_SCENARIOS, g), (int)(g % 3));
        assert_int_equal(selfplay_scenario_of(SCENARIO_1470, g), SCENARIO_1470);
    }
}

static void seeds_come_from_seed_and_game_alone(void **state)
{
    (void)state;
    struct selfplay_seeds a = selfplay_seeds_of(5, 17, 1), b = selfplay_seeds_of(5, 17, 1);
    assert_memory_equal(&a, &b, sizeof a);
    struct selfplay_seeds other_game = selfplay_seeds_of(5, 18, 1), other_seed = selfplay_seeds_of(6, 17, 1);
    assert_true(a.chance != other_game.chance && a.chance != other_seed.chance);
    assert_true(a.chance != a.sampling && a.side[0] != a.side[1]);
    struct selfplay_seeds moved = selfplay_seeds_of(5, 17, 9); /* the option Seed moves the sides alone */
    assert_true(moved.chance == a.chance && moved.sampling == a.sampling);
    assert_true(moved.side[0] == a.side[0] + 8 && moved.side[1] == a.side[1] + 8);
}

static void sampler_keeps_one_in_k(void **state)
{
    (void)state;
    struct selfplay_sampler s, t;
    selfplay_sampler_start(&s, 3, 1);
    for (int i = 0; i < 1000; i++)
        assert_true(selfplay_sampler_keep(&s));
    const long every[] = {2, 5, 37};
    for (size_t k = 0; k < sizeof every / sizeof every[0]; k++) {
        long kept = 0, gap = 0, widest = 0, candidates = 200000;
        selfplay_sampler_start(&s, 11, every[k]);
        selfplay_sampler_start(&t, 11, every[k]);
        for (long i = 0; i < candidates; i++) {
            bool keep = selfplay_sampler_keep(&s);
            assert_int_equal(keep, selfplay_sampler_keep(&t)); /* the same seed, the same choices */
            gap++;
            if (keep) {
                kept++;
                widest = gap > widest ? gap : widest;
                gap = 0;
            }
        }
        double expected = (double)candidates / (double)every[k];
        assert_true(kept > expected * 0.97 && kept < expected * 1.03);
        assert_true(widest <= 2 * every[k] - 1);
    }
}

/* ---- a game's lines ---- */

struct line {
    char *field[9];
    int fields;
};

/* Splits one line at its tabs, in place; returns the next line. */
static char *split(char *text, struct line *l)
{
    char *end = strchr(text, '\n');
    assert_non_null(end);
    *end = '\0';
    l->fields = 0;
    for (char *f = text; f && l->fields < 9; l->fields++) {
        l->field[l->fields] = f;
        f = strchr(f, '\t');
        if (f)
            *f++ = '\0';
    }
    return end + 1;
}

static const char *result_of(int winner) { return winner == SIDE_YORK ? "1" : winner == SIDE_LANCASTER ? "0" : "0.5"; }

/* The visits field against the legal decisions: the same, in order, summing to at least 'iterations'. */
static void check_visits(const char *visits, const struct decisions *legal, long iterations)
{
    char text[64];
    long sum = 0;
    const char *p = visits;
    for (int i = 0; i < legal->count; i++) {
        decision_text(legal->list[i], text, sizeof text);
        size_t n = strlen(text);
        assert_memory_equal(p, text, n);
        assert_int_equal(p[n], '=');
        char *end;
        sum += strtol(p + n + 1, &end, 10);
        assert_true(*end == (i + 1 < legal->count ? ';' : '\0'));
        p = end + 1;
    }
    assert_true(sum >= iterations);
}

/* Every line of game 'game': its fields, its side to decide, its result. */
static long check_lines(char *text, long game, const struct selfplay_game *g, bool visits, long iterations)
{
    static struct world w;
    char why[300], number[32];
    long lines = 0, last_ply = -1;
    snprintf(number, sizeof number, "%ld", game);
    for (char *p = text; p && *p; lines++) {
        struct line l;
        p = split(p, &l);
        assert_int_equal(l.fields, visits ? 8 : 7);
        assert_string_equal(l.field[0], number);
        assert_true(atol(l.field[1]) > last_ply); /* in the game's order */
        last_ply = atol(l.field[1]);
        assert_string_equal(l.field[4], result_of(g->winner));
        assert_true(position_parse(l.field[6], &w, why, sizeof why));
        assert_int_equal(atoi(l.field[2]), SCENARIO_INFO[w.scenario].year);
        int actor = rules_actor(&w);
        assert_true(actor == SIDE_YORK || actor == SIDE_LANCASTER);
        assert_string_equal(l.field[3], actor == SIDE_YORK ? "york" : "lancaster");
        struct decisions legal;
        rules_legal(&w, &legal);
        assert_true(legal.count > 1);
        if (visits)
            check_visits(l.field[7], &legal, iterations);
    }
    return lines;
}

static struct player player_of(int kind, long iterations)
{
    return (struct player){
        .kind = kind, .samples = 2, .iterations = iterations, .memory_mb = 8, .threads = 1, .ismcts = ISMCTS_DEFAULT};
}

static void random_games_label_every_candidate(void **state)
{
    (void)state;
    struct player random = player_of(PLAYER_RANDOM, 1);
    struct selfplay_setup s = {
        .player = &random, .player_seed = 1, .scenario = SELFPLAY_ALL_SCENARIOS, .seed = 4, .sample_every = 1};
    for (long game = 0; game < 3; game++) {
        struct selfplay_game a, b;
        assert_true(selfplay_game_play(&s, game, &a));
        assert_true(selfplay_game_play(&s, game, &b));
        assert_false(a.dropped);
        assert_int_equal(a.length, b.length); /* the same game twice */
        assert_memory_equal(a.text, b.text, a.length);
        assert_non_null(strstr(a.text, "\t-\t")); /* the random player has no win rate */
        assert_int_equal(check_lines(a.text, game, &a, false, 0), a.positions);
        assert_true(a.positions > 10 && a.positions < a.decisions);
        free(a.text);
        free(b.text);
    }
}

static void sampled_lines_are_a_subset(void **state)
{
    (void)state;
    struct player random = player_of(PLAYER_RANDOM, 1);
    struct selfplay_setup every = {
        .player = &random, .player_seed = 1, .scenario = SCENARIO_1483, .seed = 8, .sample_every = 1};
    struct selfplay_setup fifth = every;
    fifth.sample_every = 5;
    struct selfplay_game all, some;
    assert_true(selfplay_game_play(&every, 2, &all));
    assert_true(selfplay_game_play(&fifth, 2, &some));
    assert_int_equal(all.decisions, some.decisions); /* sampling does not change the game */
    assert_true(some.positions * 3 < all.positions && some.positions * 8 > all.positions);
    for (char *line = some.text, *next; *line; line = next) { /* each kept line is one of all's */
        next = strchr(line, '\n') + 1;
        char *copy = strndup(line, (size_t)(next - line));
        assert_non_null(strstr(all.text, copy));
        free(copy);
    }
    free(all.text);
    free(some.text);
}

static void searched_games_record_win_rates_and_visits(void **state)
{
    (void)state;
    struct player ismcts = player_of(PLAYER_ISMCTS, 20);
    struct selfplay_setup s = {.player = &ismcts,
                               .player_seed = 1,
                               .scenario = SCENARIO_1460,
                               .seed = 2,
                               .sample_every = 3,
                               .record_visits = true};
    struct selfplay_game g;
    assert_true(selfplay_game_play(&s, 0, &g));
    assert_false(g.dropped);
    assert_true(g.positions > 0);
    assert_null(strstr(g.text, "\t-\t")); /* a tree player has a win rate at every decision */
    assert_int_equal(check_lines(g.text, 0, &g, true, 20), g.positions);
    free(g.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shards_cover_the_games_once_in_order),       cmocka_unit_test(all_scenarios_take_turns),
        cmocka_unit_test(seeds_come_from_seed_and_game_alone),        cmocka_unit_test(sampler_keeps_one_in_k),
        cmocka_unit_test(random_games_label_every_candidate),         cmocka_unit_test(sampled_lines_are_a_subset),
        cmocka_unit_test(searched_games_record_win_rates_and_visits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
