/*
 * host.h: r3 host, the game master as a line protocol (docs/host.md). It
 * holds the true game, deals and rolls, plays the engine side(s) in the
 * process, and tells a client only what its human side may see: "event"
 * lines, "tomove SIDE" when a human is to decide, "result SIDE HOW" at the
 * end. Every command is answered, in order, and its answer ends with one
 * line "ok" or "error CODE message".
 */
#ifndef R3_HOST_H
#define R3_HOST_H

#include <stdbool.h>
#include <stdio.h>

/* Runs the command loop until "quit" or the end of input; returns the exit
 * status (0). A restricted host (r3 host --restricted, docs/web.md) names no
 * program and no file for its client, caps the engine's options and its
 * searches, and takes lines at a bounded rate (protocol/host/restrict.h). */
int host_run(FILE *in, FILE *out, bool restricted);

#endif
