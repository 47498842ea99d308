/*
 * quality_card_command.c: see quality_card_command.h. Both sides are set by
 * engine option words, option.NAME=VALUE, as r3 selfplay's; --iterations
 * is the option Iterations, given its own short default so that a run fits
 * a small machine.
 */
#include "protocol/cli/quality_card_command.h"

#include <stdio.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/io/strbuf.h"
#include "protocol/ai/options.h"
#include "protocol/cli/cli.h"
#include "tuning/quality/card_report.h"
#include "tuning/quality/pool.h"
#include "tuning/selfplay/selfplay_plan.h"

#define CARD_DEFAULT_PAIRS 6
#define CARD_DEFAULT_ITERATIONS 300

struct card_command {
    struct card_report_options run;
    struct option_values values;
    struct player player;
    long iterations;
    struct strbuf options; /* the option.NAME=VALUE words, for the report */
    char options_text[4096];
    char player_text[4200];
};

enum { CARD_OPTION_WORDS, CARD_GAMES, CARD_SCENARIO, CARD_SEED, CARD_ITERATIONS, CARD_SHOW, CARD_CONCURRENCY };
static const struct cli_option CARD_OPTIONS[] = {
    [CARD_OPTION_WORDS] = {"option.NAME=VALUE", CLI_WORDS, NULL, 0, 0,
                           "an engine option of both sides, as setoption takes it (option.Hash=16)", false},
    [CARD_GAMES] = {"games", CLI_COUNT, "N", 1, 1000000,
                    "game pairs, each played shown and not shown (default 6); pair g's peeker is York for even "
                    "g/3, Lancaster for odd",
                    false},
    [CARD_SCENARIO] = {"scenario", CLI_TEXT, "1460|1470|1483|all", 0, 0, "(default all: pair g plays the (g mod 3)th)",
                       false},
    [CARD_SEED] = {"seed", CLI_SEED, "K", 0, 0, "the run's seed, as r3 selfplay's (default 1)", false},
    [CARD_ITERATIONS] = {"iterations", CLI_COUNT, "N", 1, 1000000000,
                         "the search's iterations for each decision, the option Iterations (default 300)", false},
    [CARD_SHOW] = {"show", CLI_TEXT, "strategy|card", 0, 0,
                   "what the peeker is shown where r3 plays a mixed card (MixedCard): the strategy r3 draws its "
                   "card from (default), or the card drawn; a pure card is shown as it is",
                   false},
    [CARD_CONCURRENCY] = {"concurrency", CLI_COUNT, "C", 1, POOL_MAX_WORKERS,
                          "play C pairs at once, 1 to 64 (default 1; the report is the same whatever C)", false},
    {0}};

static int command_quality_card(int argc, char **argv);
const struct cli_command CLI_QUALITY_CARD = {
    "quality-card",
    "",
    "what r3's card gives away: the win rate of an engine shown r3's card before choosing its own, less the "
    "same engine's not shown it",
    "docs/quality.md; progress on stderr every 10 s",
    CARD_OPTIONS,
    NULL,
    command_quality_card};

static bool read_scenario(const char *text, int *out)
{
    if (strcmp(text, "all") == 0)
        return *out = SELFPLAY_ALL_SCENARIOS, true;
    if ((*out = cli_scenario(text)) < 0)
        return cli_usage_error("quality-card: unknown scenario '%s' (1460, 1470, 1483 or all)", text), false;
    return true;
}

static bool take_card(void *context, const struct cli_argument *a)
{
    struct card_command *c = context;
    if (!a->option) {
        if (strncmp(a->text, "option.", 7) != 0)
            return cli_usage_error("quality-card: unexpected argument '%s' (engine options are option.NAME=VALUE)",
                                   a->text),
                   false;
        return cli_engine_option("quality-card", a->text, &c->values, &c->options);
    }
    switch (a->option - CARD_OPTIONS) {
    case CARD_GAMES: c->run.pairs = (long)a->number; break;
    case CARD_SCENARIO: return read_scenario(a->text, &c->run.setup.scenario);
    case CARD_SEED: c->run.setup.seed = (uint64_t)a->number; break;
    case CARD_ITERATIONS: c->iterations = (long)a->number; break;
    case CARD_SHOW:
        if (strcmp(a->text, "card") != 0 && strcmp(a->text, "strategy") != 0)
            return cli_usage_error("quality-card: --show '%s' is neither strategy nor card", a->text), false;
        c->run.setup.show_card = strcmp(a->text, "card") == 0;
        break;
    default: c->run.concurrency = (int)a->number; break;
    }
    return true;
}

static int command_quality_card(int argc, char **argv)
{
    struct card_command c = {.run = {.pairs = CARD_DEFAULT_PAIRS,
                                     .concurrency = 1,
                                     .setup = {.seed = 1, .scenario = SELFPLAY_ALL_SCENARIOS}},
                             .iterations = CARD_DEFAULT_ITERATIONS};
    options_default(&c.values);
    strbuf_init(&c.options, c.options_text, sizeof c.options_text);
    int status = cli_parse(&CLI_QUALITY_CARD, argc, argv, take_card, &c);
    if (status)
        return status;
    if (strbuf_overflowed(&c.options))
        return cli_usage_error("%s", "quality-card: too many option.NAME=VALUE words");
    c.values.value[OPTION_ITERATIONS] = c.iterations;
    options_player(&c.values, &c.player);
    if (c.player.kind != PLAYER_ISMCTS)
        return cli_usage_error("%s", "quality-card: the peek is the ismcts player's (option.Player=ismcts)");
    snprintf(c.player_text, sizeof c.player_text, "Iterations %ld%s; shown: %s", c.iterations,
             c.options.length ? c.options_text : "", c.run.setup.show_card ? "the card" : "the strategy");
    c.run.setup.player = &c.player;
    c.run.setup.player_seed = (uint64_t)c.values.value[OPTION_SEED];
    c.run.player_text = c.player_text;
    return card_report_run(&c.run, stdout, stderr);
}
