/*
 * belief_quality_command.h: r3 quality-belief, how many bits a side's
 * belief needs for the enemy's face-down blocks, with and without the
 * inference from the enemy's choices (tuning/quality/belief_quality.h,
 * docs/quality.md).
 */
#ifndef R3_BELIEF_QUALITY_COMMAND_H
#define R3_BELIEF_QUALITY_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_QUALITY_BELIEF;

#endif
