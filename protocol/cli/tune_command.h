/*
 * tune_command.h: r3 tune, the weight tuners' command line. r3 tune eval fits
 * the evaluation's weights to labelled positions (docs/tuning.md); the word
 * after tune picks the tuner, so that others (r3 tune policy) can join it.
 */
#ifndef R3_TUNE_COMMAND_H
#define R3_TUNE_COMMAND_H

/* r3 tune TUNER [OPTIONS]: 0, 1 on bad data or a failed fit, 2 on bad usage,
 * 130 when interrupted (nothing written). */
int command_tune(int argc, char **argv);

#endif
