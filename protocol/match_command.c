/*
 * match_command.c: see match_command.h. "--engine" takes the key=value words
 * that follow it (cmd=, name=, option.NAME=), so it is read by hand rather
 * than by getopt.
 */
#include "match_command.h"

#include <stdio.h>
#include <string.h>

#include "../engine/scenario.h"
#include "../tuning/match.h"
#include "../tuning/replay.h"
#include "cli.h"

static int read_engine(char **argv, int argc, int i, struct engine_spec *e)
{
    for (; i < argc && strncmp(argv[i], "--", 2) != 0; i++) {
        char *word = argv[i], *eq = strchr(word, '=');
        if (!eq)
            return cli_usage_error("match: '%s' is not KEY=VALUE (cmd=, name=, option.NAME=)", word), -1;
        if (strncmp(word, "cmd=", 4) == 0) {
            e->cmd = eq + 1;
        } else if (strncmp(word, "name=", 5) == 0) {
            e->name = eq + 1;
        } else if (strncmp(word, "option.", 7) == 0 && e->options < REFEREE_MAX_OPTIONS) {
            *eq = '\0';
            e->option_name[e->options] = word + 7;
            e->option_value[e->options++] = eq + 1;
        } else {
            return cli_usage_error("match: unknown engine setting '%s' (cmd=, name=, option.NAME=)", word), -1;
        }
    }
    if (!e->cmd)
        return cli_usage_error("%s", "match: each --engine needs cmd=PATH"), -1;
    if (!e->name)
        e->name = e->cmd;
    return i;
}

static bool read_scenario(const char *text, int *out)
{
    if (strcmp(text, "all") == 0) {
        *out = MATCH_ALL_SCENARIOS;
        return true;
    }
    long long year;
    if (!cli_option_number("--scenario", text, 1460, 1483, &year) || scenario_from_year((int)year) < 0) {
        cli_usage_error("unknown scenario '%s' (1460, 1470, 1483 or all)", text);
        return false;
    }
    *out = scenario_from_year((int)year);
    return true;
}

/* One option with its value; false after the usage error is printed. */
static bool read_valued(const char *name, const char *value, struct match_options *o)
{
    long long n;
    if (strcmp(name, "--games") == 0) {
        if (!cli_option_number("--games", value, 1, 100000000, &n))
            return false;
        o->games = (long)n;
    } else if (strcmp(name, "--seed") == 0) {
        if (!cli_option_number("--seed", value, 0, 9223372036854775807LL, &n))
            return false;
        o->seed = (uint64_t)n;
    } else if (strcmp(name, "--scenario") == 0) {
        return read_scenario(value, &o->scenario);
    } else if (strcmp(name, "--tc") == 0) {
        if (strncmp(value, "movetime=", 9) != 0)
            return cli_usage_error("match: --tc takes movetime=MS, not '%s'", value), false;
        if (!cli_option_number("--tc movetime", value + 9, 1, 3600000, &n))
            return false;
        o->movetime = (int)n;
    } else if (strcmp(name, "--out") == 0) {
        o->out_dir = value;
    } else {
        return cli_usage_error("unknown option '%s'", name), false;
    }
    return true;
}

/* Reads the option at argv[i]; returns the index after it, or -1. */
static int read_option(char **argv, int argc, int i, struct match_options *o, int *engines)
{
    if (strcmp(argv[i], "--engine") == 0) {
        if (*engines == 2)
            return cli_usage_error("%s", "match: exactly two --engine"), -1;
        return read_engine(argv, argc, i + 1, &o->engine[(*engines)++]);
    }
    if (i + 1 >= argc)
        return cli_usage_error("option '%s' needs an argument", argv[i]), -1;
    return read_valued(argv[i], argv[i + 1], o) ? i + 2 : -1;
}

int command_match(int argc, char **argv)
{
    struct match_options o = {.games = 2, .scenario = MATCH_ALL_SCENARIOS, .seed = 1, .movetime = 100};
    int engines = 0;
    for (int i = 1; i < argc;) {
        i = read_option(argv, argc, i, &o, &engines);
        if (i < 0)
            return 2;
    }
    if (engines != 2)
        return cli_usage_error("%s", "match needs two engines: --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...] twice");
    return match_run(&o, stdout);
}

/* r3 replay FILE...: replays and verifies game records. */
int command_replay(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("%s", "replay needs a FILE, a game record written by r3 match --out");
    for (int i = 1; i < argc; i++) {
        char error[300];
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            fprintf(stderr, "r3: replay: cannot read '%s'\n", argv[i]);
            return 1;
        }
        printf("%s: ", argv[i]);
        bool ok = replay_record(f, stdout, error, sizeof error);
        fclose(f);
        if (!ok) {
            printf("FAILED\n");
            fprintf(stderr, "r3: replay: %s: %s\n", argv[i], error);
            return 1;
        }
    }
    return 0;
}
