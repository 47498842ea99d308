/*
 * match_command.c: see match_command.h. "--engine" takes the key=value words
 * that follow it (cmd=, name=, option.NAME=), so it is read by hand rather
 * than by getopt.
 */
#include "protocol/cli/match_command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/core/types.h"
#include "engine/text/scenario.h"
#include "protocol/cli/cli.h"
#include "protocol/host/replay_print.h"
#include "tuning/arena/match.h"
#include "tuning/arena/merge.h"
#include "tuning/arena/record.h"
#include "tuning/arena/record_file.h"

/* A usage error naming the command: "COMMAND: " and the rest as fmt makes it of 'word'. */
static int engine_usage(const char *command, const char *fmt, const char *word)
{
    char text[600];
    int n = snprintf(text, sizeof text, "%s: ", command);
    snprintf(text + n, sizeof text - (size_t)n, fmt, word);
    return cli_usage_error("%s", text), -1;
}

int match_read_engine(const char *command, char **argv, int argc, int i, struct engine_spec *e)
{
    for (; i < argc && strncmp(argv[i], "--", 2) != 0; i++) {
        char *word = argv[i], *eq = strchr(word, '=');
        if (!eq)
            return engine_usage(command, "'%s' is not KEY=VALUE (cmd=, name=, option.NAME=)", word);
        if (strncmp(word, "cmd=", 4) == 0) {
            e->cmd = eq + 1;
        } else if (strncmp(word, "name=", 5) == 0) {
            e->name = eq + 1;
        } else if (strncmp(word, "option.", 7) == 0) {
            if (e->options == REFEREE_MAX_OPTIONS)
                return engine_usage(command, "'%s' is one option.NAME=VALUE too many (8 per engine)", word);
            *eq = '\0';
            e->option_name[e->options] = word + 7;
            e->option_value[e->options++] = eq + 1;
        } else {
            return engine_usage(command, "unknown engine setting '%s' (cmd=, name=, option.NAME=)", word);
        }
    }
    if (!e->cmd)
        return engine_usage(command, "each --engine needs cmd=PATH%s", "");
    if (!e->name)
        e->name = e->cmd;
    /* A forfeit's reason begins with the name, and r3 replay checks it there. */
    if (!*e->name || strlen(e->name) > REFEREE_NAME_MAX) {
        char text[200];
        snprintf(text, sizeof text, "an engine's name has 1 to %d bytes; give one with name= (not '%.60s')",
                 REFEREE_NAME_MAX, e->name);
        return engine_usage(command, "%s", text);
    }
    return i;
}

static bool read_real(const char *text, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(text, &end);
    return !errno && end != text && !*end;
}

/* --sprt ELO0 ELO1 ALPHA BETA at argv[i..i+3]; returns the index after them, or -1. */
static int read_sprt(char **argv, int argc, int i, const char *command, struct sprt *s)
{
    const char *usage = "%s: --sprt takes four numbers: ELO0 ELO1 ALPHA BETA, as in --sprt 0 5 0.05 0.05";
    double v[4];
    for (int k = 0; k < 4; k++)
        if (i + k >= argc || !read_real(argv[i + k], &v[k]))
            return cli_usage_error(usage, command), -1;
    *s = (struct sprt){.elo0 = v[0], .elo1 = v[1], .alpha = v[2], .beta = v[3]};
    if (!(s->elo0 < s->elo1))
        return cli_usage_error("%s: --sprt needs ELO0 below ELO1", command), -1;
    if (!(s->alpha > 0 && s->alpha < 0.5 && s->beta > 0 && s->beta < 0.5))
        return cli_usage_error("%s: --sprt needs ALPHA and BETA between 0 and 0.5", command), -1;
    return i + 4;
}

/* 1460, 1470, 1483, all, or a list of years such as 1460,1483, played in turn by pair. */
static bool read_scenario(const char *text, struct match_options *o)
{
    if (strcmp(text, "all") == 0) {
        o->scenario = MATCH_ALL_SCENARIOS;
        return true;
    }
    o->cycle_count = 0;
    for (const char *c = text;; c++) {
        char *end;
        long year = strtol(c, &end, 10);
        if (end - c != 4 || strspn(c, "0123456789") != 4 || (*end && *end != ',') ||
            scenario_from_year((int)year) < 0 || o->cycle_count == SCENARIO_COUNT)
            return cli_usage_error("unknown scenario '%s' (1460, 1470, 1483, a list such as 1460,1483, or all)", text),
                   false;
        o->cycle[o->cycle_count++] = scenario_from_year((int)year);
        c = end;
        if (!*c)
            break;
    }
    o->scenario = o->cycle_count == 1 ? o->cycle[0] : MATCH_SCENARIO_LIST;
    return true;
}

/* movetime=MS, nodes=N or none; the timeout is left as it was. */
static bool read_time_control(const char *value, struct time_control *tc)
{
    long long n;
    if (strcmp(value, "none") == 0) {
        tc->movetime_ms = 0, tc->nodes = 0;
        return true;
    }
    if (strncmp(value, "movetime=", 9) == 0) {
        if (!cli_option_number("--tc movetime", value + 9, 1, 3600000, &n))
            return false;
        tc->movetime_ms = (int)n, tc->nodes = 0;
        return true;
    }
    if (strncmp(value, "nodes=", 6) == 0) {
        if (!cli_option_number("--tc nodes", value + 6, 1, 1000000000000LL, &n))
            return false;
        tc->movetime_ms = 0, tc->nodes = n;
        return true;
    }
    return cli_usage_error("match: --tc takes movetime=MS, nodes=N or none, not '%s'", value), false;
}

/* I/N with 1 <= I <= N. */
static bool read_shard(const char *value, struct match_options *o)
{
    long shard, shards;
    int used = 0;
    if (sscanf(value, "%ld/%ld%n", &shard, &shards, &used) != 2 || value[used] || shard < 1 || shard > shards ||
        shards > 1000000 || strspn(value, "0123456789/") != strlen(value))
        return cli_usage_error("match: --shard takes I/N with 1 <= I <= N <= 1000000, not '%s'", value), false;
    o->shard = shard;
    o->shards = shards;
    return true;
}

bool match_read_valued(const char *name, const char *value, struct match_options *o)
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
        return read_scenario(value, o);
    } else if (strcmp(name, "--tc") == 0) {
        return read_time_control(value, &o->tc);
    } else if (strcmp(name, "--timeout") == 0) {
        if (!cli_option_number("--timeout", value, 1, 86400000, &n))
            return false;
        o->tc.timeout_ms = (int)n;
    } else if (strcmp(name, "--concurrency") == 0) {
        if (!cli_option_number("--concurrency", value, 1, MATCH_MAX_CONCURRENCY, &n))
            return false;
        o->concurrency = (int)n;
    } else if (strcmp(name, "--shard") == 0) {
        return read_shard(value, o);
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
        return match_read_engine("match", argv, argc, i + 1, &o->engine[(*engines)++]);
    }
    if (strcmp(argv[i], "--sprt") == 0) {
        o->use_sprt = true;
        return read_sprt(argv, argc, i + 1, "match", &o->sprt);
    }
    if (i + 1 >= argc)
        return cli_usage_error("option '%s' needs an argument", argv[i]), -1;
    return match_read_valued(argv[i], argv[i + 1], o) ? i + 2 : -1;
}

/* Two engines with names that results.tsv and the PGN can tell apart. */
static int check_engines(const struct match_options *o, int engines)
{
    if (engines != 2)
        return cli_usage_error("%s",
                               "match needs two engines: --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...] twice");
    for (int e = 0; e < 2; e++)
        if (strpbrk(o->engine[e].name, "\t\n\r"))
            return cli_usage_error("match: the engine name '%s' has a tab or line break, which results.tsv cannot hold",
                                   o->engine[e].name);
    if (strcmp(o->engine[0].name, o->engine[1].name) == 0)
        return cli_usage_error("match: both engines are named '%s'; tell them apart with name=", o->engine[0].name);
    return 0;
}

int command_match(int argc, char **argv)
{
    struct match_options o = MATCH_DEFAULT;
    int engines = 0;
    for (int i = 1; i < argc;) {
        i = read_option(argv, argc, i, &o, &engines);
        if (i < 0)
            return 2;
    }
    int status = check_engines(&o, engines);
    return status ? status : match_run(&o, stdout);
}

/* r3 match-merge [--sprt ELO0 ELO1 ALPHA BETA] DIR...: one report over the results of several runs. */
int command_match_merge(int argc, char **argv)
{
    struct sprt sprt;
    bool use_sprt = false;
    int i = 1;
    if (i < argc && strcmp(argv[i], "--sprt") == 0) {
        use_sprt = true;
        i = read_sprt(argv, argc, i + 1, "match-merge", &sprt);
        if (i < 0)
            return 2;
    }
    if (i < argc && strncmp(argv[i], "--", 2) == 0)
        return cli_usage_error("match-merge: unknown option '%s' (only --sprt ELO0 ELO1 ALPHA BETA)", argv[i]);
    if (i >= argc)
        return cli_usage_error("%s", "match-merge needs a DIR, written by r3 match --out");
    return match_merge((const char *const *)argv + i, argc - i, use_sprt ? &sprt : NULL, stdout);
}

/* --print [--side york|lancaster]: whether and as whom to print; the index after them, or -1. */
static int read_print(int argc, char **argv, int *side)
{
    int i = 1;
    *side = -1;
    if (i < argc && strcmp(argv[i], "--print") == 0) {
        *side = SIDE_YORK;
        i++;
    }
    if (*side >= 0 && i < argc && strcmp(argv[i], "--side") == 0) {
        if (i + 1 >= argc || side_by_word(argv[i + 1]) < 0)
            return cli_usage_error("replay: --side takes york or lancaster, not '%s'", i + 1 < argc ? argv[i + 1] : ""),
                   -1;
        *side = side_by_word(argv[i + 1]);
        i += 2;
    }
    if (i < argc && strncmp(argv[i], "--", 2) == 0)
        return cli_usage_error("replay: unknown option '%s' (--print [--side york|lancaster])", argv[i]), -1;
    return i;
}

/* r3 replay [--print [--side S]] FILE...: replays and verifies game records. */
int command_replay(int argc, char **argv)
{
    int side, first = read_print(argc, argv, &side);
    if (first < 0)
        return 2;
    if (first >= argc)
        return cli_usage_error("%s", "replay needs a FILE, a game record written by r3 match --out");
    for (int i = first; i < argc; i++) {
        char error[300];
        FILE *f;
        if (!record_file_open(argv[i], &f, error, sizeof error)) {
            fprintf(stderr, "r3: replay: %s: %s\n", argv[i], error);
            return 1;
        }
        if (side < 0)
            printf("%s: ", argv[i]);
        bool ok = side >= 0 ? replay_print(f, side, stdout, error, sizeof error)
                            : replay_record(f, stdout, NULL, error, sizeof error);
        fclose(f);
        if (!ok) {
            printf("FAILED\n");
            fprintf(stderr, "r3: replay: %s: %s\n", argv[i], error);
            return 1;
        }
    }
    return 0;
}
