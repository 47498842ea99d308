/*
 * narrate.h: the events of a game as sentences a person reads. Each event is
 * one observation line (docs/observations.md) as a side saw it; r3 play and
 * r3 replay --print show the game this way.
 */
#ifndef R3_NARRATE_H
#define R3_NARRATE_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

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
    int hits, judged; /* of the volley's dice so far: hits, and dice whose sentence said hit or miss */
};

/* Writes the sentence for one observation that 'side' ("york" or
 * "lancaster") saw, indented, or nothing for one that is no news or is told
 * with a later one. The observation may carry the host's sentence after
 * " | " (as r3 host's events do); a die's sentence then counts the volley's
 * hits. */
void narrate(struct narrator *n, const char *side, const char *observation, FILE *out);

/* The sentence of one observation alone, as r3 host writes it after an
 * event's keyword form ("event york move L:Beaumont Lincoln East-Anglia |
 * L:Beaumont goes from Lincoln to East-Anglia."): never empty, the
 * observation itself for a kind no sentence knows. */
void narrate_sentence(const char *observation, char *out, size_t size);

/* The sentence r3 host writes for an observation of the transition
 * before -> d: narrate_sentence's, but a die of a fire or a charge says
 * whether it hit ("A die shows 2: a hit."), which the firepower in this
 * battle decides (the defence bonus included) and the observation alone
 * cannot tell. */
void narrate_event_sentence(const struct world *before, decision d, const char *observation, char *out, size_t size);

/* Writes what is still waiting to be told (a volley's last dice): at the end
 * of a batch of observations, before the person is asked anything. */
void narrate_end(struct narrator *n, FILE *out);

#endif
