/*
 * masks.h: the map and the blocks as bit sets, worked out once from tables.c,
 * so that the rules ask "which areas" with an AND instead of a loop over the
 * areas. An area set has bit a for area a (area_bit); a block set bit b for
 * block b (block_bit). They are filled before main() runs.
 */
#ifndef R3_MASKS_H
#define R3_MASKS_H

#include <stdint.h>

#include "engine/core/world.h"

struct map_masks {
    uint64_t all;                           /* every area */
    uint64_t coastal;                       /* areas on a sea zone */
    uint64_t sea_reach[AREA_COUNT];         /* the other coastal areas sharing a sea zone with each (5.3) */
    uint64_t city;                          /* areas with a city (2.4) */
    uint64_t exile;                         /* the exile areas (2.7) */
    uint64_t wales;                         /* the Welsh areas (5.4) */
    uint64_t enemy_exiles[SIDE_COUNT];      /* the exiles no block of a side may enter (2.7) */
    uint64_t exiles_of[SIDE_COUNT];         /* a side's own exiles */
    uint64_t crown;                         /* areas with a crown symbol (2.3) */
    uint64_t usurpation_ground;             /* areas where blocks count for usurpation: not exiles or Man (8.2) */
    uint64_t seats[BLOCK_COUNT];            /* the areas on a block's shields */
    blockset sea_capable;                   /* blocks that may move by sea (5.3): no levies, rebel, Scots or Welsh */
    blockset heirs[SIDE_COUNT];             /* each side's heirs as printed */
    blockset throne_counters;               /* nobles, heirs and churches: who counts for usurpation (8.2) */
    blockset stronger_than[5];              /* blocks whose full strength is more than n steps, n = 0..4 */
    blockset local_mercenaries[AREA_COUNT]; /* mercenaries whose home exile is the area (7.1) */
    uint8_t supports[AREA_COUNT];           /* blocks an area supports (7.1, 7.2) */
    uint64_t borders_into[2][AREA_COUNT];   /* border numbers: [0] those whose area b it is, [1] those whose area a */
    uint64_t border_limit[5];               /* border numbers by their limit (5.21): 2, 3 or 4 */
};

extern struct map_masks MASKS;

/* The areas in which any of these blocks stands. */
static inline uint64_t areas_holding(const struct world *w, blockset blocks)
{
    uint64_t set = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        set |= (uint64_t)((w->at[a] & blocks) != 0) << a;
    return set;
}

/* Which areas are whose, as seen by one side (2.1). */
struct area_sets {
    uint64_t own;   /* areas with the side's blocks */
    uint64_t enemy; /* areas with the enemy's blocks */
    uint64_t empty; /* vacant areas */
};

static inline struct area_sets area_sets_of(const struct world *w, int side)
{
    blockset mine = w->side_blocks[side], theirs = w->side_blocks[1 - side];
    struct area_sets s = {0, 0, 0};
    for (int a = 0; a < AREA_COUNT; a++) {
        s.own |= (uint64_t)((w->at[a] & mine) != 0) << a;
        s.enemy |= (uint64_t)((w->at[a] & theirs) != 0) << a;
    }
    if ((mine | theirs) == block_bit(BLOCK_COUNT) - 1) /* every block is on one side or the other */
        s.empty = MASKS.all & ~s.own & ~s.enemy;
    else
        s.empty = MASKS.all & ~areas_holding(w, block_bit(BLOCK_COUNT) - 1);
    return s;
}

/* Friendly or vacant (2.1): no enemy block, and either empty or holding one's own. */
static inline uint64_t friendly_or_vacant(const struct area_sets *s) { return ~s->enemy & (s->empty | s->own); }

#endif
