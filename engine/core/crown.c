/*
 * crown.c: see crown.h.
 */
#include "engine/core/crown.h"

#include "engine/core/tables.h"

int senior_heir_in_play(const struct world *w, int side)
{
    int best = BLOCK_NONE;
    for (int b = 0; b < BLOCK_COUNT; b++) {
        const struct block_info *info = &BLOCK_INFO[b];
        if (info->side != side || info->type != BLOCK_HEIR || world_location(w, b) >= AREA_COUNT)
            continue;
        if (best == BLOCK_NONE || info->heir_rank < BLOCK_INFO[best].heir_rank)
            best = b;
    }
    return best;
}

int royal_side(const struct world *w) { return 1 - world_pretender_side(w); }

bool heir_shield(const struct world *w, int heir, int area)
{
    static const int OWN_SHIELD[] = {BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_RICHMOND};
    const struct block_info *info = &BLOCK_INFO[heir];
    for (int i = 0; i < info->seat_count; i++)
        if (info->seats[i] == area)
            return true;
    for (int i = 0; i < 3 && info->side == SIDE_LANCASTER; i++)
        if ((w->dead & block_bit(OWN_SHIELD[i])) && BLOCK_INFO[OWN_SHIELD[i]].seats[0] == area)
            return true;
    return false;
}
