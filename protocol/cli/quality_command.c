/*
 * quality_command.c: see quality_command.h. The player is set by engine
 * option words, option.NAME=VALUE, as r3 selfplay's; every mistake on the
 * command line and in the suite file is found before a search is made.
 */
#include "protocol/cli/quality_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/io/strbuf.h"
#include "protocol/ai/options.h"
#include "protocol/ai/version.h"
#include "protocol/cli/cli.h"
#include "tuning/quality/figures.h"
#include "tuning/quality/pool.h"
#include "tuning/quality/quality.h"
#include "tuning/quality/reference.h"

#define QUALITY_SUITE "tuning/quality/suite.tsv.gz"

/* ---- r3 quality ---- */

struct quality_command {
    struct quality_options run;
    struct option_values values;
    struct player player;
    const char *suite_path;
    char player_text[4200];          /* the player, as the report names it */
    struct quality_figures *against; /* --against FILE's figures, SUITE_MAX_POSITIONS of them (large) */
    char against_player[4200];       /* the player --against FILE names */
    struct strbuf options;           /* the option.NAME=VALUE words, for the report */
    char options_text[4096];
};

enum {
    QUALITY_OPTION_WORDS,
    QUALITY_SUITE_PATH,
    QUALITY_SEEDS,
    QUALITY_SEED,
    QUALITY_MOVETIME,
    QUALITY_CONCURRENCY,
    QUALITY_SAVE,
    QUALITY_AGAINST
};
static const struct cli_option QUALITY_OPTIONS[] = {
    [QUALITY_OPTION_WORDS] = {"option.NAME=VALUE", CLI_WORDS, NULL, 0, 0,
                              "an engine option of the player, as setoption takes it (option.Iterations=500)", false},
    [QUALITY_SUITE_PATH] = {"suite", CLI_FILE, "FILE", 0, 0, "the suite (default " QUALITY_SUITE ")", false},
    [QUALITY_SEEDS] = {"seeds", CLI_COUNT, "S", 1, QUALITY_MAX_SEEDS,
                       "search each position S times, seeds K to K+S-1 (default 2; 2 or more give the seed "
                       "agreement)",
                       false},
    [QUALITY_SEED] = {"seed", CLI_SEED, "K", 0, 0, "the first search seed (default 1)", false},
    [QUALITY_MOVETIME] = {"movetime", CLI_COUNT, "MS", 1, 3600000,
                          "search each position MS milliseconds (default: the player's own budget, as a bare go)",
                          false},
    [QUALITY_CONCURRENCY] = {"concurrency", CLI_COUNT, "C", 1, POOL_MAX_WORKERS,
                             "search C positions at once, 1 to 64 (default 1; the figures do not depend on C)", false},
    [QUALITY_SAVE] = {"save", CLI_FILE, "FILE", 0, 0, "write each position's figures there, for a later --against",
                      false},
    [QUALITY_AGAINST] = {"against", CLI_FILE, "FILE", 0, 0,
                         "also report the differences with the figures --save wrote, paired position by position",
                         false},
    {0}};

static int command_quality(int argc, char **argv);
const struct cli_command CLI_QUALITY = {
    "quality",
    "",
    "grade a player's decisions on the decision-quality suite: top-1, regret, seed agreement",
    "docs/quality.md; progress on stderr every 10 s",
    QUALITY_OPTIONS,
    NULL,
    command_quality};

static bool take_quality(void *context, const struct cli_argument *a)
{
    struct quality_command *c = context;
    if (!a->option) {
        if (strncmp(a->text, "option.", 7) != 0)
            return cli_usage_error("quality: unexpected argument '%s' (engine options are option.NAME=VALUE)", a->text),
                   false;
        return cli_engine_option("quality", a->text, &c->values, &c->options);
    }
    switch (a->option - QUALITY_OPTIONS) {
    case QUALITY_SUITE_PATH: c->suite_path = a->text; break;
    case QUALITY_SEEDS: c->run.seeds = (int)a->number; break;
    case QUALITY_SEED: c->run.seed = (uint64_t)a->number; break;
    case QUALITY_MOVETIME: c->run.movetime_ms = (long)a->number; break;
    case QUALITY_CONCURRENCY: c->run.concurrency = (int)a->number; break;
    case QUALITY_SAVE: c->run.save = a->text; break;
    default: c->run.against_path = a->text; break;
    }
    return true;
}

/* --against FILE's figures, read for the suite; false after the message. */
static bool read_against(struct quality_command *c, const struct suite *suite)
{
    char why[2000];
    if (!(c->against = calloc(SUITE_MAX_POSITIONS, sizeof *c->against))) {
        fputs("r3: quality: no memory for the --against figures\n", stderr);
        return false;
    }
    if (!figures_read(c->run.against_path, suite, c->against, c->against_player, sizeof c->against_player, why,
                      sizeof why)) {
        fprintf(stderr, "r3: quality: %s\n", why);
        return false;
    }
    c->run.against = c->against;
    c->run.against_player = c->against_player;
    return true;
}

static int command_quality(int argc, char **argv)
{
    struct quality_command c = {.run = {.seeds = 2, .seed = 1, .concurrency = 1}, .suite_path = QUALITY_SUITE};
    struct suite suite;
    char why[2000];
    options_default(&c.values);
    strbuf_init(&c.options, c.options_text, sizeof c.options_text);
    int status = cli_parse(&CLI_QUALITY, argc, argv, take_quality, &c);
    if (status)
        return status;
    if (strbuf_overflowed(&c.options))
        return cli_usage_error("%s", "quality: too many option.NAME=VALUE words");
    options_player(&c.values, &c.player);
    if (!suite_read(c.suite_path, &suite, why, sizeof why)) {
        fprintf(stderr, "r3: quality: %s\n", why);
        return 1;
    }
    if (c.run.against_path && !read_against(&c, &suite)) {
        free(c.against);
        suite_free(&suite);
        return 1;
    }
    snprintf(c.player_text, sizeof c.player_text, "%s",
             c.options.length ? c.options_text + 1 : "the engine's defaults");
    c.run.suite = &suite;
    c.run.suite_path = c.suite_path;
    c.run.player = &c.player;
    c.run.player_text = c.player_text;
    status = quality_run(&c.run, stdout, stderr);
    free(c.against);
    suite_free(&suite);
    return status;
}

/* ---- r3 quality-reference ---- */

struct reference_command {
    struct reference_options run;
    bool given_positions, given_out;
    char made_by[512];
};

enum {
    REFERENCE_POSITIONS,
    REFERENCE_OUT,
    REFERENCE_ROLLOUTS,
    REFERENCE_PER_CELL,
    REFERENCE_SEED,
    REFERENCE_SHARD,
    REFERENCE_CONCURRENCY,
    REFERENCE_COMMIT,
    REFERENCE_MIN_Z
};
static const struct cli_option REFERENCE_OPTIONS[] = {
    [REFERENCE_POSITIONS] = {"positions", CLI_FILE, "FILE", 0, 0, "the r3 selfplay file to take the positions from",
                             false},
    [REFERENCE_OUT] = {"out", CLI_FILE, "FILE", 0, 0, "the suite file to write (FILE.tmp until done)", false},
    [REFERENCE_ROLLOUTS] = {"rollouts", CLI_COUNT, "R", 2, 1000000,
                            "games played on to the end after each decision (default 2000)", false},
    [REFERENCE_PER_CELL] = {"per-cell", CLI_COUNT, "N", 1, SUITE_MAX_POSITIONS,
                            "positions for each scenario and phase (default 250)", false},
    [REFERENCE_SEED] = {"seed", CLI_SEED, "K", 0, 0, "the seed of the picking and of the rollouts (default 1)", false},
    [REFERENCE_SHARD] = {"shard", CLI_TEXT, "I/N", 0, 0,
                         "make only the Ith of N blocks of the positions, 0 <= I < N (files concatenate)", false},
    [REFERENCE_CONCURRENCY] = {"concurrency", CLI_COUNT, "C", 1, POOL_MAX_WORKERS,
                               "C positions at once, 1 to 64 (default 1; the file does not depend on C)", false},
    [REFERENCE_COMMIT] = {"commit", CLI_TEXT, "ID", 0, 0,
                          "the commit r3 was built from, named in the file's header (make quality-suite gives it)",
                          false},
    [REFERENCE_MIN_Z] = {"min-z", CLI_COUNT, "Z", 0, 100,
                         "write a position only if some decision is Z standard errors below the best (default 3)",
                         false},
    {0}};

static int command_reference(int argc, char **argv);
const struct cli_command CLI_QUALITY_REFERENCE = {
    "quality-reference",
    "",
    "make the decision-quality suite: positions from r3 selfplay, every decision valued by rollouts to the end",
    "docs/quality.md; progress on stderr every 10 s",
    REFERENCE_OPTIONS,
    NULL,
    command_reference};

static bool take_reference(void *context, const struct cli_argument *a)
{
    struct reference_command *c = context;
    struct reference_options *o = &c->run;
    if (!a->option)
        return cli_usage_error("quality-reference: unexpected argument '%s'", a->text), false;
    switch (a->option - REFERENCE_OPTIONS) {
    case REFERENCE_POSITIONS: o->positions = a->text; break;
    case REFERENCE_OUT: o->out = a->text; break;
    case REFERENCE_ROLLOUTS: o->rollouts = (long)a->number; break;
    case REFERENCE_PER_CELL: o->per_cell = (int)a->number; break;
    case REFERENCE_SEED: o->seed = (uint64_t)a->number; break;
    case REFERENCE_SHARD: return cli_shard("quality-reference", a->text, &o->shard, &o->shards);
    case REFERENCE_CONCURRENCY: o->concurrency = (int)a->number; break;
    case REFERENCE_MIN_Z: o->min_z = (double)a->number; break;
    default:
        snprintf(c->made_by, sizeof c->made_by, "r3 %s, commit %.40s", R3_VERSION, a->text);
        if (strpbrk(a->text, "\t\n\r"))
            return cli_usage_error("quality-reference: --commit '%s' holds a tab or a line break", a->text), false;
        break;
    }
    return true;
}

static int command_reference(int argc, char **argv)
{
    struct reference_command c = {
        .run = {.rollouts = 2000, .per_cell = 250, .min_z = 3, .seed = 1, .shards = 1, .concurrency = 1}};
    int status = cli_parse(&CLI_QUALITY_REFERENCE, argc, argv, take_reference, &c);
    if (status)
        return status;
    if (!c.run.positions || !c.run.out || !*c.run.out)
        return cli_usage_error("%s", "quality-reference needs --positions FILE (from r3 selfplay) and --out FILE");
    if (!*c.made_by)
        snprintf(c.made_by, sizeof c.made_by, "r3 %s, commit not given", R3_VERSION);
    char *end = c.made_by + strlen(c.made_by);
    snprintf(end, sizeof c.made_by - (size_t)(end - c.made_by),
             "; %ld rollouts a decision, %d positions a cell, seed %llu, min-z %g", c.run.rollouts, c.run.per_cell,
             (unsigned long long)c.run.seed, c.run.min_z);
    c.run.made_by = c.made_by;
    return reference_run(&c.run, stderr);
}
