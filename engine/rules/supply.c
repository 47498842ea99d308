/*
 * supply.c: see supply.h. Everything here that needs no choice happens by
 * itself; the owner decides where a minor enters, whether to execute a
 * defector, and which blocks take supply losses.
 */
#include "engine/rules/supply.h"

#include "engine/core/crown.h"
#include "engine/core/masks.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"
#include "engine/rules/eliminate.h"

/* ---- minors and crowns (6.81, 6.82, RULINGS B.6, B.7) ---- */

static int senior_minor(const struct world *w, int side)
{
    int best = BLOCK_NONE;
    for (blockset left = w->minor & blocks_of_side(side); left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (best == BLOCK_NONE || BLOCK_INFO[b].heir_rank < BLOCK_INFO[best].heir_rank)
            best = b;
    }
    return best;
}

static int side_with_minor_due(const struct world *w)
{
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->minors_due[s] && senior_minor(w, s) != BLOCK_NONE)
            return s;
    return SIDE_NONE;
}

static bool own_exile(int side, int area)
{
    return AREA_INFO[area].kind == AREA_EXILE && AREA_INFO[area].exile_of == side;
}

/* 6.82: royal heirs enter in a friendly or vacant crown area, the Pretender's in exile. */
static bool minor_entry_ok(const struct world *w, int side, int area, bool royal)
{
    if (royal)
        return AREA_INFO[area].crown && !blocks_in(w, 1 - side, area);
    return own_exile(side, area);
}

static void list_minor_entries(const struct world *w, struct decisions *out)
{
    int side = side_with_minor_due(w);
    bool royal = side == royal_side(w);
    for (int a = 0; a < AREA_COUNT; a++)
        if (minor_entry_ok(w, side, a, royal))
            push(out, DECIDE_ENTER, a);
    if (out->count == 0) /* every crown area held by the enemy: the minor waits in exile */
        for (int a = 0; a < AREA_COUNT; a++)
            if (own_exile(side, a))
                push(out, DECIDE_ENTER, a);
}

static void crown(struct world *w)
{
    int royal = royal_side(w);
    w->king = (uint8_t)senior_heir_in_play(w, royal);
    world_set_pretender(w, senior_heir_in_play(w, 1 - royal));
}

/* ---- executions (9.1, RULINGS A.9) ---- */

static int defector_of(int side) { return side == SIDE_YORK ? BLOCK_Y_EXETER : BLOCK_L_CLARENCE; }

static bool may_execute(const struct world *w, int side) { return world_location(w, defector_of(side)) < AREA_COUNT; }

/* His death, not his defection, brings his old side a minor: both versions die. */
static void execute(struct world *w, int block)
{
    int heir = block == BLOCK_Y_EXETER ? BLOCK_L_EXETER : BLOCK_Y_CLARENCE;
    int old_side = BLOCK_INFO[heir].side;
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        world_set_flag(w, block, f, false);
    world_place(w, block, LOC_DEAD);
    world_place(w, heir, LOC_DEAD);
    if (w->minors_due[old_side] < bits_count(w->minor & blocks_of_side(old_side)))
        w->minors_due[old_side]++;
}

/* ---- supply limits (7.1, 7.2) ---- */

/* Steps still owed by an area: its surplus less the losses already taken there. */
static int losses_owed(const struct world *w, int area)
{
    blockset counted = supply_counted(w, area);
    return bits_count(counted) - supply_limit(area) - bits_count(counted & w->acted);
}

static bool more_than_two(blockset set)
{
    set &= set - 1;
    return set & (set - 1);
}

/* The areas that still owe steps. */
static uint64_t areas_owing(const struct world *w)
{
    uint64_t owing = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        if (more_than_two(w->at[a]) && losses_owed(w, a) > 0) /* every area supports two: a quick test first */
            owing |= area_bit(a);
    return owing;
}

static blockset candidates_in(const struct world *w, uint64_t owing, int side)
{
    blockset set = 0;
    for (uint64_t left = owing; left; left &= left - 1)
        set |= supply_counted(w, __builtin_ctzll(left)) & w->side_blocks[side] & ~w->acted;
    return set;
}

static blockset loss_candidates(const struct world *w, int side) { return candidates_in(w, areas_owing(w), side); }

static int side_owing_losses(const struct world *w)
{
    uint64_t owing = areas_owing(w);
    for (int s = 0; s < SIDE_COUNT && owing; s++)
        if (candidates_in(w, owing, s))
            return s;
    return SIDE_NONE;
}

/* ---- the phase ---- */

static void end_turn(struct world *w)
{
    w->moved = w->acted = 0;
    w->played[0] = w->played[1] = 0;
    w->player1 = SIDE_NONE;
    w->ap_left = 0;
    w->flags &= (uint8_t)~WORLD_TREASON_ROLLED;
    if (w->turn < 7) {
        w->turn++;
        w->phase = PHASE_CARDS;
        w->step = CARDS_YORK_PLAYS;
    } else {
        w->phase = PHASE_POLITICAL; /* rules_apply() begins it */
        w->step = POLITICAL_DUE;
    }
}

/* Runs the steps that need no choice; stops at the next decision. */
static void settle(struct world *w)
{
    for (;;) {
        if (w->phase != PHASE_SUPPLY)
            return;
        if (w->step == SUPPLY_MINORS) {
            if (side_with_minor_due(w) != SIDE_NONE)
                return;
            w->minors_due[0] = w->minors_due[1] = 0;
            crown(w);
            w->step = SUPPLY_EXECUTE_YORK;
        } else if (w->step == SUPPLY_EXECUTE_YORK || w->step == SUPPLY_EXECUTE_LANCASTER) {
            if (may_execute(w, w->step == SUPPLY_EXECUTE_YORK ? SIDE_YORK : SIDE_LANCASTER))
                return;
            w->step++;
        } else {
            if (side_owing_losses(w) != SIDE_NONE)
                return;
            end_turn(w);
            return;
        }
    }
}

void supply_begin(struct world *w)
{
    w->phase = PHASE_SUPPLY;
    w->step = SUPPLY_MINORS;
    w->acted = 0;
    settle(w);
}

int supply_actor(const struct world *w)
{
    switch (w->step) {
    case SUPPLY_MINORS: return side_with_minor_due(w);
    case SUPPLY_EXECUTE_YORK: return SIDE_YORK;
    case SUPPLY_EXECUTE_LANCASTER: return SIDE_LANCASTER;
    default: return side_owing_losses(w);
    }
}

void supply_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (w->step == SUPPLY_MINORS) {
        list_minor_entries(w, out);
    } else if (w->step == SUPPLY_LOSSES) {
        for (blockset left = loss_candidates(w, supply_actor(w)); left; left &= left - 1)
            push(out, DECIDE_LOSE, __builtin_ctzll(left));
    } else {
        push(out, DECIDE_EXECUTE, defector_of(supply_actor(w)));
        push(out, DECIDE_SPARE, 0);
    }
}

void supply_apply(struct world *w, decision d)
{
    int arg = decision_arg(d);
    switch (decision_kind(d)) {
    case DECIDE_ENTER: {
        int side = side_with_minor_due(w);
        world_place(w, senior_minor(w, side), arg);
        w->minors_due[side]--;
        break;
    }
    case DECIDE_EXECUTE:
        execute(w, arg);
        w->step++;
        break;
    case DECIDE_SPARE: w->step++; break;
    default: /* DECIDE_LOSE */
        w->acted |= block_bit(arg);
        lose_step(w, arg);
        break;
    }
    settle(w);
}

void free_prisoner_if_rescued(struct world *w)
{
    if (w->prisoner == BLOCK_NONE || !area_friendly(w, SIDE_LANCASTER, AREA_MIDDLESEX))
        return;
    int henry = w->prisoner;
    world_place(w, henry, AREA_MIDDLESEX);
    if (w->pretender == BLOCK_NONE || BLOCK_INFO[w->pretender].side == BLOCK_INFO[henry].side)
        world_set_pretender(w, henry); /* he becomes the Pretender (RULINGS B.15) */
}
