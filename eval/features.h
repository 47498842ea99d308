/*
 * features.h: the sparse features of a world for the learned value
 * (docs/eval.md, "Sparse features"). Each feature is 0 or 1 and most are 0,
 * so a world is the list of its active ones: the input of a network whose
 * first layer is the sum of their rows, as NNUE's is. The sum is made afresh
 * for each world evaluated; nothing is updated from one world to the next.
 * They are absolute, York's and Lancaster's side by side, and read the whole
 * world, hands and hidden blocks included: like the evaluation, they are
 * for worlds drawn from a side's view, never the true one.
 *
 * The index is stable: groups in a fixed order, each a fixed size, so a
 * network trained on them reads the same inputs in every build of the same
 * FEATURES_VERSION. A change of groups or sizes is a new version, and
 * features_set_hash() tells the two apart.
 */
#ifndef R3_FEATURES_H
#define R3_FEATURES_H

#include <stdint.h>

#include "engine/core/world.h"

/* Where an area's steps fall: 1-2, 3-4, 5-6, 7-9, 10-13, 14 or more. */
#define FEATURE_STEP_BUCKETS 6

enum feature_group {
    FG_BLOCK_PLACE, /* block b at location l (an area or off the map): b * LOC_COUNT + l */
    FG_BLOCK_STEPS, /* block b at strength s (1-4): b * 4 + s - 1 */
    FG_AREA_STEPS,  /* side s's steps in area a, bucketed: (a * 2 + s) * 6 + bucket */
    FG_AREA_HELD,   /* side s holds area a (its blocks alone there, 2.1): a * 2 + s */
    FG_AREA_BATTLE, /* both sides have blocks in area a: a battle is due or under way */
    FG_AREA_THREAT, /* the enemy's steps next to side s's area a across borders of colour c, bucketed:
                         ((a * 2 + s) * 3 + c) * 6 + bucket */
    FG_AREA_OVER,   /* side s has more blocks in area a than it supports (7.1): a * 2 + s */
    FG_HAND,        /* side s holds card c (1-25) in hand: s * 25 + c - 1 */
    FG_PLAYED,      /* side s played card c this turn: s * 25 + c - 1 */
    FG_KING,        /* block b is the King */
    FG_PRETENDER,   /* block b is the Pretender */
    FG_SCENARIO,    /* the scenario */
    FG_TURN,        /* campaign c (1-3), turn t (1-7): (c - 1) * 7 + t - 1 */
    FG_PHASE,       /* the phase */
    FG_ACTOR,       /* who decides: York, Lancaster, chance or nobody */
    FG_PLAYER1,     /* Player 1 this turn: York, Lancaster or not yet */
    FG_AP_LEFT,     /* the acting player's action points left: 0-4 or more */
    FG_MINORS_DUE,  /* side s has n minors due (0-2 or more): s * 3 + n */
    FEATURE_GROUPS
};

struct feature_group_info {
    const char *name;
    int first; /* its first index */
    int size;
};

extern const struct feature_group_info FEATURE_GROUP[FEATURE_GROUPS];

#define FEATURES_VERSION 1
/* Every group's size together, in the order of enum feature_group. */
#define FEATURE_COUNT \
    (BLOCK_COUNT * LOC_COUNT + BLOCK_COUNT * 4 + AREA_COUNT * 2 * FEATURE_STEP_BUCKETS + AREA_COUNT * 2 + AREA_COUNT + \
     AREA_COUNT * 2 * 3 * FEATURE_STEP_BUCKETS + AREA_COUNT * 2 + 2 * CARD_COUNT + 2 * CARD_COUNT + BLOCK_COUNT + \
     BLOCK_COUNT + SCENARIO_COUNT + 3 * 7 + PHASE_COUNT + 4 + 3 + 5 + 2 * 3)
/* The most features a world can have at once, each group's most together:
 * a place and a strength for each block; in each area each side's steps, a
 * holder or a battle, each side's threats of three colours and each side's
 * excess; both hands; both cards played; and the ten single ones (king,
 * pretender, scenario, turn, phase, actor, Player 1, AP left, two minors). */
#define FEATURES_MAX_ACTIVE (2 * BLOCK_COUNT + AREA_COUNT * (2 + 1 + 2 * 3 + 2) + 2 * CARD_COUNT + 2 + 10)

/* The active features of w, in increasing order, into index[]; their number. */
int features_active(const struct world *w, uint16_t index[FEATURES_MAX_ACTIVE]);

/* A hash of the version and every group's name, first index and size: a
 * network file names the feature set it was trained on by it. */
uint64_t features_set_hash(void);

/* The bucket of a count of steps, 0-5, or -1 for none. */
int feature_step_bucket(int steps);

#endif
