/*
 * play_command.h: r3 play's command line; the game itself is protocol/host/play.h.
 */
#ifndef R3_PLAY_COMMAND_H
#define R3_PLAY_COMMAND_H

/* r3 play --scenario YEAR --side york|lancaster [--seed S] [option NAME=VALUE ...] */
int command_play(int argc, char **argv);

#endif
