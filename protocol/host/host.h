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

struct host_settings {
    /* r3 host --restricted (docs/web.md): it names no program and no file
     * for its client, caps the engine's options, its searches and a line's
     * time, and takes lines at a bounded rate (protocol/host/restrict.h). */
    bool restricted;
    /* After an answer, input that rests this long (no line comes) closes the
     * host with a "bye idle" line; 0: it waits for ever; -1: a restricted
     * host's RESTRICT_IDLE_S, another's for ever. */
    long idle_s;
    /* A restricted host's bound on one line's answer, all the engine's
     * searches until the person's turn together (RESTRICT_LINE_MS if 0). */
    long line_ms;
};

/* Runs the command loop until "quit", the end of input or the idle time;
 * returns the exit status (0). */
int host_run(FILE *in, FILE *out, const struct host_settings *settings);

#endif
