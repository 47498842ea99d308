/*
 * eval_data.h: labelled positions for r3 tune eval (docs/tuning.md), read
 * from the files r3 selfplay writes (tuning/fit/fit_read.h). Each position's
 * features for York (eval_features) are computed once, as it is read, into
 * one flat array, so that a fit needs only dot products; the visits field is
 * not read. The train/validation split is by game.
 */
#ifndef R3_EVAL_DATA_H
#define R3_EVAL_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/weights.h"
#include "tuning/fit/fit_read.h"

/* Labelled positions, a row each, in the order read. */
struct eval_data {
    long count, capacity;
    double *features; /* count × EVAL_WEIGHT_COUNT: York's features, row by row */
    double *result;   /* York's result: 1, 0 or 0.5 */
    double *winrate;  /* York's root win rate (1 - the line's for lancaster), or NAN for '-' */
    int64_t *game;
    uint8_t *scenario; /* enum scenario */
    long finished;     /* lines left out as finished games (their evaluation needs no weights) */
};

/* The reader (tuning/fit/fit_read.h) that appends the rows of the lines it
 * reads to *d, computing the features on its threads. */
struct fit_reader eval_data_reader(struct eval_data *d);

/* Appends the rows of an open stream, named 'name' in messages, to *d (the
 * result does not depend on the number of threads). On a bad line returns
 * false with "NAME:LINE: why" in why[size]; *d may then hold some of the rows. */
bool eval_data_read_stream(struct eval_data *d, FILE *in, const char *name, int threads, char *why, size_t size);

void eval_data_free(struct eval_data *d);

/* The number of different games in d. */
long eval_data_games(const struct eval_data *d);

/* Splits d into train and validation (both empty on entry) by game
 * (fit_in_validation). */
void eval_data_split(const struct eval_data *d, double fraction, uint64_t seed, struct eval_data *train,
                     struct eval_data *validation);

#endif
