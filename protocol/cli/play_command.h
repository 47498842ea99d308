/*
 * play_command.h: r3 play's command line; the game itself is protocol/host/play.h.
 */
#ifndef R3_PLAY_COMMAND_H
#define R3_PLAY_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_PLAY;

/* r3 play --scenario YEAR --side york|lancaster [--seed S] [option NAME=VALUE ...] */

#endif
