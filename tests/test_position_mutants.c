/*
 * test_position_mutants.c: positions from outside cannot break the rules.
 * 10,000 mutants of real positions (taken every few decisions from random
 * games of each scenario, then changed: a digit, a token's value, a token
 * dropped or doubled, two tokens' values swapped) go through
 * audit_position_parse. Every one it accepts is then played on for 30 random
 * decisions under audit_transition, which must hold at each. Under ASan and
 * UBSan (make test runs every unit test so) no mutant may read out of bounds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/rules/audit.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"

#define MUTANTS 10000
#define SOURCES 60
#define PLAYED_ON 30

static char source[SOURCES][POSITION_TEXT_MAX];

/* Positions of random games: every 23rd decision, all three scenarios. */
static void gather_sources(void)
{
    uint64_t rng = 11;
    int n = 0;
    for (int game = 0; n < SOURCES; game++) {
        struct world w;
        scenario_setup(&w, game % SCENARIO_COUNT);
        for (int d = 0; n < SOURCES && w.phase != PHASE_OVER && d < 2000; d++) {
            if (d % 23 == 7)
                assert_true(position_print(&w, source[n++], POSITION_TEXT_MAX));
            struct decisions legal;
            rules_legal(&w, &legal);
            rules_apply(&w, legal.list[random_below(&rng, legal.count)]);
        }
    }
}

/* The start of token k of text (tokens are separated by spaces), or NULL. */
static char *token(char *text, int k)
{
    for (char *p = text; *p; p++)
        if (p == text || p[-1] == ' ')
            if (k-- == 0)
                return p;
    return NULL;
}

static int tokens(const char *text)
{
    int n = 1;
    for (const char *p = text; *p; p++)
        n += *p == ' ';
    return n;
}

/* One change to text, in place. */
static void mutate(char *text, uint64_t *rng)
{
    static const char REPLACEMENT[] = "0123456789-,=:LYR?";
    static char copy[POSITION_TEXT_MAX];
    size_t length = strlen(text);
    int kind = random_below(rng, 5), count = tokens(text);
    char *a = token(text, random_below(rng, count)), *b = token(text, random_below(rng, count));
    if (kind == 0) { /* a character */
        text[random_below(rng, (int)length)] = REPLACEMENT[random_below(rng, (int)sizeof REPLACEMENT - 1)];
    } else if (kind == 1) { /* a digit made another */
        for (int tries = 0; tries < 50; tries++) {
            char *c = &text[random_below(rng, (int)length)];
            if (*c >= '0' && *c <= '9') {
                *c = (char)('0' + random_below(rng, 10));
                break;
            }
        }
    } else if (kind == 2 && a && a != text) { /* a token dropped */
        size_t span = strcspn(a, " ");
        memmove(a - 1, a + span, strlen(a + span) + 1);
    } else if (kind == 3 && a && length + strcspn(a, " ") + 2 < POSITION_TEXT_MAX) { /* a token doubled */
        size_t span = strcspn(a, " ");
        memcpy(copy, a, span);
        text[length] = ' ';
        memcpy(text + length + 1, copy, span);
        text[length + 1 + span] = '\0';
    } else if (a && b && strchr(a, '=') && strchr(b, '=')) { /* a token's value given another token's */
        char *va = strchr(a, '=') + 1, *vb = strchr(b, '=') + 1;
        size_t la = strcspn(va, " "), lb = strcspn(vb, " ");
        if (strcspn(a, " ") < (size_t)(va - a) || strcspn(b, " ") < (size_t)(vb - b))
            return; /* the '=' is another token's */
        size_t head = (size_t)(va - text), tail = strlen(va + la);
        if (head + lb + tail >= POSITION_TEXT_MAX)
            return;
        memcpy(copy, text, head);
        memcpy(copy + head, vb, lb);
        memcpy(copy + head + lb, va + la, tail + 1);
        memcpy(text, copy, head + lb + tail + 1);
    }
}

/* Plays on from an accepted mutant at random, every transition audited. */
static void play_on(struct world *w, uint64_t *rng, const char *text)
{
    struct audit_memory memory;
    static struct world before;
    char why[300];
    audit_begin(&memory);
    for (int d = 0; d < PLAYED_ON && w->phase != PHASE_OVER; d++) {
        struct decisions legal;
        rules_legal(w, &legal);
        assert_true(legal.count > 0);
        decision choice = legal.list[random_below(rng, legal.count)];
        before = *w;
        rules_apply(w, choice);
        if (!audit_transition(&memory, &before, choice, w, why, sizeof why))
            fail_msg("%d decisions after an accepted mutant: %s; the mutant: %s", d + 1, why, text);
    }
}

static void mutants_are_refused_or_play_by_the_rules(void **state)
{
    (void)state;
    static char text[POSITION_TEXT_MAX];
    char error[300];
    uint64_t rng = 2024;
    int accepted = 0;
    gather_sources();
    for (int i = 0; i < MUTANTS; i++) {
        struct world w;
        strcpy(text, source[i % SOURCES]);
        for (int changes = 1 + random_below(&rng, 2); changes > 0; changes--)
            mutate(text, &rng);
        if (!audit_position_parse(text, &w, error, sizeof error))
            continue;
        accepted++;
        play_on(&w, &rng, text);
    }
    print_message("%d mutants, %d accepted and played on, %d refused\n", MUTANTS, accepted, MUTANTS - accepted);
    assert_true(accepted > 0); /* some changes are harmless: the test does play on */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mutants_are_refused_or_play_by_the_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
