/*
 * play_command.c: see play_command.h.
 */
/* gnulib's unistd.h wants its configuration first. */
#include <config.h>

#include "protocol/cli/play_command.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "protocol/cli/cli.h"
#include "protocol/host/play.h"
#include "search/driver.h"

enum { PLAY_SCENARIO, PLAY_SIDE, PLAY_SEED, PLAY_LEVEL, PLAY_THINK, PLAY_PACE, PLAY_LOAD, PLAY_VERBOSE };
static const struct cli_option PLAY_OPTIONS[] = {
    [PLAY_SCENARIO] = {"scenario", CLI_SCENARIO, "YEAR", 0, 0, "the scenario: 1460, 1470 or 1483", false},
    [PLAY_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0, "the side you play; r3 plays the other", false},
    [PLAY_SEED] = {"seed", CLI_SEED, "S", 0, 0,
                   "the seed of the deals, the dice and the engine, to play a game again\n"
                   "(default: a secret one, never shown, so the engine's hand stays hidden)",
                   false},
    [PLAY_LEVEL] = {"level", CLI_COUNT, "N", 1, 10,
                    "r3's strength, 1 (weakest) to 10 (its full strength, the default):\n"
                    "a level thinks less and draws among its decent decisions",
                    false},
    [PLAY_THINK] = {"think", CLI_COUNT, "MS", 1, THINK_MOST_MS,
                    "r3 thinks at most MS milliseconds a decision (default: its level's budget)", false},
    [PLAY_PACE] = {"pace", CLI_COUNT, "MS", 0, THINK_LEAST_MS,
                   "r3 answers no decision it had a choice in sooner than MS milliseconds\n"
                   "(default 0: at once), so that its moves can be followed",
                   false},
    [PLAY_LOAD] = {"load", CLI_FILE, "FILE", 0, 0, "resume a game saved with s FILE (sides, seed and all)", false},
    [PLAY_VERBOSE] = {"verbose", CLI_FLAG, NULL, 0, 0,
                      "show the board's internals too: the information-set key, the phase's step", false},
    {"option NAME=VALUE", CLI_WORDS, NULL, 0, 0,
     "an option of the engine, as setoption takes it (option Iterations=2000)", false},
    {0}};

static int command_play(int argc, char **argv);
const struct cli_command CLI_PLAY = {"play",
                                     "",
                                     "play against r3 in the terminal: --scenario YEAR --side york|lancaster\n"
                                     "[--seed S] [--level N] [--think MS] [--pace MS] [option NAME=VALUE ...], or\n"
                                     "--load FILE (numbers choose; "
                                     "u undo, h hint, s FILE save, l FILE load, q quit)",
                                     NULL,
                                     PLAY_OPTIONS,
                                     NULL,
                                     command_play};

struct play_options {
    int year, side;
    long long seed; /* -1 until --seed */
    int level;      /* 0 until --level */
    long think;     /* 0 until --think */
    long pace;      /* -1 until --pace */
    const char *load;
    bool verbose;
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
        else if (which == PLAY_SEED)
            o->seed = a->number;
        else if (which == PLAY_LEVEL)
            o->level = (int)a->number;
        else if (which == PLAY_THINK)
            o->think = a->number;
        else if (which == PLAY_PACE)
            o->pace = a->number;
        else if (which == PLAY_LOAD)
            o->load = a->text;
        else
            o->verbose = true;
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

/* The host's "new ..." for a fresh game, and what the person is told. */
static int new_game(struct play_options *o)
{
    char command[2300], greeting[300];
    bool chosen = o->seed >= 0;
    char level[16] = "", again[80] = "", think[48] = "", seed[32] = ""; /* the host's words, and r3 play's */
    int n = 0, m = 0;
    if (o->level) {
        snprintf(level, sizeof level, " level %d", o->level);
        m += snprintf(again + m, sizeof again - (size_t)m, " --level %d", o->level);
    }
    if (o->think) {
        n += snprintf(think + n, sizeof think - (size_t)n, " think %ld", o->think);
        m += snprintf(again + m, sizeof again - (size_t)m, " --think %ld", o->think);
    }
    if (o->pace >= 0) {
        snprintf(think + n, sizeof think - (size_t)n, " pace %ld", o->pace);
        snprintf(again + m, sizeof again - (size_t)m, " --pace %ld", o->pace);
    }
    if (chosen)
        snprintf(seed, sizeof seed, " seed %lld", o->seed);
    snprintf(command, sizeof command, "new scenario %d york %s lancaster %s%s%s%s%s", o->year,
             o->side == 0 ? "human" : "engine", o->side == 0 ? "engine" : "human", seed, level, think, o->extra);
    int n0 = snprintf(greeting, sizeof greeting, "r3 play: %d, you are %s. The engine plays the other side.\n", o->year,
                      o->side == 0 ? "York" : "Lancaster");
    /* Without --seed the host draws a secret one: a seed printed would let
     * another r3 deal the same game and show the engine's hand. */
    if (chosen)
        snprintf(greeting + n0, sizeof greeting - (size_t)n0,
                 "Seed %lld: r3 play --scenario %d --side %s --seed %lld%s plays this game again.", o->seed, o->year,
                 o->side == 0 ? "york" : "lancaster", o->seed, again);
    else
        snprintf(greeting + n0, sizeof greeting - (size_t)n0,
                 "A secret seed deals this game; --seed S deals one you can play again.");
    return play_session(command, greeting, o->verbose);
}

static int command_play(int argc, char **argv)
{
    struct play_options o = {.seed = -1, .pace = -1};
    int status = cli_parse(&CLI_PLAY, argc, argv, take_play, &o);
    if (status)
        return status;
    if (o.option_next)
        return cli_usage_error("play: expected 'option NAME=VALUE', not '%s'", "option");
    if (o.load && (o.year || o.seed >= 0 || o.level || o.think || o.pace >= 0 || o.extra[0]))
        return cli_usage_error("play: --load FILE resumes a saved game as it was: no --scenario, --seed, --level, "
                               "--think, --pace or option%s",
                               "");
    if (o.load) {
        char command[PATH_MAX + 16], greeting[PATH_MAX + 64];
        snprintf(command, sizeof command, "load \"%s\"", o.load);
        snprintf(greeting, sizeof greeting, "r3 play: resuming %s.", o.load);
        return play_session(command, greeting, o.verbose);
    }
    if (o.year == 0)
        return cli_usage_error("play: --scenario must be 1460, 1470 or 1483%s", "");
    return new_game(&o);
}
