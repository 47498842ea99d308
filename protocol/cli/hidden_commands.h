/*
 * hidden_commands.h: the commands about hidden information (docs/knowledge.md):
 * r3 sample, r3 infokey and r3 observe.
 */
#ifndef R3_HIDDEN_COMMANDS_H
#define R3_HIDDEN_COMMANDS_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_SAMPLE;
extern const struct cli_command CLI_INFOKEY;
extern const struct cli_command CLI_OBSERVE;

#endif
