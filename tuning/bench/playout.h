/*
 * playout.h: uniformly random legal games, for measuring the rules engine's
 * speed and for hunting rule violations (r3 playout); or games played by the
 * search's heuristic playout policy, for measuring its speed. Every game draws its
 * choices and dice from a generator seeded by the run's seed and the game's
 * number, so results do not depend on the number of threads.
 */
#ifndef R3_PLAYOUT_H
#define R3_PLAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/rules/game.h"

#define PLAYOUT_ALL_SCENARIOS (-1)

struct playout_options {
    int scenario; /* SCENARIO_* or PLAYOUT_ALL_SCENARIOS (game g plays scenario g % 3) */
    long games;
    uint64_t seed;
    bool check; /* audit every transition (engine/rules/audit.h) */
    int threads;
    long dump_at;      /* >= 0: print each game's position after this many decisions instead */
    bool no_knowledge; /* play with WORLD_NO_KNOWLEDGE, as search playouts may */
    bool hash_worlds;  /* the signature takes in every world (its position text), not only the decisions */
    int transcript;    /* a side: print instead what a protocol host sends that side's engine */
    int policy;        /* how the players choose: enum playout_policy (search/policy.h) */
};

struct playout_stats {
    long games, decisions, max_decisions, battles;
    long wins[2][GAME_HOW_COUNT]; /* [side][enum game_how] */
    long violations, dead_ends;
    double seconds;
    uint64_t signature; /* a hash of every decision taken (and with hash_worlds every world),
                         * combined over games in a fixed way */
    char first_violation[320];
};

/* Plays the games; with dump_at >= 0 writes one position line per game to dump. */
void playout_run(const struct playout_options *o, struct playout_stats *s, FILE *dump);

/* Writes the statistics in the form r3 playout prints. */
void playout_report(const struct playout_options *o, const struct playout_stats *s, FILE *out);

#endif
