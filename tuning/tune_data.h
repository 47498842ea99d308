/*
 * tune_data.h: labelled positions for r3 tune eval (docs/tuning.md), read
 * from the files r3 selfplay writes, one position a line, tab-separated:
 *
 *   game ply scenario side result winrate position [visits]
 *
 * game and ply whole numbers; scenario 1460, 1470 or 1483; side york or
 * lancaster, the side to decide in the position; result the game's result for
 * York, 1, 0 or 0.5; winrate the search's root win rate for that side in
 * [0, 1], or '-'; position the true world in the text format
 * (engine/text/position.h); visits, if there, is ignored. '#' lines and empty
 * lines are comments. Each position's features for York (eval_features) are
 * computed once, as it is read, into one flat array, so that a fit needs only
 * dot products. The train/validation split is by game.
 */
#ifndef R3_TUNE_DATA_H
#define R3_TUNE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/weights.h"

/* Labelled positions, a row each, in the order read. */
struct tune_data {
    long count, capacity;
    double *features; /* count × EVAL_WEIGHT_COUNT: York's features, row by row */
    double *result;   /* York's result: 1, 0 or 0.5 */
    double *winrate;  /* York's root win rate (1 - the line's for lancaster), or NAN for '-' */
    int64_t *game;
    uint8_t *scenario; /* enum scenario */
    long finished;     /* lines left out as finished games (their evaluation needs no weights) */
};

/* One data line, as read. */
struct tune_row {
    int64_t game, ply;
    int scenario, side; /* enum scenario, enum side */
    double result;      /* for York */
    double winrate;     /* for York, or NAN */
    bool finished;      /* the position is a finished game */
    double features[EVAL_WEIGHT_COUNT];
};

/* Parses one line (without its newline; it is cut up in place) into *row:
 * true, or false with why in why[size] (no file or line). A comment line is
 * not a row: the caller skips those (tune_line_is_comment). */
bool tune_line_parse(char *line, struct tune_row *row, char *why, size_t size);
bool tune_line_is_comment(const char *line);

/* Appends the rows of a data file (path "-" is stdin) to *d, reading it in
 * batches and computing the features on 'threads' threads (the result does not
 * depend on how many). On a bad line returns false with "FILE:LINE: why" in
 * why[size]; *d may then hold some of the rows. */
bool tune_data_read(struct tune_data *d, const char *path, int threads, char *why, size_t size);

/* The same from an open stream, named 'name' in messages. */
bool tune_data_read_stream(struct tune_data *d, FILE *in, const char *name, int threads, char *why, size_t size);

/* Appends one row (finished rows are counted, not kept). */
void tune_data_add(struct tune_data *d, const struct tune_row *row);

void tune_data_free(struct tune_data *d);

/* Whether the split with this seed puts a game into the validation set: a
 * hash of the game id and the seed below the fraction. All of a game's
 * positions go the same way, so no game has positions on both sides. */
bool tune_in_validation(int64_t game, double fraction, uint64_t seed);

/* The number of different games in d. */
long tune_data_games(const struct tune_data *d);

/* Splits d into train and validation (both empty on entry) by game. */
void tune_data_split(const struct tune_data *d, double fraction, uint64_t seed, struct tune_data *train,
                     struct tune_data *validation);

#endif
