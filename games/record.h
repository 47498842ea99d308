/*
 * record.h: the game record, r3's text file of one game: a header (a title
 * comment, the scenario, the seed, who played each side, and comments such
 * as r3 host's own "# host" lines), one decision a line, and a closing
 * "# result" line, the last. r3 match (through the referee) and r3 host's
 * save write it here; r3 replay, the PGN writer and r3 host's load read it
 * here, replaying it to verify it: every decision legal where it stands,
 * every chance outcome the one the record's seed gives (or, after a
 * "# resumed" line, the seed it names), and the result the
 * one recorded. Its bounds, and how its file is opened, are record_file.h's.
 */
#ifndef R3_RECORD_H
#define R3_RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"
#include "games/record_file.h"

/* What a record's "# result" line says of a game that did not finish by the
 * rules and was not forfeited or resigned. */
#define RESULT_AT_BOUND "none at the decision bound"
#define RESULT_IN_PLAY "none: saved during play"

/* ---- writing ---- */

/* The header: the title, "scenario YEAR", "seed N", "york NAME", "lancaster NAME". */
void record_write_header(FILE *f, int year, uint64_t seed, const char *york, const char *lancaster);

/* A comment line, "# " and the text: a reader passes over it. */
void record_write_comment(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void record_write_decision(FILE *f, decision d);

/* A game resumed from a save draws what had not happened yet afresh: from
 * the decision after the first 'after' on, chance comes from the seed
 * 'chance'. Written between those decisions as "# resumed after decision K:
 * chance from N"; the reader verifies the chance that follows by it. */
#define RECORD_RESUMED_WORDS "# resumed after decision"
void record_write_resumed(FILE *f, long after, uint64_t chance);

/* Such a line read back whole: false for anything else. */
bool record_resumed_read(const char *line, long *after, uint64_t *chance);

/* How a game ended, as its "# result" line says it. */
enum record_end {
    RECORD_WON,         /* by the rules: the winner's name */
    RECORD_FORFEIT,     /* "WINNER by forfeit: REASON", the reason beginning with the loser's engine's name */
    RECORD_RESIGNATION, /* "WINNER by resignation" */
    RECORD_AT_BOUND,    /* RESULT_AT_BOUND */
    RECORD_IN_PLAY,     /* RESULT_IN_PLAY: a game saved before its end */
};

/* The "# result" line, the record's last; winner and reason where 'end' (enum record_end) has them. */
void record_write_result(FILE *f, int end, int winner, const char *reason);

/* ---- reading ---- */

/* What a record says besides its decisions. */
struct record_header {
    int scenario; /* SCENARIO_* */
    uint64_t seed;
    char name[SIDE_COUNT][RECORD_LINE_MAX + 1]; /* who played each side, as its york or lancaster line says */
    char result[RECORD_LINE_MAX + 1];           /* the words of the "# result" line */
    long decisions;
};

struct game_hooks;

/* What a reader is told as the record is read; any may be NULL. */
struct record_reader {
    const struct game_hooks *hooks; /* every decision, as it is replayed */
    /* Every line of the header and every comment but the result, its end
     * taken off, with its number (from 1): a writer's own lines are its to read. */
    void (*line)(void *context, const char *text, long number);
    void *context;
};

/* Reads the record in 'in', replaying it to verify it; true with *header
 * (unless NULL) filled in, else false with why (with the line) in error. */
bool record_read(FILE *in, const struct record_reader *reader, struct record_header *header, char *error,
                 size_t error_size);

/* r3 replay: record_read, telling 'hooks' (NULL for none) of every
 * decision; on success writes a summary to out (unless it is NULL). */
bool replay_record(FILE *in, FILE *out, const struct game_hooks *hooks, char *error, size_t error_size);

#endif
