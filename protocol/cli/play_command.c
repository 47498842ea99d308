/*
 * play_command.c: see play_command.h.
 */
#include "protocol/cli/play_command.h"

#include <stdio.h>
#include <string.h>

#include "protocol/cli/cli.h"
#include "protocol/host/play.h"

enum { PLAY_SCENARIO, PLAY_SIDE, PLAY_SEED };
static const struct cli_option PLAY_OPTIONS[] = {
    [PLAY_SCENARIO] = {"scenario", CLI_SCENARIO, "YEAR", 0, 0, "the scenario: 1460, 1470 or 1483", false},
    [PLAY_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0, "the side you play; r3 plays the other", false},
    [PLAY_SEED] = {"seed", CLI_SEED, "S", 0, 0, "the seed of the deals, the dice and the engine (default 1)", false},
    {"option NAME=VALUE", CLI_WORDS, NULL, 0, 0,
     "an option of the engine, as setoption takes it (option Iterations=2000)", false},
    {0}};

static int command_play(int argc, char **argv);
const struct cli_command CLI_PLAY = {"play",
                                     "",
                                     "play against r3 in the terminal: --scenario YEAR --side york|lancaster\n"
                                     "[--seed S] [option NAME=VALUE ...] (numbers choose; u undo, h hint,\n"
                                     "s FILE save, q quit)",
                                     NULL,
                                     PLAY_OPTIONS,
                                     NULL,
                                     command_play};

struct play_options {
    int year, side;
    long long seed;
    bool option_next; /* the word 'option' came, and its NAME=VALUE is due */
    char extra[2048]; /* " option NAME=VALUE" each, for the host's new */
};

static bool take_play(void *context, const struct cli_argument *a)
{
    struct play_options *o = context;
    if (a->option) {
        if (o->option_next)
            return cli_usage_error("play: expected 'option NAME=VALUE', not '%s'", "option"), false;
        int which = (int)(a->option - PLAY_OPTIONS);
        if (which == PLAY_SCENARIO)
            o->year = (int)a->number;
        else if (which == PLAY_SIDE)
            o->side = (int)a->number;
        else
            o->seed = a->number;
        return true;
    }
    if (!o->option_next && strcmp(a->text, "option") == 0)
        return o->option_next = true;
    if (!o->option_next)
        return cli_usage_error("play: expected 'option NAME=VALUE', not '%s'", a->text), false;
    size_t used = strlen(o->extra);
    snprintf(o->extra + used, sizeof o->extra - used, " option %s", a->text);
    o->option_next = false;
    return true;
}

static int command_play(int argc, char **argv)
{
    static struct play_options o;
    o = (struct play_options){.seed = 1};
    int status = cli_parse(&CLI_PLAY, argc, argv, take_play, &o);
    if (status)
        return status;
    if (o.option_next)
        return cli_usage_error("play: expected 'option NAME=VALUE', not '%s'", "option");
    if (o.year == 0)
        return cli_usage_error("play: --scenario must be 1460, 1470 or 1483%s", "");
    return play_session(o.year, o.side, o.seed, o.extra);
}
