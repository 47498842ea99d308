/*
 * narrate.h: the events of a game as sentences a person reads. Each event is
 * one observation line (docs/observations.md) as a side saw it; r3 play and
 * r3 replay --print show the game this way.
 */
#ifndef R3_NARRATE_H
#define R3_NARRATE_H

#include <stdio.h>

/* What the narration remembers between lines: the phase last named, since a
 * step within a phase is no news. */
struct narrator {
    char phase[64];
};

/* Writes the sentence for one observation that 'side' ("york" or
 * "lancaster") saw, indented, or nothing for one that is no news. */
void narrate(struct narrator *n, const char *side, const char *observation, FILE *out);

#endif
