/*
 * match_command.h: r3 match, the command line of the referee and match runner;
 * r3 match-merge, one report over several runs' results; r3 replay.
 */
#ifndef R3_MATCH_COMMAND_H
#define R3_MATCH_COMMAND_H

#include <stdbool.h>

#include "protocol/cli/command_line.h"
#include "tuning/arena/match.h"

extern const struct cli_command CLI_MATCH, CLI_MATCH_MERGE, CLI_REPLAY;

/* The settings of the games that r3 match and r3 tune spsa share, as rows
 * of their options (protocol/cli/command_line.h), and their number. */
/* A row a line, as clang-format would not lay a macro out. */
/* clang-format off */
#define MATCH_SETTINGS                                                                                        \
    {"concurrency", CLI_COUNT, "C", 1, MATCH_MAX_CONCURRENCY,                                                 \
     "play C games at once, 1 to 64 (default 1; game g is the same game whatever C)", false},                 \
    {"scenario", CLI_TEXT, "1460|1470|1483|all", 0, 0, "(default all: pair p plays the (p mod 3)th)", false}, \
    {"seed", CLI_SEED, "K", 0, 0, "the first pair's seed (default 1); pair p plays K + p", false},            \
    {"tc", CLI_TEXT, "S+INC|movetime=MS|nodes=N|none", 0, 0,                                                  \
     "a game clock of S seconds a side and INC more after each decision\n"                                    \
     "(60+0.5; a side out of time loses), or the limit sent with each go\n"                                   \
     "(default none: a bare go, and each engine searches its own budget)", false},                            \
    {"timeout", CLI_COUNT, "MS", 1, 86400000,                                                                 \
     "under nodes or none, an engine that has not answered a go\n"                                            \
     "within MS + 2000 ms has hung (default 10000)", false}
/* clang-format on */
#define MATCH_SETTINGS_COUNT 5 /* its rows */

/* For r3 tune spsa, which takes an engine and a match's settings as r3 match
 * does: one word after --engine into e, and the checks once its words are
 * all read; false after the usage error (naming 'command') is printed. */
bool match_engine_word(const char *command, char *word, struct engine_spec *e);
bool match_engine_done(const char *command, struct engine_spec *e);

/* One of the settings (--games, --seed, --scenario, --tc, --timeout,
 * --concurrency, --shard, --out) into o; false after the usage error. */
bool match_take_setting(const struct cli_argument *a, struct match_options *o);

#endif
