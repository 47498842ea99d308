/*
 * places.h: where a block may stand, as facts of the map and the blocks: the
 * exiles, a recruit's places (5.4), where a block disbands to (8.1), every
 * area that could be its home (8.3, 8.4), and what counts against supply
 * (7.1, 7.2). The phases apply these rules; the knowledge model reads the same
 * facts to narrow what a face-down piece can be. Both sit above core, so the
 * facts live here and neither asks the other.
 */
#ifndef R3_PLACES_H
#define R3_PLACES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/core/masks.h"
#include "engine/core/tables.h"
#include "engine/core/world.h"

/* An exile of the other side: no block of 'side' may ever enter it (2.7). */
static inline bool enemy_exile(int side, int area)
{
    return AREA_INFO[area].kind == AREA_EXILE && AREA_INFO[area].exile_of != side;
}

/* The exiles of a side, as a set of areas. */
uint64_t own_exiles(int side);

/* The areas on a block's shields. */
uint64_t seat_areas(int block);

/* 8.3: the shields of the other Nevilles that are dead, open to this block if
 * it is a Neville (Warwick, Kent, Salisbury); 0 for anyone else. */
uint64_t neville_seats_open(const struct world *w, int block);

/* 5.4: may this block, if it is in its side's pool, be recruited into this
 * area now? Never into an enemy exile (2.7, RULINGS B.22). */
bool recruit_place_ok(const struct world *w, int block, int area);

/* The same as a set of areas, given the areas as its side sees them
 * (area_sets_of, engine/core/masks.h). Inline: the action phase asks it for
 * every block in the pool at every decision. */
static inline uint64_t recruit_places(const struct world *w, int block, const struct area_sets *areas)
{
    uint64_t open;
    switch (BLOCK_INFO[block].seat_rule) {
    case SEATS_ANY_FRIENDLY_CITY: open = MASKS.city & areas->own & ~areas->enemy; break;
    case SEATS_ANY_VACANT_NON_EXILE: open = areas->empty & ~MASKS.exile; break;
    case SEATS_WALES: open = MASKS.wales & friendly_or_vacant(areas); break;
    default: open = MASKS.seats[block] & friendly_or_vacant(areas); break;
    }
    return open & ~MASKS.enemy_exiles[world_block_side(w, block)] & MASKS.all;
}

/* 8.1: where a block standing in 'where' goes when the political turn begins:
 * LOC_POOL, its exile, or 'where' itself. */
int disband_place(int block, int where);

/* Every area that could ever be this block's home in 8.3 and 8.4, whoever
 * holds it: a superset of where it may go, for narrowing what a face-down
 * piece that went there can be. */
uint64_t home_areas(const struct world *w, int block);

/* Blocks an area supports (7.1, 7.2), and the blocks that count against it:
 * local mercenaries do not count against their own exile. */
int supply_limit(int area);
blockset supply_counted(const struct world *w, int area);

#endif
