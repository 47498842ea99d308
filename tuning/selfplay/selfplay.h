/*
 * selfplay.h: r3 selfplay, self-play turned into labelled positions for the
 * tuners (docs/selfplay.md). A shard's games are played C at a time on
 * threads and their lines written in game order, so the file does not depend
 * on C, and the shards' files concatenated in order are the one run's file.
 */
#ifndef R3_SELFPLAY_H
#define R3_SELFPLAY_H

#include <stdio.h>

#include "tuning/selfplay/selfplay_game.h"
#include "tuning/selfplay/selfplay_plan.h"

#define SELFPLAY_MAX_CONCURRENCY 64

struct selfplay_options {
    struct selfplay_setup setup;
    long games;         /* the whole run's, over every shard */
    long shard, shards; /* this one plays selfplay_shard(games, shard, shards) */
    int concurrency;    /* games at once */
    const char *out;    /* the file; ".gz" for gzip */
    const char *header; /* comment lines ("# ...\n"), written first by shard 0 alone */
};

/* Plays the shard's games and writes their lines; progress every 10 s and a
 * summary line on 'report'. Returns 0, or 1 after a message on 'report' with
 * no file written. */
int selfplay_run(const struct selfplay_options *o, FILE *report);

#endif
