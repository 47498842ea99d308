/*
 * selfplay_command.h: r3 selfplay, the command line of the self-play
 * position generator (docs/selfplay.md): the engine's options as
 * option.NAME=VALUE, read by the protocol's own table, into the player that
 * tuning/selfplay/selfplay.c runs on both sides.
 */
#ifndef R3_SELFPLAY_COMMAND_H
#define R3_SELFPLAY_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_SELFPLAY;

#endif
