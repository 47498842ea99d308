/*
 * test_command_line.c: the one parser of r3's command line
 * (protocol/cli/command_line.h). Options and words reach a command in the
 * order typed; the words after an option that takes them are that option's,
 * negative numbers among them; each shared kind is checked before the
 * command sees it (a seed's and a count's bounds, a scenario, a side), and a
 * bad one, an unknown option or a missing argument is a usage error (2)
 * with the command told nothing more.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "protocol/cli/command_line.h"

enum { OPT_SEED, OPT_GAMES, OPT_SCENARIO, OPT_SIDE, OPT_FLAG, OPT_SPRT };
static const struct cli_option OPTIONS[] = {
    [OPT_SEED] = {"seed", CLI_SEED, "S", 0, 0, "a seed", false},
    [OPT_GAMES] = {"games", CLI_COUNT, "N", 1, 100, "a count", false},
    [OPT_SCENARIO] = {"scenario", CLI_SCENARIO, "YEAR", 0, 0, "a scenario", false},
    [OPT_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0, "a side", false},
    [OPT_FLAG] = {"flag", CLI_FLAG, NULL, 0, 0, "a flag", false},
    [OPT_SPRT] = {"sprt", CLI_TEXT, "ELO0 ELO1 ALPHA BETA", 0, 0, "four numbers", true},
    {"WORD...", CLI_WORDS, NULL, 0, 0, "words, for the help only", false},
    {0}};

static int run_nothing(int argc, char **argv)
{
    (void)argc, (void)argv;
    return 0;
}

static const struct cli_command COMMAND = {"test", "",         "a command to test the parser", NULL, OPTIONS,
                                           NULL,   run_nothing};

/* What the command was told, one line an argument: "seed=7", "word:x", "sprt-word:-5". */
struct told {
    char text[1024];
    int count;
};

static bool take(void *context, const struct cli_argument *a)
{
    struct told *t = context;
    size_t used = strlen(t->text);
    if (!a->option)
        snprintf(t->text + used, sizeof t->text - used, "%s:%s;", a->words_of ? "sprt-word" : "word", a->text);
    else if (a->option->kind == CLI_FLAG)
        snprintf(t->text + used, sizeof t->text - used, "%s;", a->option->name);
    else if (a->option->kind == CLI_TEXT)
        snprintf(t->text + used, sizeof t->text - used, "%s=%s;", a->option->name, a->text);
    else
        snprintf(t->text + used, sizeof t->text - used, "%s=%lld;", a->option->name, a->number);
    t->count++;
    return true;
}

/* Parses the words given (NULL-ended) as argv[1..]; the status, what was told in *t. */
static int parse(struct told *t, ...)
{
    char *argv[32] = {"test"}, words[32][64];
    int argc = 1;
    va_list ap;
    va_start(ap, t);
    for (const char *w; (w = va_arg(ap, const char *)) && argc < 31; argc++) {
        snprintf(words[argc], sizeof words[argc], "%s", w);
        argv[argc] = words[argc];
    }
    va_end(ap);
    *t = (struct told){0};
    FILE *silenced = freopen("/dev/null", "w", stderr); /* the usage errors' lines */
    int status = cli_parse(&COMMAND, argc, argv, take, t);
    (void)silenced;
    return status;
}

static void options_and_words_come_in_order_with_their_kinds_read(void **state)
{
    (void)state;
    struct told t;
    assert_int_equal(parse(&t, "a", "--seed", "9223372036854775807", "--games=100", "b", "--flag", "--scenario", "1483",
                           "--side", "lancaster", NULL),
                     0);
    assert_string_equal(t.text, "word:a;seed=9223372036854775807;games=100;word:b;flag;scenario=1483;side=1;");
}

static void the_words_after_an_option_that_takes_them_are_its_negative_numbers_too(void **state)
{
    (void)state;
    struct told t;
    assert_int_equal(parse(&t, "--sprt", "-5", "-2.5", "0.05", "0.05", "--flag", "file", NULL), 0);
    assert_string_equal(t.text, "sprt=-5;sprt-word:-2.5;sprt-word:0.05;sprt-word:0.05;flag;word:file;");
    assert_int_equal(parse(&t, "--flag", "--", "--seed", "-x", NULL), 0); /* after "--", words only */
    assert_string_equal(t.text, "flag;word:--seed;word:-x;");
}

static void each_kind_is_checked_before_the_command_sees_it(void **state)
{
    (void)state;
    struct told t;
    const char *bad[][2] = {{"--seed", "-1"},      {"--seed", "9223372036854775808"},
                            {"--seed", "7x"},      {"--games", "0"},
                            {"--games", "101"},    {"--scenario", "1461"},
                            {"--scenario", "all"}, {"--side", "tudor"},
                            {"--frobnicate", "1"}, {"--seed", NULL /* no argument */}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(parse(&t, "--flag", bad[i][0], bad[i][1], NULL), 2);
        assert_int_equal(t.count, 1); /* the flag before, and nothing of the bad one */
    }
}

static bool refuse(void *context, const struct cli_argument *a)
{
    (void)a;
    ++*(int *)context;
    return false;
}

static void a_command_that_refuses_an_argument_stops_the_reading(void **state)
{
    (void)state;
    char *argv[] = {"test", "--flag", "--seed", "1", NULL};
    int told = 0;
    assert_int_equal(cli_parse(&COMMAND, 4, argv, refuse, &told), 2);
    assert_int_equal(told, 1);
    assert_ptr_equal(cli_option_named(&COMMAND, "games"), &OPTIONS[OPT_GAMES]);
    assert_null(cli_option_named(&COMMAND, "WORD..."));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_and_words_come_in_order_with_their_kinds_read),
        cmocka_unit_test(the_words_after_an_option_that_takes_them_are_its_negative_numbers_too),
        cmocka_unit_test(each_kind_is_checked_before_the_command_sees_it),
        cmocka_unit_test(a_command_that_refuses_an_argument_stops_the_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
