/*
 * narrate.h: the events of a game as sentences a person reads. Each event is
 * one observation line (docs/observations.md) as a side saw it; r3 play and
 * r3 replay --print show the game this way.
 */
#ifndef R3_NARRATE_H
#define R3_NARRATE_H

#include <stdbool.h>
#include <stdio.h>

/* What the narration remembers between lines: the phase last named, since a
 * step within a phase is no news; the block firing and its dice so far, told
 * as one line once the dice are all seen; the block whose retreat or regroup
 * was told, so that its move is not told again; and how many lines it has
 * written. */
struct narrator {
    char phase[64];
    char firer[64], dice[128];
    char target[64]; /* a loyalty roll's target (treachery, Treason), told with its dice */
    char moved[64];
    long told;
};

/* Writes the sentence for one observation that 'side' ("york" or
 * "lancaster") saw, indented, or nothing for one that is no news or is told
 * with a later one. */
void narrate(struct narrator *n, const char *side, const char *observation, FILE *out);

/* The sentence of one observation alone, as r3 host writes it after an
 * event's keyword form ("event york move L:Beaumont Lincoln East-Anglia |
 * L:Beaumont goes from Lincoln to East-Anglia."): never empty, the
 * observation itself for a kind no sentence knows. */
void narrate_sentence(const char *observation, char *out, size_t size);

/* Writes what is still waiting to be told (a volley's last dice): at the end
 * of a batch of observations, before the person is asked anything. */
void narrate_end(struct narrator *n, FILE *out);

#endif
