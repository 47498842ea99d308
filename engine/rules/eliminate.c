/*
 * eliminate.c: see eliminate.h. Every way a block leaves play through losses
 * (battle, Plague, supply) comes through here, so the rules of 6.81-6.86 live
 * in one place.
 */
#include "engine/rules/eliminate.h"

#include "engine/core/crown.h"
#include "engine/core/masks.h"
#include "engine/core/tables.h"

static bool is_neville(int block)
{
    return block == BLOCK_Y_WARWICK || block == BLOCK_L_WARWICK || block == BLOCK_Y_KENT || block == BLOCK_L_KENT ||
           block == BLOCK_Y_SALISBURY || block == BLOCK_L_SALISBURY;
}

/* Where an eliminated mercenary goes face-down: its home exile (6.84). */
static int mercenary_home(int block)
{
    const struct block_info *info = &BLOCK_INFO[block];
    return info->seat_rule == SEATS_AREAS ? info->seats[0] : LOC_POOL;
}

blockset heirs_remaining(const struct world *w, int side) { return MASKS.heirs[side] & ~w->dead & ~w->other_side; }

/* 6.81, 6.82, RULINGS B.6, B.7: a dead heir brings a minor next supply phase; a
 * dead King leaves the throne empty until then; the Pretender is at once the
 * senior heir in play; the last heir's death is the other side's victory (9.0). */
static void heir_dies(struct world *w, int block)
{
    int side = BLOCK_INFO[block].side;
    world_place(w, block, LOC_DEAD);
    if (w->minors_due[side] < bits_count(w->minor & blocks_of_side(side)))
        w->minors_due[side]++;
    if (w->king == block)
        w->king = BLOCK_NONE;
    if (w->pretender == block)
        world_set_pretender(w, senior_heir_in_play(w, side));
    if (!heirs_remaining(w, side)) {
        w->winner = (uint8_t)(1 - side);
        w->phase = PHASE_OVER;
    }
}

static void to_pool_face_down(struct world *w, int block)
{
    world_place(w, block, LOC_POOL);
    world_set_flag(w, block, FLAG_FACE_DOWN, true);
}

void eliminate_block(struct world *w, int block)
{
    const struct block_info *info = &BLOCK_INFO[block];
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        world_set_flag(w, block, f, false);
    world_set_steps(w, block, info->steps);
    /* What it did this step stays behind: a mercenary that took a supply loss
     * and fell would otherwise show that loss in its exile, where nothing is
     * owed (7.1, 6.84). */
    w->acted &= ~block_bit(block);
    if (info->type == BLOCK_HEIR) {
        heir_dies(w, block);
    } else if (info->loyalty == LOYALTY_ROSE || is_neville(block)) {
        world_place(w, block, LOC_DEAD); /* 6.83 */
    } else if (info->type == BLOCK_MERCENARY && info->seat_rule == SEATS_AREAS) {
        /* 6.84; but a home the enemy holds, such as the very exile it fell
         * defending after a defection, would put it back into the battle:
         * it waits in the pool until the political turn sends it home (8.1) */
        int home = mercenary_home(block);
        world_place(w, block, blocks_in(w, 1 - world_block_side(w, block), home) ? LOC_POOL : home);
        world_set_flag(w, block, FLAG_FACE_DOWN, true);
    } else {
        to_pool_face_down(w, block); /* nobles, church, levies, bombard, the Welsh, the rebel */
    }
}

void lose_step(struct world *w, int block)
{
    int steps = world_steps(w, block);
    if (steps > 1)
        world_set_steps(w, block, steps - 1);
    else
        eliminate_block(w, block);
}
