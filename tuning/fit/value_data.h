/*
 * value_data.h: the learned value's training data read from r3 selfplay
 * files (tuning/fit/tune_read.h): each unfinished position's sparse
 * features (eval/features.h) and York's target, the game's result mixed
 * with the search's win rate by lambda, split by game into the positions
 * trained on and those held out.
 */
#ifndef R3_VALUE_DATA_H
#define R3_VALUE_DATA_H

#include "tuning/fit/tune_read.h"
#include "tuning/fit/value_fit.h"

/* Every position read, before the split. */
struct value_all {
    struct value_data data;
    int64_t *game;
    long capacity, index_capacity, used; /* samples and features of room; features used */
    long finished;                       /* finished games, left out */
    double lambda;
    bool failed; /* no memory */
};

/* The reader that fills a: lambda mixes the targets. */
struct tune_reader value_data_reader(struct value_all *a, double lambda);

/* Splits a's positions by game (tune_in_validation) into train and
 * validation, which own their memory; false if memory ran out. */
bool value_data_split(const struct value_all *a, double fraction, uint64_t seed, struct value_data *train,
                      struct value_data *validation, long *train_games, long *validation_games);

void value_all_free(struct value_all *a);
void value_data_free(struct value_data *d);

#endif
