/*
 * fit_read.h: reading the files r3 selfplay writes (docs/selfplay.md), for
 * every tuner. One position a line, tab-separated:
 *
 *   game ply scenario side result winrate position [visits]
 *
 * game and ply whole numbers; scenario 1460, 1470 or 1483; side york or
 * lancaster, the side to decide in the position; result the game's result for
 * York, 1, 0 or 0.5; winrate the search's root win rate for that side in
 * [0, 1], or '-'; position the true world in the text format
 * (engine/text/position.h); visits, if there, the search's visits of each
 * legal decision. '#' lines and empty lines are comments. The reader checks
 * these fields and the position, and lines of one game that follow each
 * other must agree on its result and scenario; what a tuner makes of a line
 * beyond that (the evaluation's features, the policy's decisions) is its
 * own, done by its parse function on the reading threads. Each tuner splits
 * its positions by game, with fit_in_validation.
 */
#ifndef R3_FIT_READ_H
#define R3_FIT_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/core/world.h"

/* The fields of a line, as read. */
struct fit_fields {
    int64_t game, ply;
    int scenario, side; /* enum scenario, enum side */
    double result;      /* for York */
    double winrate;     /* for York, or NAN */
    bool finished;      /* the position is a finished game */
    int file;           /* the reader's file (struct fit_reader) */
};

/* What a tuner makes of the lines. */
struct fit_reader {
    size_t row_size;     /* the bytes of the tuner's row of a line */
    int lines_per_batch; /* a batch holds this many lines for each thread */
    /* Makes the row of a line whose position w is no finished game, visits
     * its visits field or NULL; on a reading thread, so it must not touch
     * the context, only read the settings. False with why in why[size] (no
     * file or line). */
    bool (*parse)(const void *settings, const struct fit_fields *f, const struct world *w, const char *visits,
                  void *row, char *why, size_t size);
    /* Takes each good line, finished games included (row then unset), in the file's order. */
    void (*take)(void *context, const struct fit_fields *f, const void *row);
    void *context;
    int file;             /* which of the files read this is, 0 for the first: see fit_game_key */
    const void *settings; /* what parse reads, on every thread at once: unchanged while reading, or NULL */
};

/* A game's key for the split and the counts: its number and its file,
 * since the game numbers of two self-play runs overlap. */
static inline int64_t fit_game_key(const struct fit_fields *f) { return (int64_t)f->file << 40 ^ f->game; }

bool fit_line_is_comment(const char *line);

/* Reads a data file (path "-" is stdin) line by line, in batches parsed on
 * 'threads' threads (the rows and the first error are the same whatever
 * their number). On a bad line returns false with "FILE:LINE: why" in
 * why[size]; the lines before it have been taken. */
bool fit_read_file(const struct fit_reader *r, const char *path, int threads, char *why, size_t size);

/* The same from an open stream, named 'name' in messages. */
bool fit_read_stream(const struct fit_reader *r, FILE *in, const char *name, int threads, char *why, size_t size);

/* Whether the split with this seed puts a game into the validation set: a
 * hash of the game id and the seed below the fraction. All of a game's
 * positions go the same way, so no game has positions on both sides. */
bool fit_in_validation(int64_t game, double fraction, uint64_t seed);

/* The number of different games among count ids. */
long fit_games(const int64_t *game, long count);

#endif
