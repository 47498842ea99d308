/*
 * selfplay_command.c: see selfplay_command.h. The option.NAME=VALUE words go
 * through options_set(), as setoption's would, so every engine option is
 * taken with the protocol's names, bounds and messages; the rest by the
 * rows of its options. Every mistake is found before the file is opened.
 */
#include "protocol/cli/selfplay_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/io/strbuf.h"
#include "protocol/ai/options.h"
#include "protocol/ai/version.h"
#include "protocol/cli/cli.h"
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

enum {
    SELFPLAY_OPTION_WORDS,
    SELFPLAY_GAMES,
    SELFPLAY_SCENARIO,
    SELFPLAY_SEED,
    SELFPLAY_OUT,
    SELFPLAY_CONCURRENCY,
    SELFPLAY_SHARD,
    SELFPLAY_SAMPLE_EVERY,
    SELFPLAY_RECORD_VISITS
};
static const struct cli_option SELFPLAY_OPTIONS[] = {
    [SELFPLAY_OPTION_WORDS] = {"option.NAME=VALUE", CLI_WORDS, NULL, 0, 0,
                               "an engine option for both sides, as setoption takes it (option.Iterations=200)", false},
    [SELFPLAY_GAMES] = {"games", CLI_COUNT, "N", 1, 1000000000,
                        "games in the whole run; game g is seeded from (K, g) alone", false},
    [SELFPLAY_SCENARIO] = {"scenario", CLI_TEXT, "1460|1470|1483|all", 0, 0, "(all: game g plays the (g mod 3)th)",
                           false},
    [SELFPLAY_SEED] = {"seed", CLI_SEED, "K", 0, 0, "the run's seed", false},
    [SELFPLAY_OUT] = {"out", CLI_FILE, "FILE", 0, 0,
                      "the positions, one a line (FILE.tmp until done; FILE.gz through gzip)", false},
    [SELFPLAY_CONCURRENCY] = {"concurrency", CLI_COUNT, "C", 1, SELFPLAY_MAX_CONCURRENCY,
                              "play C games at once, 1 to 64 (default 1; the file is the same whatever C)", false},
    [SELFPLAY_SHARD] = {"shard", CLI_TEXT, "I/N", 0, 0,
                        "play only the Ith of N blocks of games, 0 <= I < N (files concatenate)", false},
    [SELFPLAY_SAMPLE_EVERY] = {"sample-every", CLI_COUNT, "K", 1, SELFPLAY_MAX_EVERY,
                               "keep one position in K on average (default 1: every one)", false},
    [SELFPLAY_RECORD_VISITS] = {"record-visits", CLI_FLAG, NULL, 0, 0,
                                "add the search's visits of every legal decision at the root", false},
    {0}};

static int command_selfplay(int argc, char **argv);
const struct cli_command CLI_SELFPLAY = {"selfplay",
                                         "",
                                         "play the engine against itself and write labelled positions for the tuners",
                                         "docs/selfplay.md; progress on stderr every 10 s",
                                         SELFPLAY_OPTIONS,
                                         NULL,
                                         command_selfplay};

/* One argument; false after the usage error. */
static bool take_selfplay(void *context, const struct cli_argument *a)
{
    struct selfplay_command *c = context;
    struct selfplay_options *o = &c->run;
    if (!a->option) {
        if (strncmp(a->text, "option.", 7) != 0)
            return cli_usage_error("selfplay: unexpected argument '%s' (engine options are option.NAME=VALUE)",
                                   a->text),
                   false;
        return cli_engine_option("selfplay", a->text, &c->values, &c->options);
    }
    switch (a->option - SELFPLAY_OPTIONS) {
    case SELFPLAY_GAMES: c->given_games = true, o->games = (long)a->number; break;
    case SELFPLAY_SCENARIO: c->given_scenario = true; return read_scenario(a->text, &o->setup.scenario);
    case SELFPLAY_SEED: c->given_seed = true, o->setup.seed = (uint64_t)a->number; break;
    case SELFPLAY_OUT: o->out = a->text; break;
    case SELFPLAY_CONCURRENCY: o->concurrency = (int)a->number; break;
    case SELFPLAY_SHARD: return cli_shard("selfplay", a->text, &o->shard, &o->shards);
    case SELFPLAY_SAMPLE_EVERY: o->setup.sample_every = (long)a->number; break;
    default: o->setup.record_visits = true; break;
    }
    return true;
}

/* What must be given, and what goes together. */
static int check_options(const struct selfplay_command *c)
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

static int command_selfplay(int argc, char **argv)
{
    struct selfplay_command c = {.run = {.concurrency = 1, .shards = 1, .setup = {.sample_every = 1}}};
    char header[HEADER_MAX];
    options_default(&c.values);
    strbuf_init(&c.options, c.options_text, sizeof c.options_text);
    int status = cli_parse(&CLI_SELFPLAY, argc, argv, take_selfplay, &c);
    if (status)
        return status;
    options_player(&c.values, &c.player);
    status = check_options(&c);
    if (status)
        return status;
    c.run.setup.player = &c.player;
    c.run.setup.player_seed = (uint64_t)c.values.value[OPTION_SEED];
    write_header(&c, header, sizeof header);
    c.run.header = header;
    return selfplay_run(&c.run, stderr);
}
