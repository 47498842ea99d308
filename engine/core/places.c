/*
 * places.c: see places.h.
 */
#include "engine/core/places.h"

#include <string.h>

#include "engine/core/crown.h"
#include "engine/core/tables.h"

/* ---- exiles (2.7) ---- */

bool enemy_exile(int side, int area) { return AREA_INFO[area].kind == AREA_EXILE && AREA_INFO[area].exile_of != side; }

uint64_t own_exiles(int side)
{
    uint64_t set = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        if (AREA_INFO[a].kind == AREA_EXILE && AREA_INFO[a].exile_of == side)
            set |= area_bit(a);
    return set;
}

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

static bool neville(int block)
{
    const char *name = BLOCK_INFO[block].name;
    return strcmp(name, "Warwick") == 0 || strcmp(name, "Kent") == 0 || strcmp(name, "Salisbury") == 0;
}

/* 8.3: a Neville may go to another Neville's shield when that one is dead. */
uint64_t neville_seats_open(const struct world *w, int block)
{
    uint64_t set = 0;
    if (!neville(block))
        return 0;
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (neville(b) && strcmp(BLOCK_INFO[b].name, BLOCK_INFO[block].name) != 0 && (w->dead & block_bit(b)))
            for (int i = 0; i < BLOCK_INFO[b].seat_count; i++)
                set |= area_bit(BLOCK_INFO[b].seats[i]);
    return set;
}

uint64_t seat_areas(int block)
{
    uint64_t set = 0;
    for (int i = 0; i < BLOCK_INFO[block].seat_count; i++)
        set |= area_bit(BLOCK_INFO[block].seats[i]);
    return set;
}

uint64_t home_areas(const struct world *w, int block)
{
    int side = world_block_side(w, block);
    if (BLOCK_INFO[block].type == BLOCK_HEIR) {
        uint64_t homes = own_exiles(side);
        for (int a = 0; a < AREA_COUNT; a++)
            if (AREA_INFO[a].crown || heir_shield(w, block, a))
                homes |= area_bit(a);
        return homes;
    }
    uint64_t homes = seat_areas(block);
    homes |= neville_seats_open(w, block);
    if (block == BLOCK_Y_KENT || block == BLOCK_Y_SALISBURY)
        homes |= area_bit(AREA_CALAIS);
    return homes;
}

/* ---- supply (7.1, 7.2) ---- */

int supply_limit(int area)
{
    if (AREA_INFO[area].kind == AREA_EXILE)
        return area == AREA_CALAIS || area == AREA_FRANCE ? 4 : 2;
    return AREA_INFO[area].city ? 5 : 4;
}

blockset supply_counted(const struct world *w, int area)
{
    blockset counted = w->at[area];
    for (blockset left = counted; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        const struct block_info *info = &BLOCK_INFO[b];
        if (info->type == BLOCK_MERCENARY && info->seat_rule == SEATS_AREAS && info->seats[0] == area)
            counted &= ~block_bit(b);
    }
    return counted;
}
