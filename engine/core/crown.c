/*
 * crown.c: see crown.h.
 */
#include "engine/core/crown.h"

#include "engine/core/masks.h"
#include "engine/core/tables.h"

int senior_heir_in_play(const struct world *w, int side)
{
    int best = BLOCK_NONE;
    for (blockset left = MASKS.heirs[side] & world_on_map(w); left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (best == BLOCK_NONE || BLOCK_INFO[b].heir_rank < BLOCK_INFO[best].heir_rank)
            best = b;
    }
    return best;
}

int royal_side(const struct world *w) { return 1 - world_pretender_side(w); }

uint64_t heir_shields(const struct world *w, int heir)
{
    static const int OWN_SHIELD[] = {BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_RICHMOND};
    uint64_t shields = MASKS.seats[heir];
    for (int i = 0; i < 3 && BLOCK_INFO[heir].side == SIDE_LANCASTER; i++)
        if (w->dead & block_bit(OWN_SHIELD[i]))
            shields |= area_bit(BLOCK_INFO[OWN_SHIELD[i]].seats[0]);
    return shields;
}

bool heir_shield(const struct world *w, int heir, int area) { return heir_shields(w, heir) >> area & 1; }
