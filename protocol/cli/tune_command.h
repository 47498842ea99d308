/*
 * tune_command.h: r3 tune, the weight tuners' command line. r3 tune eval fits
 * the evaluation's weights to labelled positions (docs/tuning.md); r3 tune
 * policy the playout policy's to the search's visits.
 */
#ifndef R3_TUNE_COMMAND_H
#define R3_TUNE_COMMAND_H

#include "protocol/cli/command_line.h"

/* r3 tune eval and r3 tune policy: 0, 1 on bad data or a failed fit, 2 on
 * bad usage, 130 when interrupted (nothing written). */
extern const struct cli_command CLI_TUNE_EVAL, CLI_TUNE_POLICY, CLI_TUNE_VALUE;

#endif
