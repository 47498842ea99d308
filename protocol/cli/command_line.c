/*
 * command_line.c: see command_line.h. getopt_long reads the options in the
 * order given ("-": a word comes back where it stands), so that the words
 * after an option that takes them reach the command after that option.
 */
/* gnulib's getopt wants its configuration first. */
#include <config.h>

#include "protocol/cli/command_line.h"

#include <ctype.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "protocol/cli/cli.h"

#define MAX_OPTIONS 48

/* The check of each shared kind: false after its usage error. */
static bool check(const struct cli_option *o, const char *text, long long *number)
{
    char name[64];
    snprintf(name, sizeof name, "--%s", o->name);
    if (o->kind == CLI_COUNT)
        return cli_option_number(name, text, o->min, o->max, number);
    if (o->kind == CLI_SEED)
        return cli_option_number(name, text, 0, INT64_MAX, number);
    if (o->kind == CLI_SIDE)
        return (*number = cli_side(text)) >= 0;
    if (o->kind == CLI_SCENARIO) {
        int scenario = cli_scenario(text);
        if (scenario < 0)
            return cli_usage_error("unknown scenario '%s' (1460, 1470 or 1483)", text), false;
        *number = SCENARIO_INFO[scenario].year;
    }
    return true;
}

/* A word such as -5 or -0.5 after an option that takes words is one of them,
 * not an option. */
static bool negative_number(const char *word)
{
    return word[0] == '-' && (isdigit((unsigned char)word[1]) || word[1] == '.');
}

/* getopt_long's table: each option's value is 256 and its place in c's list. */
static void long_options(const struct cli_command *c, struct option *out)
{
    int n = 0;
    for (int i = 0; c->options && c->options[i].name && n < MAX_OPTIONS; i++)
        if (c->options[i].kind != CLI_WORDS)
            out[n++] = (struct option){c->options[i].name,
                                       c->options[i].kind == CLI_FLAG ? no_argument : required_argument, NULL, 256 + i};
    out[n] = (struct option){0};
}

/* One argument as getopt_long returned it: 0 or the usage error's status. */
static int hand_over(const struct cli_command *c, char **argv, int got, const struct cli_option **open, cli_take *take,
                     void *context)
{
    struct cli_argument a = {.text = optarg};
    if (got == 1) {
        a.words_of = *open;
    } else if (got >= 256) {
        a.option = &c->options[got - 256];
        if (a.option->kind == CLI_FLAG)
            a.text = NULL;
        else if (!check(a.option, a.text, &a.number))
            return 2;
        *open = a.option->takes_words ? a.option : NULL;
    } else {
        return cli_option_error(argv, got);
    }
    return take(context, &a) ? 0 : 2;
}

int cli_parse(const struct cli_command *c, int argc, char **argv, cli_take *take, void *context)
{
    struct option options[MAX_OPTIONS + 1];
    const struct cli_option *open = NULL;
    long_options(c, options);
    optind = 0; /* glibc and gnulib: a fresh scan of this command's arguments */
    opterr = 0;
    for (;;) {
        if (open && optind > 0 && optind < argc && negative_number(argv[optind])) {
            struct cli_argument a = {.words_of = open, .text = argv[optind++]};
            if (!take(context, &a))
                return 2;
            continue;
        }
        int got = getopt_long(argc, argv, "-:", options, NULL);
        if (got == -1)
            break;
        int status = hand_over(c, argv, got, &open, take, context);
        if (status)
            return status;
    }
    for (; optind < argc; optind++) { /* after "--", every argument is a word */
        struct cli_argument a = {.text = argv[optind]};
        if (!take(context, &a))
            return 2;
    }
    return 0;
}

const struct cli_option *cli_option_named(const struct cli_command *c, const char *name)
{
    for (const struct cli_option *o = c->options; o && o->name; o++)
        if (o->kind != CLI_WORDS && strcmp(o->name, name) == 0)
            return o;
    return NULL;
}
