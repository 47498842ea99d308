/*
 * policy_data.h: the positions r3 tune policy fits to (docs/tuning.md), read
 * from self-play files with their visits column (tuning/fit/fit_read.h,
 * tuning/selfplay/visits.h). For each position the legal decisions are listed again
 * (rules_legal) and must be the visits' names in order; each decision's
 * features, its cell of the policy's table (search/policy_weights.h), are
 * found once, as it is read, into one flat array beside its share of the
 * position's visits, the target. Lines without visits ('-', or no column)
 * and positions with one legal decision are counted and left out. The
 * train/validation split is by game.
 */
#ifndef R3_POLICY_DATA_H
#define R3_POLICY_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "search/policy_weights.h"
#include "tuning/fit/fit_read.h"

/* Positions with their decisions, in the order read. */
struct policy_data {
    long count, capacity;          /* positions */
    long decisions, room;          /* decisions of all positions, and the room for them */
    long *first;                   /* position i's decisions are [first[i], first[i + 1]): count + 1 entries */
    uint16_t *cell;                /* a decision's cell: its category and extras, its features */
    double *target;                /* a decision's share of its position's visits */
    int64_t *game;                 /* a position's game */
    long finished, unvisited, one; /* lines left out: finished games, no visits, a single legal decision */
};

/* The reader (tuning/fit/fit_read.h) that appends the positions of the lines
 * it reads to *d, their decisions found on its threads. */
struct fit_reader policy_data_reader(struct policy_data *d);

void policy_data_free(struct policy_data *d);

/* Makes each position's target its choice: 1 for its most visited decision
 * (the first of equals, as the search's choice by visits), 0 for the rest. */
void policy_data_choices(struct policy_data *d);

/* The number of different games in d. */
long policy_data_games(const struct policy_data *d);

/* Splits d into train and validation (both empty on entry) by game
 * (fit_in_validation). */
void policy_data_split(const struct policy_data *d, double fraction, uint64_t seed, struct policy_data *train,
                       struct policy_data *validation);

/* How many of d's decisions have feature j. */
long policy_data_seen(const struct policy_data *d, int j);

#endif
