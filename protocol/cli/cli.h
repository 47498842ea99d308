/*
 * cli.h: what every r3 subcommand shares: usage errors in one style, whole
 * numbers from options, and loading the world a command works on. The
 * commands' options are read by protocol/cli/command_line.h.
 *
 * Exit status: 0 success, 1 bad input data (a position that does not parse),
 * 2 bad usage (unknown subcommand or option, missing argument).
 */
#ifndef R3_CLI_H
#define R3_CLI_H

#include <stdbool.h>

#include "engine/core/world.h"

/* Prints "r3: <fmt with what>" and the hint to --help; returns 2. */
int cli_usage_error(const char *fmt, const char *what);

/* Reports the option getopt_long stopped at, by its name as typed; returns 2. */
int cli_option_error(char **argv, int c);

/* A whole number from an option, within [min, max]; false after a usage error naming it. */
bool cli_option_number(const char *name, const char *text, long long min, long long max, long long *out);

/* The scenario of a year such as 1460, all of text; -1 for none. */
int cli_scenario(const char *text);

/* The world a command works on, as its options named it. */
struct world_options {
    const char *scenario, *position;
    bool flag; /* the command's own flag: apply --board */
};

/* The world named by --scenario YEAR or --position TEXT (exactly one is
 * non-NULL): 0, or the exit status after the error is printed. */
int cli_load_world(const char *scenario, const char *position, struct world *w);

/* Prints w on stdout as r3 show does: with text the one line of position
 * text, otherwise the readable board and its hash. */
void cli_print_world(const struct world *w, bool text);

/* --shard I/N with 0 <= I < N <= 10^6 (0-based, as r3 selfplay's); false
 * after a usage error naming the command. */
bool cli_shard(const char *command, const char *text, long *shard, long *shards);

/* An engine option word, option.NAME=VALUE, set into 'values' as setoption
 * would and added to 'given' (" option.NAME=VALUE"); false after a usage error
 * naming the command. */
struct option_values;
struct strbuf;
bool cli_engine_option(const char *command, const char *word, struct option_values *values, struct strbuf *given);

/* "york" or "lancaster" to a side, or -1 after a usage error. */
int cli_side(const char *text);

#endif
