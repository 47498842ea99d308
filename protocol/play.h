/*
 * play.h: r3 play, a person against r3 in the terminal. It is a client of
 * r3 host (protocol/host.h), run on a thread of its own in the same process:
 * what it shows is what the host tells the human side, and every decision it
 * takes is one the host listed.
 */
#ifndef R3_PLAY_H
#define R3_PLAY_H

/* r3 play --scenario YEAR --side york|lancaster [--seed S] [option NAME=VALUE ...] */
int command_play(int argc, char **argv);

#endif
