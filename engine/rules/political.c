/*
 * political.c: see political.h. A block with one way home goes by itself, one
 * with none goes to the pool; the owner chooses only where there is a choice.
 */
#include "engine/rules/political.h"

#include <string.h>

#include "engine/core/crown.h"
#include "engine/core/knowledge.h"
#include "engine/core/masks.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"

static bool is_exile(int area) { return area < AREA_COUNT && AREA_INFO[area].kind == AREA_EXILE; }

/* ---- 8.1 ---- */

static void disband_and_send_home(struct world *w)
{
    knowledge_political_begins(w);
    blockset stood[AREA_COUNT], waiting = 0; /* where each block was before any went */
    memcpy(stood, w->at, sizeof stood);
    for (blockset left = w->pool; left; left &= left - 1)
        if (BLOCK_INFO[__builtin_ctzll(left)].type == BLOCK_MERCENARY) /* eliminate.c */
            waiting |= left & -left;
    for (int where = 0; where < AREA_COUNT; where++)
        for (blockset left = stood[where]; left; left &= left - 1) {
            int b = __builtin_ctzll(left), to = disband_place(b, where);
            world_place(w, b, to);
            if (to == LOC_POOL)                             /* a recruit comes at full strength (5.4): */
                world_set_steps(w, b, BLOCK_INFO[b].steps); /* none of its losses go with it */
        }
    for (blockset left = waiting; left; left &= left - 1)
        world_place(w, __builtin_ctzll(left), disband_place(__builtin_ctzll(left), LOC_POOL));
}

/* ---- 8.2 ---- */

int usurpation_count(const struct world *w, int side)
{
    int count = 0;
    for (uint64_t left = MASKS.usurpation_ground; left; left &= left - 1)
        count += bits_count(blocks_in(w, side, __builtin_ctzll(left)) & MASKS.throne_counters);
    if (w->prisoner != BLOCK_NONE && BLOCK_INFO[w->prisoner].side == side)
        count++; /* RULINGS B.15: Henry VI counts while a prisoner */
    return count + area_friendly(w, side, AREA_MIDDLESEX);
}

static void usurp(struct world *w)
{
    int king_side = royal_side(w);
    if (king_side == SIDE_NONE)
        return;
    int pretender_side = 1 - king_side;
    if (usurpation_count(w, pretender_side) <= usurpation_count(w, king_side))
        return; /* ties go to the King */
    w->king = (uint8_t)senior_heir_in_play(w, pretender_side);
    world_set_pretender_side(w, king_side);
    world_set_pretender(w, senior_heir_in_play(w, king_side));
}

static bool game_ends_here(struct world *w)
{
    if (w->campaign < SCENARIO_INFO[w->scenario].last_campaign)
        return false;
    w->winner = (uint8_t)royal_side(w);
    w->phase = PHASE_OVER;
    if (w->prisoner != BLOCK_NONE && w->winner != BLOCK_INFO[w->prisoner].side)
        world_place(w, w->prisoner, LOC_DEAD); /* RULINGS B.15 */
    return true;
}

/* ---- 8.3, 8.4 ---- */

static uint64_t not_enemy_held(const struct world *w, int side, uint64_t areas)
{
    uint64_t ok = 0;
    for (uint64_t left = areas & ~MASKS.enemy_exiles[side]; left; left &= left - 1)
        if (!blocks_in(w, 1 - side, __builtin_ctzll(left)))
            ok |= left & -left;
    return ok;
}

static uint64_t noble_homes(const struct world *w, int block, int side)
{
    uint64_t homes = seat_areas(block);
    homes |= neville_seats_open(w, block);
    uint64_t ok = not_enemy_held(w, side, homes);
    if (!ok && (block == BLOCK_Y_KENT || block == BLOCK_Y_SALISBURY))
        ok = area_bit(AREA_CALAIS); /* 8.3: Kent and Salisbury may go to Calais */
    return ok;
}

static uint64_t royal_heir_homes(const struct world *w, int block, int side)
{
    uint64_t ok = not_enemy_held(w, side, MASKS.crown | heir_shields(w, block));
    return ok ? ok : own_exiles(side);
}

/* Where a block may go home; 0 means its pool. */
static uint64_t home_options(const struct world *w, int block)
{
    int side = world_block_side(w, block);
    if (BLOCK_INFO[block].type == BLOCK_HEIR)
        return side == royal_side(w) ? royal_heir_homes(w, block, side) : own_exiles(side);
    return noble_homes(w, block, side);
}

static int homing_side(const struct world *w)
{
    int royal = royal_side(w);
    return w->step == POLITICAL_KING_HOME ? royal : 1 - royal;
}

/* Blocks of the homing side still to go home: on the map, outside exile (8.4). */
static blockset still_to_go(const struct world *w)
{
    blockset set = 0;
    int side = homing_side(w);
    for (int a = 0; a < AREA_COUNT; a++)
        if (!is_exile(a))
            set |= blocks_in(w, side, a);
    return set & ~w->acted;
}

static void go_home(struct world *w, int block, int area)
{
    knowledge_goes_home(w, block, area);
    world_place(w, block, area);
    w->acted |= block_bit(block);
}

/* Sends home every block with at most one way; returns whether any choice is left. */
static bool send_obvious_home(struct world *w)
{
    bool choice = false;
    for (blockset left = still_to_go(w); left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        uint64_t options = home_options(w, b);
        if (!options)
            go_home(w, b, LOC_POOL);
        else if (!(options & (options - 1)))
            go_home(w, b, __builtin_ctzll(options));
        else
            choice = true;
    }
    return choice;
}

/* ---- 8.5 ---- */

static blockset exile_surplus_candidates(const struct world *w)
{
    blockset set = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        if (!is_exile(a))
            continue;
        blockset counted = supply_counted(w, a);
        if (bits_count(counted) > supply_limit(a))
            for (blockset left = counted; left; left &= left - 1)
                if (BLOCK_INFO[__builtin_ctzll(left)].type != BLOCK_HEIR)
                    set |= left & -left;
    }
    return set;
}

static void reset_campaign(struct world *w)
{
    world_place(w, BLOCK_R_REBEL, LOC_POOL); /* to the Pretender's pool: the rebel follows him */
    w->face_down = w->moved = w->pinned = w->revealed = w->defected = w->reserve = w->by_sea = w->acted = 0;
    for (int b = 0; b < BLOCK_COUNT; b++)
        world_set_steps(w, b, BLOCK_INFO[b].steps);
    w->flags &= WORLD_NO_KNOWLEDGE; /* a new campaign: mulligans and the Treason roll are fresh */
    w->hand[0] = w->hand[1] = 0;
    w->played[0] = w->played[1] = 0;
    w->deck = 0;
    for (int card = 1; card <= CARD_COUNT; card++)
        w->deck |= (uint32_t)1 << card;
    w->campaign++;
    w->turn = 1;
    w->player1 = SIDE_NONE;
    w->phase = PHASE_DEAL;
    w->step = 0;
}

static void settle(struct world *w)
{
    while (w->phase == PHASE_POLITICAL) {
        if (w->step == POLITICAL_EXILE_SURPLUS) {
            if (exile_surplus_candidates(w))
                return;
            reset_campaign(w);
            return;
        }
        if (send_obvious_home(w))
            return;
        w->acted = 0;
        w->step++;
    }
}

void political_disband_and_usurp(struct world *w)
{
    w->phase = PHASE_POLITICAL;
    w->step = POLITICAL_HOMING_DUE;
    w->acted = 0;
    disband_and_send_home(w);
    usurp(w);
    game_ends_here(w);
}

void political_homing(struct world *w)
{
    w->step = POLITICAL_PRETENDER_HOME;
    settle(w);
}

void political_begin(struct world *w)
{
    political_disband_and_usurp(w);
    if (w->phase == PHASE_POLITICAL)
        political_homing(w);
}

int political_actor(const struct world *w)
{
    if (w->step == POLITICAL_EXILE_SURPLUS)
        return world_block_side(w, __builtin_ctzll(exile_surplus_candidates(w)));
    return homing_side(w);
}

void political_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (w->step == POLITICAL_EXILE_SURPLUS) {
        int side = political_actor(w);
        for (blockset left = exile_surplus_candidates(w) & w->side_blocks[side]; left; left &= left - 1)
            push(out, DECIDE_DISBAND, __builtin_ctzll(left));
        return;
    }
    for (blockset left = still_to_go(w); left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        for (uint64_t options = home_options(w, b); options; options &= options - 1)
            push_pair(out, DECIDE_HOME, b, __builtin_ctzll(options));
    }
}

void political_apply(struct world *w, decision d)
{
    if (decision_kind(d) == DECIDE_DISBAND)
        world_place(w, decision_arg(d), LOC_POOL);
    else
        go_home(w, decision_first(d), decision_second(d));
    settle(w);
}
