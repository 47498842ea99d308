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

#include "../engine/world.h"
#include "../search/greedy.h"
#include "../search/ismcts.h"

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

enum player_kind { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_ISMCTS };

struct player {
    int kind;                /* enum player_kind */
    long samples;            /* greedy: at most this many worlds unless go sets nodes or infinite */
    long iterations;         /* ismcts: at most this many iterations unless go sets nodes or infinite */
    long memory_mb;          /* ismcts: the trees' memory, all threads together */
    int threads;             /* ismcts: searching threads, one tree each (root parallelism) */
    struct ismcts_options ismcts;
};

struct think {
    pthread_t thread;
    bool started;             /* a thread exists and is not yet joined */
    atomic_bool stop, done;   /* stop asked; search over (bestmove written unless infinite) */
    FILE *out;
    struct world w;
    int side;
    struct player player;
    struct limits limits;
    uint64_t rng;             /* the player's stream, carried from search to search */
    decision best;
    atomic_long nodes, iterations; /* all threads together */
    struct greedy greedy;
    struct ismcts tree[THINK_MAX_THREADS];
};

/* Starts the search for 'side' (to decide in w) on its thread. */
void think_start(struct think *t, FILE *out, const struct world *w, int side, const struct player *p,
                 const struct limits *l);

/* Waits for a search with limits to end (it writes its bestmove); returns
 * true while a "go infinite" search holds the engine until stop. Lines that
 * change the game come after a search this way, so a host may pipe them. */
bool think_settle(struct think *t);

/* Stops a search at once; its bestmove is written. Nothing if none runs. */
void think_stop(struct think *t);

/* Lets a search with limits end by itself; stops one that has none. */
void think_finish(struct think *t);

#endif
