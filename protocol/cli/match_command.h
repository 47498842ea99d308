/*
 * match_command.h: r3 match, the command line of the referee and match runner;
 * r3 match-merge, one report over several runs' results; r3 replay.
 */
#ifndef R3_MATCH_COMMAND_H
#define R3_MATCH_COMMAND_H

#include <stdbool.h>

#include "tuning/arena/match.h"

int command_match(int argc, char **argv);
int command_replay(int argc, char **argv);
int command_match_merge(int argc, char **argv);

/* For r3 tune spsa, which takes an engine and a match's settings as r3 match
 * does. The words after --engine from argv[i] into e: the index after them,
 * or -1 after the usage error (naming 'command') is printed. */
int match_read_engine(const char *command, char **argv, int argc, int i, struct engine_spec *e);

/* One of match's options with its value (--games, --seed, --scenario, --tc,
 * --timeout, --concurrency, --shard, --out) into o; false after the usage
 * error is printed. */
bool match_read_valued(const char *name, const char *value, struct match_options *o);

#endif
