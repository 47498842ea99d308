/*
 * apply_command.h: r3 apply, which plays decisions given on the command line
 * from a position and prints where they lead.
 */
#ifndef R3_APPLY_COMMAND_H
#define R3_APPLY_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_APPLY;

/* r3 apply (--position TEXT | --scenario YEAR) [--board] DECISION... */

#endif
