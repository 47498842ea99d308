/*
 * value_data.h: the learned value's training data read from r3 selfplay
 * files (tuning/fit/fit_read.h): each unfinished position's sparse
 * features (eval/features.h) and York's target, the game's result mixed
 * with the search's win rate by lambda, split by game into the positions
 * trained on and those held out.
 */
#ifndef R3_VALUE_DATA_H
#define R3_VALUE_DATA_H

#include "tuning/fit/fit_read.h"
#include "tuning/fit/value_fit.h"

/* How the positions are labelled: with playouts > 0, York's mean result
 * over that many playouts from the position by the heuristic policy, each
 * 'turns' game turns long (0: to the end of the game) and read where it
 * stops by the network net, or by the 17 weights if net is NULL, or the
 * game's result if over; else the game's result (mixed with the win rate
 * by lambda). With advance > 0 (and playouts), each position is first played
 * on by one such playout of 'advance' turns, and where it stops (if the game
 * is still on) is the position trained on and labelled. */
struct value_labels {
    int playouts, turns, advance;
    uint64_t seed;
    const struct net_q *net;
};

/* Every position read, before the split. */
struct value_all {
    struct value_data data;
    int64_t *game;
    long capacity, index_capacity, used; /* samples and features of room; features used */
    long finished;                       /* finished games, left out */
    double lambda;
    struct value_labels labels; /* read by the reading threads (the reader's settings) */
    bool failed;                /* no memory */
};

/* The reader that fills a: lambda mixes the targets, l (copied into a)
 * labels them. */
struct fit_reader value_data_reader(struct value_all *a, double lambda, const struct value_labels *l);

/* Splits a's positions by game (fit_in_validation) into train and
 * validation, which own their memory; false if memory ran out. */
bool value_data_split(const struct value_all *a, double fraction, uint64_t seed, struct value_data *train,
                      struct value_data *validation, long *train_games, long *validation_games);

void value_all_free(struct value_all *a);
void value_data_free(struct value_data *d);

#endif
