/*
 * driver.h: the search driver. driver_start runs one search for the belief's
 * side on a thread of its own and returns at once, so that its caller (the
 * protocol's command loop) still reads and answers while it runs; driver_stop
 * cuts it short. The search reads a copy of the belief and the driver's own
 * random stream, carried from search to search, and the ismcts player's trees
 * are kept for the next search when it can reuse them.
 *
 * It writes nothing: it reports through the caller's callbacks, progress now
 * and then and once at the end, a note where something is worth a word, and
 * the choice (after an infinite search, only once stop comes). They are
 * called on the search's thread, or on the caller's (driver_stop's bestmove
 * after an infinite search, or every one when no thread could be made), never
 * two at once.
 */
#ifndef R3_DRIVER_H
#define R3_DRIVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "engine/core/world.h"
#include "engine/hidden/belief.h"
#include "search/greedy.h"
#include "search/infer.h"
#include "search/ismcts.h"
#include "search/timeman.h"

#define DRIVER_MAX_THREADS 64
#define DRIVER_MAX_SEARCHES 64 /* searches at once: one per thread, or per PIMC world */
#define DRIVER_MAX_MULTIPV 32  /* root decisions a progress report may list */
#define DRIVER_PV_MAX 16       /* decisions in a reported principal variation */

/* ismcts is the engine; the others are baselines to measure it by. cheat
 * reads the referee's true world (the "truth" line) and exists only to
 * measure what hidden information costs. */
enum player_kind { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_ISMCTS, PLAYER_FLATMC, PLAYER_PIMC, PLAYER_CHEAT };

/* How the ismcts player's threads share the work: a tree each, summed at the
 * root (root parallelism), or one tree for all, with a lock and virtual loss
 * (tree parallelism). The baselines always take a tree each. */
enum parallel_kind { PARALLEL_ROOT, PARALLEL_TREE };

/* The most a person may set for each (ms): an hour, and a minute. */
#define THINK_MOST_MS 3600000L
#define THINK_LEAST_MS 60000L

struct player {
    int kind;        /* enum player_kind */
    long samples;    /* greedy: this many worlds for a go without limits;
                                pimc: its worlds, one tree each (at most DRIVER_MAX_SEARCHES) */
    long iterations; /* tree players: this many iterations for a go without limits */
    long memory_mb;  /* ismcts: the trees' memory, all threads together */
    int threads;     /* tree players: searching threads */
    int parallel;    /* enum parallel_kind: how the ismcts player's threads share the search */
    int multipv;     /* tree players: root decisions each progress report lists (1 to DRIVER_MAX_MULTIPV) */
    /* ismcts on one thread under a game clock: end a search whose choice is
     * settled, stretch one whose choice is close (docs/search.md). */
    bool time_manage;
    /* A level below the most (search/level.h): the iterations no search
     * goes past whatever its limits (0: none), the temperature its
     * decision is drawn at (0: the best), and how far below the best a
     * drawn decision may be. */
    long level_iterations;
    double temperature, level_floor;
    /* Think time a person sets (options MaxThinkTime, MinThinkTime; 0:
     * none): no search goes past think_most_ms, and no decision is
     * answered before think_least_ms, so that a weak level's replies do
     * not come at once. A stop answers at once. */
    long think_most_ms, think_least_ms;
    struct ismcts_options ismcts;
    /* Whether the side's belief weighs what the enemy's choices reveal
     * (option Inference), and how. */
    bool infer;
    struct inference inference;
};

/* A search's progress: the greedy player's, or a tree player's. */
struct driver_progress {
    long elapsed_us;
    long nodes;          /* all threads together */
    decision best;       /* the choice so far */
    double value;        /* greedy: the best's mean evaluation; trees: its win rate */
    bool trees;          /* a tree player's: the next two are set, not worlds */
    long iterations;     /* all threads together */
    uint32_t tree_nodes; /* in the trees the best was chosen from */
    int worlds;          /* greedy: worlds drawn */
    /* Trees only: the share of their memory in use, in thousandths; the
     * choice and the next most visited root decisions (player.multipv of
     * them), each with a principal variation from the first tree. */
    int hashfull;
    int lines;
    struct ismcts_line line[DRIVER_MAX_MULTIPV];
    decision pv[DRIVER_MAX_MULTIPV][DRIVER_PV_MAX];
    int pv_length[DRIVER_MAX_MULTIPV];
    /* MixedCard at the side's card play, in the final report only: the
     * strategy the card was drawn from (search/card_root.h). */
    bool mixed;
    struct card_strategy strategy;
};

/* What a search has to say besides progress; 'count' is the number named. */
enum driver_note {
    DRIVER_ONLY_ONE,  /* one legal decision: chosen without a search */
    DRIVER_RANDOM,    /* the random player chose among 'count' legal decisions */
    DRIVER_REUSED,    /* the kept trees were reused, 'count' nodes of them */
    DRIVER_NO_MEMORY, /* no memory for the trees: the first legal decision */
};

struct driver_callbacks {
    void (*progress)(void *context, const struct driver_progress *p);
    void (*note)(void *context, enum driver_note note, long count);
    void (*bestmove)(void *context, decision best);
    void *context;
    /* NULL unless wanted (r3 selfplay --record-visits): once at the end of a
     * tree player's search, before bestmove, the root's visits summed over
     * its trees for each of the 'count' decisions legal in the belief. */
    void (*visits)(void *context, const decision *legal, const long *visits, int count);
};

struct driver {
    pthread_t thread;
    bool started;           /* a thread exists and is not yet joined */
    atomic_bool stop, done; /* stop asked; search over (bestmove reported unless infinite) */
    struct driver_callbacks report;
    struct world w;
    struct odds odds;   /* the belief's, which the trees' worlds lean to */
    struct world truth; /* cheat only: the referee's world, if has_truth */
    bool has_truth;
    int side;
    struct player player;
    struct limits limits;
    uint64_t rng; /* the player's stream, carried from search to search */
    decision best;
    bool forced;                   /* the search had one legal decision: its reply is not held */
    atomic_long nodes, iterations; /* all threads together */
    struct greedy greedy;
    /* The tree players' searches, each with its tree: one per
     * thread (root parallelism, summed at the root), one shared by all the
     * threads (tree parallelism), or one per PIMC world. */
    int searches;
    bool shared;             /* the threads share search[0] (tree parallelism) */
    pthread_spinlock_t lock; /* search[0]'s, while shared */
    struct ismcts search[DRIVER_MAX_SEARCHES];
    /* Tree reuse: the ismcts player's trees outlive their search, with the
     * belief's key count then; the next search follows the keys since, if
     * they are all the side's own decisions. */
    bool kept;
    bool kept_pondered;               /* kept by a search while the enemy decided: followed through its decisions */
    long kept_at, keys_now;           /* the belief's keys when the trees were kept, and now */
    long kept_after, transitions_now; /* the same for its transitions, chance included */
    struct player kept_for;           /* with its weights in the two below */
    struct eval_weights kept_weights; /* what kept_for's weights were then */
    struct policy_table kept_policy;
    struct policy_table kept_prior;
    decision path[BELIEF_KEYS];
    int path_count;      /* -1: the path since is not known */
    long time_banked_us; /* time management: what settled searches saved this game, for close ones */
};

/* Starts the search for the belief's side (to decide in its world, or with
 * limits.ponder, while the enemy decides) on its thread; 'truth' is the true world for the cheat player, NULL for every
 * other. The callbacks report it. */
void driver_start(struct driver *d, const struct belief *b, const struct world *truth, const struct player *p,
                  const struct limits *l, const struct driver_callbacks *report);

/* Drops the trees kept for reuse: a new game, or the end. */
void driver_forget(struct driver *d);

/* Waits for a search with limits to end (its bestmove reported); returns
 * true while a "go infinite" search holds the engine until stop. Lines that
 * change the game come after a search this way, so a host may pipe them. */
bool driver_settle(struct driver *d);

/* Stops a search at once; its bestmove is reported. Nothing if none runs. */
void driver_stop(struct driver *d);

/* Lets a search with limits end by itself; stops one that has none. */
void driver_finish(struct driver *d);

#endif
