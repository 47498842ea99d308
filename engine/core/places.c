/*
 * places.c: see places.h.
 */
#include "engine/core/places.h"

#include "engine/core/crown.h"
#include "engine/core/masks.h"
#include "engine/core/tables.h"

/* ---- exiles (2.7) ---- */

uint64_t own_exiles(int side) { return MASKS.exiles_of[side]; }

/* ---- recruits (5.4) ---- */

bool recruit_place_ok(const struct world *w, int block, int area)
{
    const struct block_info *info = &BLOCK_INFO[block];
    int side = world_block_side(w, block); /* the recruiter, also when knowledge asks outside his turn */
    if (enemy_exile(side, area))
        return false; /* 2.7, RULINGS B.22: whatever its shields (Lancaster's Warwick and Calais) */
    switch (info->seat_rule) {
    case SEATS_ANY_FRIENDLY_CITY: return AREA_INFO[area].city && area_friendly(w, side, area);
    case SEATS_ANY_VACANT_NON_EXILE: return area_vacant(w, area) && AREA_INFO[area].kind != AREA_EXILE;
    case SEATS_WALES: return AREA_INFO[area].kind == AREA_WALES && area_friendly_or_vacant(w, side, area);
    default:
        for (int i = 0; i < info->seat_count; i++)
            if (info->seats[i] == area)
                return area_friendly_or_vacant(w, side, area);
        return false;
    }
}

/* ---- the political turn (8.1, 8.3, 8.4) ---- */

int disband_place(int block, int where)
{
    const struct block_info *info = &BLOCK_INFO[block];
    if (info->type == BLOCK_LEVY || info->type == BLOCK_BOMBARD || info->type == BLOCK_REBEL_TYPE ||
        block == BLOCK_L_WELSH_MERCENARY)
        return LOC_POOL;
    if (info->type == BLOCK_MERCENARY)
        return info->seats[0];
    return where;
}

/* The Nevilles (8.3), each name with its York and its Lancaster block. */
static const uint8_t NEVILLES[3][2] = {
    {BLOCK_Y_WARWICK, BLOCK_L_WARWICK}, {BLOCK_Y_KENT, BLOCK_L_KENT}, {BLOCK_Y_SALISBURY, BLOCK_L_SALISBURY}};

static int neville_name(int block)
{
    for (int n = 0; n < 3; n++)
        if (block == NEVILLES[n][0] || block == NEVILLES[n][1])
            return n;
    return -1;
}

/* 8.3: a Neville may go to another Neville's shield when that one is dead. */
uint64_t neville_seats_open(const struct world *w, int block)
{
    uint64_t set = 0;
    int own = neville_name(block);
    for (int n = 0; n < 3 && own >= 0; n++)
        for (int version = 0; version < 2 && n != own; version++)
            if (w->dead & block_bit(NEVILLES[n][version]))
                set |= MASKS.seats[NEVILLES[n][version]];
    return set;
}

uint64_t seat_areas(int block) { return MASKS.seats[block]; }

uint64_t home_areas(const struct world *w, int block)
{
    int side = world_block_side(w, block);
    if (BLOCK_INFO[block].type == BLOCK_HEIR)
        return own_exiles(side) | MASKS.crown | heir_shields(w, block);
    uint64_t homes = seat_areas(block);
    homes |= neville_seats_open(w, block);
    if (block == BLOCK_Y_KENT || block == BLOCK_Y_SALISBURY)
        homes |= area_bit(AREA_CALAIS);
    return homes;
}

/* ---- supply (7.1, 7.2) ---- */

int supply_limit(int area) { return MASKS.supports[area]; }

blockset supply_counted(const struct world *w, int area) { return w->at[area] & ~MASKS.local_mercenaries[area]; }
