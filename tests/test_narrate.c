/*
 * test_narrate.c: the sentences of the events (protocol/host/narrate.c), as
 * r3 host writes them after each event's keyword form and r3 play and
 * r3 replay --print tell them. Whole random games of the three scenarios,
 * every observation of both sides: each kind of event has a sentence of its
 * own, a die of a fire says whether it hit, and a person's narration of a
 * volley is one line with its dice and hits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "protocol/host/narrate.h"

#define KINDS 64

/* The kinds of observation seen (their first words), and whether each had a sentence. */
struct kinds_seen {
    char kind[KINDS][24];
    int count, without[KINDS];
    char example[KINDS][200];
};

static void note(struct kinds_seen *k, const char *observation, bool told)
{
    char word[24];
    sscanf(observation, "%23s", word);
    int i = 0;
    while (i < k->count && strcmp(k->kind[i], word) != 0)
        i++;
    if (i == k->count && k->count < KINDS)
        snprintf(k->kind[k->count++], sizeof k->kind[0], "%s", word);
    if (!told && i < KINDS) {
        k->without[i]++;
        snprintf(k->example[i], sizeof k->example[0], "%s", observation);
    }
}

static bool tell_both(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    static struct observations seen;
    (void)played;
    for (int side = 0; side < SIDE_COUNT; side++) {
        observe(before, d, after, side, &seen);
        for (int i = 0; i < seen.count; i++) {
            char text[200], sentence[400];
            observation_text(&seen.list[i], text, sizeof text);
            narrate_event_sentence(before, d, text, sentence, sizeof sentence);
            if (decision_kind(d) == DECIDE_ROLL && before->step == BATTLE_FIRE && strncmp(text, "roll ", 5) == 0)
                assert_non_null(strstr(sentence, rules_die_counts(before, d) ? ": a hit." : ": a miss."));
            size_t n = strlen(sentence);
            note(context, text, strcmp(sentence, text) != 0 && n > 1 && sentence[n - 1] == '.');
        }
    }
    return true;
}

/* 30 random games, 10 of each scenario: every observation either side saw
 * has a sentence, no kind is left as its keyword form, and the games showed
 * at least the 30 kinds that random play reaches. */
static void every_kind_of_event_has_a_sentence(void **state)
{
    (void)state;
    static struct kinds_seen k;
    uint64_t rng = 49;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.after = tell_both, .context = &k};
    for (int g = 0; g < 30; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
    printf("%d kinds of event seen:", k.count);
    for (int i = 0; i < k.count; i++)
        printf(" %s", k.kind[i]);
    printf("\n");
    for (int i = 0; i < k.count; i++)
        if (k.without[i])
            fail_msg("'%s' has no sentence (%d times), e.g. '%s'", k.kind[i], k.without[i], k.example[i]);
    assert_true(k.count >= 30);
}

/* r3 play's narration of a battle turn: the firer with its rating, the
 * dice and the hits (from the host's sentences of the dice) in one line,
 * told once the dice are all seen; the retreat once, not
 * its move again; a loyalty roll (6.9, RULINGS A.1) with its outcome. */
static void a_volley_is_one_line_with_its_dice(void **state)
{
    (void)state;
    struct narrator n;
    memset(&n, 0, sizeof n);
    char told[4096] = {0};
    FILE *out = fmemopen(told, sizeof told - 1, "w");
    const char *lines[] = {"phase battle 2 -",
                           "fire L:Oxford",
                           "phase battle 3 -",
                           "roll 3 | A die shows 3: a hit.",
                           "roll 1 | A die shows 1: a hit.",
                           "roll 6 | A die shows 6: a miss.",
                           "strength Y:Norwich-levy 2",
                           "retreat L:Oxford Leicester",
                           "move L:Oxford Essex Leicester",
                           "move Y:March pool Essex",
                           "treachery Y:Warwick L:Clarence",
                           "phase battle 6 -",
                           "roll 2",
                           "roll 4",
                           "move L:Clarence Essex other-side",
                           "treason L:Exeter",
                           "roll 3"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        narrate(&n, "york", lines[i], out);
    narrate_end(&n, out);
    fclose(out);
    assert_string_equal(told, "  -- battle phase --\n"
                              "  L:Oxford (A2) fires: the dice show 3 1 6, 2 hits.\n"
                              "  Y:Norwich-levy is now at strength 2.\n"
                              "  L:Oxford retreats to Leicester.\n"
                              "  Y:March is recruited in Essex.\n"
                              "  Y:Warwick tries treachery on L:Clarence (all dice even, and it defects).\n"
                              "  The dice show 2 4: all even, L:Clarence defects.\n"
                              "  L:Clarence changes sides in Essex.\n"
                              "  The Treason card is played: a loyalty roll at L:Exeter.\n"
                              "  The dice show 3: not all even, L:Exeter stays loyal.\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_of_event_has_a_sentence),
        cmocka_unit_test(a_volley_is_one_line_with_its_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
