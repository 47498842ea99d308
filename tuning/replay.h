/*
 * replay.h: replays a game record written by r3 match (--out) and verifies
 * it: every decision legal where it stands, every chance outcome the one the
 * record's seed gives, and the result the one recorded (r3 replay).
 */
#ifndef R3_REPLAY_H
#define R3_REPLAY_H

#include <stdbool.h>
#include <stdio.h>

/* Replays the record in 'in'; on success writes a summary to out, else why (with the line) to error. */
bool replay_record(FILE *in, FILE *out, char *error, size_t error_size);

#endif
