/*
 * tune_policy_command.h: r3 tune policy (docs/tuning.md), which fits the
 * heuristic playout policy's weights to the search's visits in self-play
 * positions and writes a policy file for PolicyFile.
 */
#ifndef R3_TUNE_POLICY_COMMAND_H
#define R3_TUNE_POLICY_COMMAND_H

#include "protocol/cli/tune_cli.h"

/* Runs r3 tune policy with its options read: 0, 1 on bad data or a failed
 * fit, 130 when interrupted (nothing written). */
int tune_policy_command(struct tune_cli *o);

#endif
