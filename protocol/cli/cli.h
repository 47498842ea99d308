/*
 * cli.h: what every r3 subcommand shares: usage errors in one style, whole
 * numbers from options, and loading the world a command works on.
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

/* The options of a command about one world: --scenario YEAR, --position TEXT
 * and one flag of its own (show --text, apply --board). */
struct world_options {
    const char *scenario, *position;
    bool flag;
};

/* Scans argv afresh for those options, the flag named 'flag', permuting as
 * getopt_long does so that the other arguments end in argv[optind..]. Returns
 * 0, or 2 after an unknown option or one without its argument; what is left,
 * and that exactly one world is named, the command checks in its own words. */
int cli_world_options(int argc, char **argv, const char *flag, struct world_options *o);

/* The world named by --scenario YEAR or --position TEXT (exactly one is
 * non-NULL): 0, or the exit status after the error is printed. */
int cli_load_world(const char *scenario, const char *position, struct world *w);

/* Prints w on stdout as r3 show does: with text the one line of position
 * text, otherwise the readable board and its hash. */
void cli_print_world(const struct world *w, bool text);

/* "york" or "lancaster" to a side, or -1 after a usage error. */
int cli_side(const char *text);

#endif
