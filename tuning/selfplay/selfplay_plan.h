/*
 * selfplay_plan.h: what r3 selfplay decides before and beside the play, all
 * of it from the run's numbers alone (docs/selfplay.md): the block of games a
 * shard plays, each game's scenario and seeds, and which of a game's
 * candidate positions are kept. Nothing here depends on the concurrency, so
 * game g is the same game, with the same lines, in any run that plays it.
 */
#ifndef R3_SELFPLAY_PLAN_H
#define R3_SELFPLAY_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#define SELFPLAY_ALL_SCENARIOS (-1) /* game g plays scenario g mod 3 */

/* Games [first, end) of the run's 0..games-1. */
struct selfplay_range {
    long first, end;
};

/* Shard i of n (0-based): the contiguous block [i*games/n, (i+1)*games/n),
 * so the shards in order cover every game once. */
struct selfplay_range selfplay_shard(long games, long shard, long shards);

/* Game g's scenario: 'scenario', or g mod 3 for SELFPLAY_ALL_SCENARIOS. */
int selfplay_scenario_of(int scenario, long game);

/* The independent streams of one game, each a splitmix64 state. */
struct selfplay_seeds {
    uint64_t chance;   /* the dice and the deals */
    uint64_t sampling; /* which candidates are kept */
    uint64_t side[2];  /* each side's belief and search, as the protocol's Seed (plus option Seed) */
};

/* Game g's streams, from (seed, g) alone; 'player_seed' (the option Seed)
 * moves the sides' streams and nothing else. */
struct selfplay_seeds selfplay_seeds_of(uint64_t seed, long game, uint64_t player_seed);

/* Keeps one candidate in 'every' on average: after each kept one, the next
 * is a gap of 1..2*every-1 candidates on, drawn uniformly. */
struct selfplay_sampler {
    uint64_t rng;
    long every, countdown;
};

#define SELFPLAY_MAX_EVERY 1000000

void selfplay_sampler_start(struct selfplay_sampler *s, uint64_t seed, long every);

/* Whether the next candidate is kept. */
bool selfplay_sampler_keep(struct selfplay_sampler *s);

#endif
