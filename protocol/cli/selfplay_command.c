/*
 * selfplay_command.c: see selfplay_command.h. The option.NAME=VALUE words go
 * through options_set(), as setoption's would, so every engine option is
 * taken with the protocol's names, bounds and messages; the rest is read by
 * hand, in r3 match's manner. Every mistake is found before the file is opened.
 */
#include "protocol/cli/selfplay_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/text/scenario.h"
#include "engine/text/strbuf.h"
#include "protocol/cli/cli.h"
#include "protocol/engine/options.h"
#include "protocol/engine/version.h"
#include "tuning/selfplay/selfplay.h"

#define HEADER_MAX 16384

/* What the command line gave. */
struct selfplay_command {
    struct selfplay_options run;
    struct option_values values;
    struct player player;
    bool given_games, given_scenario, given_seed;
    struct strbuf options; /* the option.NAME=VALUE words, for the header */
    char options_text[HEADER_MAX / 2];
};

static bool read_scenario(const char *text, int *out)
{
    long long year;
    if (strcmp(text, "all") == 0)
        return *out = SELFPLAY_ALL_SCENARIOS, true;
    if (!cli_option_number("--scenario", text, 1460, 1483, &year))
        return false;
    if ((*out = scenario_from_year((int)year)) < 0)
        return cli_usage_error("unknown scenario '%s' (1460, 1470, 1483 or all)", text), false;
    return true;
}

/* I/N with 0 <= I < N. */
static bool read_shard(const char *value, struct selfplay_options *o)
{
    long shard, shards;
    int used = 0;
    if (sscanf(value, "%ld/%ld%n", &shard, &shards, &used) != 2 || value[used] || shard < 0 || shard >= shards ||
        shards > 1000000 || strspn(value, "0123456789/") != strlen(value))
        return cli_usage_error("selfplay: --shard takes I/N with 0 <= I < N <= 1000000, not '%s'", value), false;
    o->shard = shard;
    o->shards = shards;
    return true;
}

/* option.NAME=VALUE, set as setoption would. */
static bool read_engine_option(char *word, struct selfplay_command *c)
{
    char why[600], *eq = strchr(word, '=');
    if (!eq)
        return cli_usage_error("selfplay: '%s' is not option.NAME=VALUE", word), false;
    *eq = '\0';
    bool ok = options_set(&c->values, word + 7, eq + 1, why, sizeof why);
    *eq = '=';
    if (!ok)
        return cli_usage_error("selfplay: %s", why), false;
    strbuf_add(&c->options, " %s", word);
    return true;
}

static bool read_number(const char *name, const char *value, long long max, long *out)
{
    long long n;
    if (!cli_option_number(name, value, 1, max, &n))
        return false;
    *out = (long)n;
    return true;
}

/* One option with its value; false after the usage error. */
static bool read_valued(const char *name, const char *value, struct selfplay_command *c)
{
    struct selfplay_options *o = &c->run;
    long n = 0;
    long long seed = 0;
    if (strcmp(name, "--games") == 0)
        return c->given_games = true, read_number(name, value, 1000000000, &o->games);
    if (strcmp(name, "--scenario") == 0)
        return c->given_scenario = true, read_scenario(value, &o->setup.scenario);
    if (strcmp(name, "--seed") == 0) {
        c->given_seed = cli_option_number("--seed", value, 0, 9223372036854775807LL, &seed);
        o->setup.seed = (uint64_t)seed;
        return c->given_seed;
    }
    if (strcmp(name, "--out") == 0)
        return o->out = value, true;
    if (strcmp(name, "--concurrency") == 0) {
        bool ok = read_number(name, value, SELFPLAY_MAX_CONCURRENCY, &n);
        o->concurrency = (int)n;
        return ok;
    }
    if (strcmp(name, "--shard") == 0)
        return read_shard(value, o);
    if (strcmp(name, "--sample-every") == 0)
        return read_number(name, value, SELFPLAY_MAX_EVERY, &o->setup.sample_every);
    return cli_usage_error("selfplay: unknown option '%s'", name), false;
}

/* Reads argv[i] (and its value); returns the index after, or -1. */
static int read_argument(int argc, char **argv, int i, struct selfplay_command *c)
{
    if (strncmp(argv[i], "option.", 7) == 0)
        return read_engine_option(argv[i], c) ? i + 1 : -1;
    if (strcmp(argv[i], "--record-visits") == 0)
        return c->run.setup.record_visits = true, i + 1;
    if (strncmp(argv[i], "--", 2) != 0)
        return cli_usage_error("selfplay: unexpected argument '%s' (engine options are option.NAME=VALUE)", argv[i]),
               -1;
    if (i + 1 >= argc)
        return cli_usage_error("option '%s' needs an argument", argv[i]), -1;
    return read_valued(argv[i], argv[i + 1], c) ? i + 2 : -1;
}

/* What must be given, and what goes together. */
static int check(const struct selfplay_command *c)
{
    if (!c->given_games || !c->given_scenario || !c->given_seed || !c->run.out)
        return cli_usage_error("%s",
                               "selfplay needs --games N, --scenario 1460|1470|1483|all, --seed K and --out FILE");
    if (!*c->run.out)
        return cli_usage_error("%s", "selfplay: --out needs a file name");
    if (c->run.setup.record_visits && (c->player.kind == PLAYER_RANDOM || c->player.kind == PLAYER_GREEDY))
        return cli_usage_error("%s", "selfplay: --record-visits needs a tree player (Player ismcts, flatmc, pimc or "
                                     "cheat); random and greedy have no root visits");
    if (strbuf_overflowed(&c->options))
        return cli_usage_error("%s", "selfplay: too many option.NAME=VALUE words for the file's header");
    return 0;
}

/* The file's first lines: the version, the options and the seed, the columns. */
static void write_header(const struct selfplay_command *c, char *text, size_t size)
{
    const struct selfplay_options *o = &c->run;
    char scenario[8] = "all";
    if (o->setup.scenario != SELFPLAY_ALL_SCENARIOS)
        snprintf(scenario, sizeof scenario, "%d", SCENARIO_INFO[o->setup.scenario].year);
    snprintf(text, size,
             "# r3 %s selfplay\n"
             "# engine options:%s\n"
             "# --games %ld --scenario %s --seed %llu --sample-every %ld%s\n"
             "# game\tply\tscenario\tside\tresult\twinrate\tposition%s\n",
             R3_VERSION, c->options.length ? c->options_text : " the defaults", o->games, scenario,
             (unsigned long long)o->setup.seed, o->setup.sample_every, o->setup.record_visits ? " --record-visits" : "",
             o->setup.record_visits ? "\tvisits" : "");
}

int command_selfplay(int argc, char **argv)
{
    static struct selfplay_command c;
    static char header[HEADER_MAX];
    c = (struct selfplay_command){.run = {.concurrency = 1, .shards = 1, .setup = {.sample_every = 1}}};
    options_default(&c.values);
    strbuf_init(&c.options, c.options_text, sizeof c.options_text);
    for (int i = 1; i < argc;)
        if ((i = read_argument(argc, argv, i, &c)) < 0)
            return 2;
    options_player(&c.values, &c.player);
    int status = check(&c);
    if (status)
        return status;
    c.run.setup.player = &c.player;
    c.run.setup.player_seed = (uint64_t)c.values.value[OPTION_SEED];
    write_header(&c, header, sizeof header);
    c.run.header = header;
    return selfplay_run(&c.run, stderr);
}
