/*
 * think.h: the engine's search for "go", on a thread of its own, so that the
 * command loop still answers isready and takes stop and quit while it runs.
 * The search reads a copy of the belief and its own random stream; when it
 * ends it writes its last info line and "bestmove" (after "go infinite", only
 * once stop comes).
 */
#ifndef R3_THINK_H
#define R3_THINK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "engine/core/world.h"
#include "engine/hidden/belief.h"
#include "search/greedy.h"
#include "search/ismcts.h"

/* The limits of one "go" (docs/protocol.md). 0 or -1 means not given. */
struct limits {
    long movetime, nodes, movestogo;
    long clock[SIDE_COUNT], increment[SIDE_COUNT]; /* wtime/btime, winc/binc; clock -1 if not given */
    bool infinite;
};

/* Reads the words after "go"; false with the offending word and what was expected. */
bool limits_read(const char *args, struct limits *out, char *why, size_t size);

/* How long 'side' may think under l, in ms, or -1 for no time limit. */
long limits_budget_ms(const struct limits *l, int side);

#define THINK_MAX_THREADS 64
#define THINK_MAX_TREES 64 /* trees at once: one per thread, or PIMC's worlds */

/* ismcts is the engine; the others are baselines to measure it by. cheat
 * reads the referee's true world (the "truth" line) and exists only to
 * measure what hidden information costs. */
enum player_kind { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_ISMCTS, PLAYER_FLATMC, PLAYER_PIMC, PLAYER_CHEAT };

/* How the ismcts player's threads share the work: a tree each, summed at the
 * root (root parallelism), or one tree for all, with a lock and virtual loss
 * (tree parallelism). The baselines always take a tree each. */
enum parallel_kind { PARALLEL_ROOT, PARALLEL_TREE };

struct player {
    int kind;                /* enum player_kind */
    long samples;            /* greedy: at most this many worlds unless go sets nodes or infinite;
                                pimc: its worlds, one tree each (at most THINK_MAX_TREES) */
    long iterations;         /* tree players: at most this many iterations unless go sets nodes or infinite */
    long memory_mb;          /* ismcts: the trees' memory, all threads together */
    int threads;             /* tree players: searching threads */
    int parallel;            /* enum parallel_kind: how the ismcts player's threads share the search */
    struct ismcts_options ismcts;
};

struct think {
    pthread_t thread;
    bool started;             /* a thread exists and is not yet joined */
    atomic_bool stop, done;   /* stop asked; search over (bestmove written unless infinite) */
    FILE *out;
    struct world w;
    struct world truth;       /* cheat only: the referee's world, if has_truth */
    bool has_truth;
    int side;
    struct player player;
    struct limits limits;
    uint64_t rng;             /* the player's stream, carried from search to search */
    decision best;
    atomic_long nodes, iterations; /* all threads together */
    struct greedy greedy;
    int trees;
    bool shared;              /* this search's threads share tree[0] (tree parallelism) */
    pthread_spinlock_t lock;  /* tree[0]'s, while shared */
    struct ismcts tree[THINK_MAX_TREES];
    /* Tree reuse: the ismcts player's trees outlive their search, with the
     * belief's key count then; the next search follows the keys since, if
     * they are all the side's own decisions. */
    bool kept;
    long kept_at, keys_now;   /* the belief's keys when the trees were kept, and now */
    long kept_after, transitions_now; /* the same for its transitions, chance included */
    struct player kept_for;
    decision path[BELIEF_KEYS];
    int path_count;           /* -1: the path since is not known */
};

/* Starts the search for the belief's side (to decide in its world) on its
 * thread; 'truth' is the true world for the cheat player, NULL for every
 * other. */
void think_start(struct think *t, FILE *out, const struct belief *b, const struct world *truth,
                 const struct player *p, const struct limits *l);

/* Drops the trees kept for reuse: a new game, or the end. */
void think_forget(struct think *t);

/* Waits for a search with limits to end (it writes its bestmove); returns
 * true while a "go infinite" search holds the engine until stop. Lines that
 * change the game come after a search this way, so a host may pipe them. */
bool think_settle(struct think *t);

/* Stops a search at once; its bestmove is written. Nothing if none runs. */
void think_stop(struct think *t);

/* Lets a search with limits end by itself; stops one that has none. */
void think_finish(struct think *t);

#endif
