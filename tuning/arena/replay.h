/*
 * replay.h: replays a game record written by r3 match (--out) and verifies
 * it: every decision legal where it stands, every chance outcome the one the
 * record's seed gives, and the result the one recorded (r3 replay).
 */
#ifndef R3_REPLAY_H
#define R3_REPLAY_H

#include <stdbool.h>
#include <stdio.h>

/* What a record's "# result" line says of a game that did not finish by the
 * rules and was not forfeited or resigned. */
#define RESULT_AT_BOUND "none at the decision bound"
#define RESULT_IN_PLAY "none: saved during play"

struct game_hooks;

/* Replays the record in 'in', telling 'hooks' (NULL for none) of every
 * decision as it is replayed; on success writes a summary to out (unless it
 * is NULL), else why (with the line) to error. */
bool replay_record(FILE *in, FILE *out, const struct game_hooks *hooks, char *error, size_t error_size);

#endif
