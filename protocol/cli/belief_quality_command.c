/*
 * belief_quality_command.c: see belief_quality_command.h.
 */
#include "protocol/cli/belief_quality_command.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "protocol/cli/cli.h"
#include "tuning/quality/belief_quality.h"

enum {
    BQ_SCENARIO,
    BQ_GAMES,
    BQ_SEED,
    BQ_ITERATIONS,
    BQ_EVERY,
    BQ_DRAWS,
    BQ_INFER_DRAWS,
    BQ_POWER,
    BQ_RECRUIT_POWER,
    BQ_SURPRISE
};
static const struct cli_option BQ_OPTIONS[] = {
    [BQ_SCENARIO] = {"scenario", CLI_SCENARIO, "YEAR", 0, 0, "1460, 1470 or 1483 (default: all three)", false},
    [BQ_GAMES] = {"games", CLI_COUNT, "N", 1, 100000, "games of each scenario (default 4)", false},
    [BQ_SEED] = {"seed", CLI_SEED, "K", 0, 0, "the seed of the games' deals, dice and searches (default 1)", false},
    [BQ_ITERATIONS] = {"iterations", CLI_COUNT, "N", 1, 10000000,
                       "the players' search a decision, both sides (default 200)", false},
    [BQ_EVERY] = {"every", CLI_COUNT, "N", 1, 100000, "read the beliefs every N transitions (default 10)", false},
    [BQ_DRAWS] = {"draws", CLI_COUNT, "N", 16, 1000000, "worlds the marginals count at a reading (default 256)", false},
    [BQ_INFER_DRAWS] = {"infer-draws", CLI_COUNT, "N", 1, 1000,
                        "the inference's worlds a candidate block (default: the engine's)", false},
    [BQ_POWER] = {"power", CLI_TEXT, "P", 0, 0,
                  "the inference's likelihood raised to P, 0 to 4 (default: the engine's)", false},
    [BQ_RECRUIT_POWER] = {"recruit-power", CLI_TEXT, "P", 0, 0,
                          "the same for an unseen recruit's block, 0 to 4 (default: the engine's)", false},
    [BQ_SURPRISE] = {"surprise", CLI_TEXT, "S", 0, 0,
                     "the share of the enemy's decisions the inference's model leaves to chance, 0 to 1 (default: "
                     "the engine's)",
                     false},
    {0}};

static int command_belief_quality(int argc, char **argv);
const struct cli_command CLI_QUALITY_BELIEF = {
    "quality-belief",
    "",
    "how many bits a side's belief needs for the enemy's face-down blocks, with the inference from its choices "
    "and without",
    "docs/quality.md; progress on stderr after each game",
    BQ_OPTIONS,
    NULL,
    command_belief_quality};

static bool take_option(void *context, const struct cli_argument *a)
{
    struct belief_quality_options *o = context;
    if (!a->option)
        return cli_usage_error("quality-belief: unexpected argument '%s'", a->text), false;
    switch (a->option - BQ_OPTIONS) {
    case BQ_SCENARIO: o->scenario = cli_scenario(a->text); break;
    case BQ_GAMES: o->games = (int)a->number; break;
    case BQ_SEED: o->seed = (uint64_t)a->number; break;
    case BQ_ITERATIONS: o->iterations = (long)a->number; break;
    case BQ_EVERY: o->every = (int)a->number; break;
    case BQ_DRAWS: o->draws = (int)a->number; break;
    case BQ_INFER_DRAWS: o->inference.draws = (int)a->number; break;
    case BQ_RECRUIT_POWER:
        if (!number_decimal(a->text, 0, 4, &o->inference.recruit_power))
            return cli_usage_error("quality-belief: --recruit-power '%s' is not a number from 0 to 4", a->text), false;
        break;
    case BQ_SURPRISE:
        if (!number_decimal(a->text, 0, 1, &o->inference.surprise))
            return cli_usage_error("quality-belief: --surprise '%s' is not a number from 0 to 1", a->text), false;
        break;
    default:
        if (!number_decimal(a->text, 0, 4, &o->inference.power))
            return cli_usage_error("quality-belief: --power '%s' is not a number from 0 to 4", a->text), false;
        break;
    }
    return true;
}

static int command_belief_quality(int argc, char **argv)
{
    struct belief_quality_options o = {.scenario = -1,
                                       .games = 4,
                                       .seed = 1,
                                       .iterations = 200,
                                       .every = 10,
                                       .draws = 256,
                                       .inference = INFERENCE_DEFAULT};
    char why[400];
    int status = cli_parse(&CLI_QUALITY_BELIEF, argc, argv, take_option, &o);
    if (status)
        return status;
    struct belief_quality *q = malloc(sizeof *q);
    if (!q || !belief_quality_run(&o, q, true, why, sizeof why)) {
        fprintf(stderr, "r3: quality-belief: %s\n", q ? why : "no memory for the counts");
        free(q);
        return 1;
    }
    belief_quality_print(&o, q, stdout);
    free(q);
    return 0;
}
