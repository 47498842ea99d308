/*
 * replay_print.h: r3 replay --print: a game record (games/record.h) shown
 * decision by decision as one side saw it at the table, the way r3 play
 * shows a game: that side's own decisions by their labels, and every event
 * it saw as a sentence (protocol/host/narrate.h).
 */
#ifndef R3_REPLAY_PRINT_H
#define R3_REPLAY_PRINT_H

#include <stdbool.h>
#include <stdio.h>

/* Replays and verifies the record in 'in', printing it to out as 'side'
 * saw it; false with why if the record does not replay. */
bool replay_print(FILE *in, int side, FILE *out, char *why, size_t size);

#endif
