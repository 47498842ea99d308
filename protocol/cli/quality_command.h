/*
 * quality_command.h: r3 quality, a player graded on the decision-quality
 * suite, and r3 quality-reference, which makes the suite
 * (tuning/quality/, docs/quality.md).
 */
#ifndef R3_QUALITY_COMMAND_H
#define R3_QUALITY_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_QUALITY;
extern const struct cli_command CLI_QUALITY_REFERENCE;

#endif
