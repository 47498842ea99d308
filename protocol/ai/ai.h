/*
 * ai.h: the r3 line protocol (docs/protocol.md), spoken on stdin and
 * stdout when r3 runs with no command. A host (a GUI, or the referee) sends
 * the engine's side's observations; the engine keeps its belief from them
 * alone and answers "go" with "bestmove".
 */
#ifndef R3_AI_H
#define R3_AI_H

#include <stdio.h>

/* Runs the command loop until "quit" or the end of input; returns the exit status (0). */
int ai_run(FILE *in, FILE *out);

#endif
