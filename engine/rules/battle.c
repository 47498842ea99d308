/*
 * battle.c: the battle phase as decisions.
 *
 * After every decision, settle() runs the parts that need nobody's choice:
 * starting the only battle, reserves entering, control passing, a new round,
 * a volley's hits wherever only one block can take them next, attackers that
 * must retreat in round 4 and cannot, and the end of a battle. It stops at the
 * next real decision.
 */
#include "engine/rules/battle.h"

#include <string.h>

#include "engine/core/crown.h"
#include "engine/core/tables.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/supply.h"

static int defender(const struct world *w) { return 1 - w->battle.attacker; }
static int card_event(const struct world *w, int side) { return CARD_INFO[w->played[side]].event; }

/* Blocks of a side fighting now: in the area and not a reserve still to come. */
static blockset fighting(const struct world *w, int side) { return blocks_in(w, side, w->battle.area) & ~w->reserve; }

static uint8_t TWIN[BLOCK_COUNT];

/* Pairs the two versions of each two-sided noble once, before main() (4.6). */
__attribute__((constructor)) static void pair_twins(void)
{
    for (int block = 0; block < BLOCK_COUNT; block++) {
        TWIN[block] = BLOCK_NONE;
        if (BLOCK_INFO[block].type == BLOCK_BOMBARD)
            continue; /* each side has a bombard of its own, not two versions of one */
        for (int b = 0; b < BLOCK_COUNT; b++)
            if (b != block && BLOCK_INFO[b].side != BLOCK_INFO[block].side &&
                strcmp(BLOCK_INFO[b].name, BLOCK_INFO[block].name) == 0)
                TWIN[block] = (uint8_t)b;
    }
}

int twin_of(int block) { return TWIN[block]; }

static bool in_list(const uint8_t *list, int count, int area)
{
    for (int i = 0; i < count; i++)
        if (list[i] == area)
            return true;
    return false;
}

/* ---- defence bonus (2.2-2.6, 6.4, RULINGS B.4, B.5) ---- */

/* RULINGS B.3: only revealed blocks in the battle count for seniority. */
static int senior_heir_present(const struct world *w, int side)
{
    int best = BLOCK_NONE;
    for (blockset left = fighting(w, side) & w->revealed; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (BLOCK_INFO[b].type == BLOCK_HEIR && BLOCK_INFO[b].side == side &&
            (best == BLOCK_NONE || BLOCK_INFO[b].heir_rank < BLOCK_INFO[best].heir_rank))
            best = b;
    }
    return best;
}

static int defence_bonus(const struct world *w, int block)
{
    const struct block_info *info = &BLOCK_INFO[block];
    int area = w->battle.area, side = world_block_side(w, block);
    switch (info->type) {
    case BLOCK_NOBLE:
    case BLOCK_CHURCH:
    case BLOCK_LEVY: return in_list(info->seats, info->seat_count, area);
    case BLOCK_MERCENARY: return info->seat_rule == SEATS_WALES && AREA_INFO[area].kind == AREA_WALES;
    case BLOCK_HEIR:
        if (senior_heir_present(w, side) != block)
            return 0;
        return heir_shield(w, block, area) + (side == royal_side(w) && AREA_INFO[area].crown);
    default: return 0;
    }
}

int battle_initiative(const struct world *w, int block)
{
    if (BLOCK_INFO[block].type == BLOCK_BOMBARD)
        return w->battle.round == 1 ? 'A' : 'D'; /* RULINGS A.6 */
    return BLOCK_INFO[block].initiative;
}

int battle_firepower(const struct world *w, int block)
{
    int fire = BLOCK_INFO[block].fire;
    if (world_block_side(w, block) == defender(w))
        fire += defence_bonus(w, block);
    return fire > 6 ? 6 : fire;
}

/* ---- who acts next (6.2) ---- */

static blockset slot_blocks(const struct world *w, int letter, int side)
{
    blockset set = 0;
    for (blockset left = fighting(w, side) & ~w->acted; left; left &= left - 1)
        if (battle_initiative(w, __builtin_ctzll(left)) == letter)
            set |= left & -left;
    return set;
}

/* The blocks whose battle turn is next: the earliest letter, defenders first. */
static blockset next_slot(const struct world *w)
{
    for (int letter = 'A'; letter <= 'D'; letter++) {
        blockset d = slot_blocks(w, letter, defender(w));
        if (d)
            return d;
        blockset a = slot_blocks(w, letter, w->battle.attacker);
        if (a)
            return a;
    }
    return 0;
}

/* ---- retreats (6.6) and regroups (6.7) ---- */

static bool entered_over(const struct world *w, int side, int border)
{
    return borders_entered_into(w, side, w->battle.area) >> border & 1;
}

static bool safe_haven(const struct world *w, int side, int area)
{
    if (AREA_INFO[area].kind == AREA_EXILE && AREA_INFO[area].exile_of != side)
        return false;
    return !blocks_in(w, 1 - side, area);
}

/* A land retreat or regroup over the i-th border of the battle area. */
static bool land_way_ok(const struct world *w, int side, int i, bool retreat)
{
    int next = AREA_NEIGHBOURS[w->battle.area].area[i], border = AREA_NEIGHBOURS[w->battle.area].border[i];
    int limit = BORDER_INFO[border].limit + (card_event(w, side) == EVENT_SURPRISE);
    if (!safe_haven(w, side, next) || world_retreats(w, side, i) >= limit)
        return false;
    if (retreat && entered_over(w, 1 - side, border))
        return entered_over(w, side, border) && side != w->player1; /* only Player 2 may (6.6) */
    return true;
}

/* RULINGS A.1: those who came by sea under Piracy leave only by sea. */
static bool sea_way_ok(const struct world *w, int side, int to)
{
    if (to == w->battle.area || !area_is_coastal(to) || !safe_haven(w, side, to))
        return false;
    for (int i = 0; i < AREA_INFO[w->battle.area].sea_count; i++)
        for (int j = 0; j < AREA_INFO[to].sea_count; j++)
            if (AREA_INFO[w->battle.area].seas[i] == AREA_INFO[to].seas[j])
                return true;
    return false;
}

static void list_ways(const struct world *w, int block, int kind, struct decisions *out)
{
    int side = world_block_side(w, block);
    if (w->by_sea & block_bit(block)) {
        for (int a = 0; a < AREA_COUNT; a++)
            if (sea_way_ok(w, side, a))
                push_pair(out, kind, block, a);
        return;
    }
    for (int i = 0; i < AREA_NEIGHBOURS[w->battle.area].count; i++)
        if (land_way_ok(w, side, i, kind == DECIDE_RETREAT))
            push_pair(out, kind, block, AREA_NEIGHBOURS[w->battle.area].area[i]);
}

static void leave_battle(struct world *w, int block, int to)
{
    int side = world_block_side(w, block);
    int i = neighbour_index(w->battle.area, to);
    if (i >= 0 && !(w->by_sea & block_bit(block)))
        world_set_retreats(w, side, i, world_retreats(w, side, i) + 1);
    world_place(w, block, to);
    w->acted |= block_bit(block);
    world_set_flag(w, block, FLAG_RESERVE, false);
    world_set_flag(w, block, FLAG_REVEALED, false);
    world_set_flag(w, block, FLAG_BY_SEA, false);
}

/* ---- treachery (6.9, 6.91, RULINGS B.10) ---- */

static bool is_warwick(int block) { return block == BLOCK_Y_WARWICK || block == BLOCK_L_WARWICK; }

static int loyalty_dice(int target, bool warwick_rolls)
{
    switch (BLOCK_INFO[target].loyalty) {
    case LOYALTY_1: return 1;
    case LOYALTY_2: return 2;
    case LOYALTY_3: return 3;
    case LOYALTY_WARWICK: return warwick_rolls ? 1 : 2;
    default: return 0;
    }
}

static bool treachery_target_ok(const struct world *w, int roller_side, int target, bool warwick_rolls)
{
    if (!(fighting(w, 1 - roller_side) & w->revealed & ~w->defected & block_bit(target)))
        return false;
    if (!loyalty_dice(target, false) || target == w->king || target == w->pretender)
        return false;
    int twin = twin_of(target);
    if (twin == BLOCK_NONE || !(w->other_side & block_bit(twin)))
        return false;
    /* 6.91: Warwick cannot turn Northumberland or Westmoreland */
    const char *name = BLOCK_INFO[target].name;
    return !(warwick_rolls && (strcmp(name, "Northumberland") == 0 || strcmp(name, "Westmoreland") == 0));
}

/* The treachery roll a block may make, as its flag bit, or 0. */
static int roll_flag(const struct world *w, int block)
{
    int flag = block == w->king        ? BATTLE_KING_ROLLED
               : block == w->pretender ? BATTLE_PRETENDER_ROLLED
               : is_warwick(block)     ? BATTLE_WARWICK_ROLLED
                                       : 0;
    return w->battle.flags & flag ? 0 : flag;
}

static void list_treachery(const struct world *w, int roller, struct decisions *out)
{
    int side = world_block_side(w, roller);
    for (blockset left = fighting(w, 1 - side); left; left &= left - 1) {
        int target = __builtin_ctzll(left);
        if (treachery_target_ok(w, side, target, is_warwick(roller)))
            push_pair(out, DECIDE_TREACHERY, roller, target);
    }
}

static void defect(struct world *w, int target)
{
    int twin = twin_of(target), steps = world_steps(w, target);
    bool moved = world_has_flag(w, target, FLAG_MOVED);
    world_place(w, twin, w->battle.area);
    world_set_steps(w, twin, steps);
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        world_set_flag(w, target, f, false);
    world_place(w, target, LOC_OTHER_SIDE);
    world_set_steps(w, target, BLOCK_INFO[target].steps);
    world_set_flag(w, twin, FLAG_MOVED, moved);
    world_set_flag(w, twin, FLAG_RESERVE, true); /* joins the roller's reserve (6.9) */
    world_set_flag(w, twin, FLAG_DEFECTED, true);
    world_set_flag(w, twin, FLAG_REVEALED, true);
    w->acted |= block_bit(twin);
    int side = BLOCK_INFO[target].side;
    if (BLOCK_INFO[target].type == BLOCK_HEIR && !heirs_remaining(w, side)) { /* RULINGS A.9 */
        w->winner = (uint8_t)(1 - side);
        w->phase = PHASE_OVER;
    }
}

/* ---- starting, settling and ending battles ---- */

static uint64_t contested_areas(const struct world *w)
{
    uint64_t set = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        if (area_contested(w, a))
            set |= (uint64_t)1 << a;
    return set;
}

int battle_treason_holder(const struct world *w)
{
    if (w->flags & WORLD_TREASON_ROLLED)
        return SIDE_NONE;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (card_event(w, s) == EVENT_TREASON)
            return s;
    return SIDE_NONE;
}

static void start_battle(struct world *w, int area)
{
    struct battle *battle = &w->battle;
    battle->area = (uint8_t)area;
    battle->round = 1;
    battle->attacker = (uint8_t)(attacked_by(w, w->player1, area) ? w->player1 : 1 - w->player1);
    battle->actor = battle->target = BLOCK_NONE;
    battle->dice = battle->hits = battle->flags = 0;
    memset(battle->retreats, 0, sizeof battle->retreats);
    w->acted = 0;
    w->revealed |= w->at[area] & ~w->reserve; /* 6.1; reserves stay hidden (RULINGS B.3) */
    w->step = battle_treason_holder(w) != SIDE_NONE ? BATTLE_TREASON : BATTLE_TURNS;
}

static void clear_battle_flags(struct world *w)
{
    blockset still_fighting = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        if (area_contested(w, a))
            still_fighting |= w->at[a];
    w->revealed = w->defected = 0;
    w->reserve &= still_fighting;
    w->by_sea &= still_fighting;
}

static void end_battle(struct world *w)
{
    struct battle *battle = &w->battle;
    clear_battle_flags(w);
    battle->area = AREA_NONE;
    battle->round = 0;
    battle->attacker = SIDE_NONE;
    battle->actor = battle->target = BLOCK_NONE;
    battle->dice = battle->hits = battle->flags = 0;
    memset(battle->retreats, 0, sizeof battle->retreats);
    w->acted = 0;
    w->step = BATTLE_CHOOSE;
}

static int regroup_side(const struct world *w)
{
    return blocks_in(w, SIDE_YORK, w->battle.area) ? SIDE_YORK : SIDE_LANCASTER;
}

static void begin_regroup(struct world *w)
{
    w->step = BATTLE_REGROUP;
    w->acted = 0;
    memset(w->battle.retreats, 0, sizeof w->battle.retreats); /* regroups count afresh for each battle (B.8) */
    w->battle.actor = w->battle.target = BLOCK_NONE;
}

static bool can_regroup(const struct world *w)
{
    struct decisions ways;
    ways.count = 0;
    for (blockset left = w->at[w->battle.area] & ~w->acted; left && !ways.count; left &= left - 1)
        list_ways(w, __builtin_ctzll(left), DECIDE_REGROUP, &ways);
    return ways.count > 0;
}

/* Round 1: a side whose fighting blocks are all gone brings its reserves at
 * once; they fire from round 2. If that side defended, control passes (6.3, B.2). */
static void reserves_step_in(struct world *w)
{
    for (int side = 0; side < SIDE_COUNT; side++) {
        blockset waiting = blocks_in(w, side, w->battle.area) & w->reserve;
        if (fighting(w, side) || !waiting || w->battle.round > 1)
            continue;
        w->reserve &= ~waiting;
        w->revealed |= waiting;
        w->acted |= waiting;
        if (side == defender(w) && !(w->battle.flags & BATTLE_CONTROL_SWAPPED)) {
            w->battle.attacker = (uint8_t)side;
            w->battle.flags |= BATTLE_CONTROL_SWAPPED;
        }
    }
}

static void next_round(struct world *w)
{
    w->battle.round++;
    w->acted = 0;
    memset(w->battle.retreats, 0, sizeof w->battle.retreats); /* retreats count afresh each round (B.8) */
    blockset arriving = w->at[w->battle.area] & w->reserve;
    w->reserve &= ~arriving; /* 6.3: reserves arrive at the start of round 2 */
    w->revealed |= arriving;
}

/* Round 4: an attacker whose turn has come and who cannot retreat is eliminated (RULINGS A.7). */
static bool eliminate_trapped_attackers(struct world *w, blockset slot)
{
    bool any = false;
    if (w->battle.round < 4 || !(slot & w->side_blocks[w->battle.attacker]))
        return false;
    for (blockset left = slot; left; left &= left - 1) {
        struct decisions ways = {0};
        list_ways(w, __builtin_ctzll(left), DECIDE_RETREAT, &ways);
        if (!ways.count) {
            eliminate_block(w, __builtin_ctzll(left));
            any = true;
        }
    }
    return any;
}

static void begin_supply(struct world *w)
{
    w->entered[0][0] = w->entered[0][1] = w->entered[1][0] = w->entered[1][1] = 0;
    w->main_attack = 0;
    supply_begin(w);
}

/* The strongest enemy block, which the next hits go to, or BLOCK_NONE when
 * several share the highest strength (the owner chooses) or none is left (6.4). */
static int forced_hit(const struct world *w, blockset targets, bool *tie)
{
    int best = BLOCK_NONE, best_steps = 0;
    *tie = false;
    for (blockset left = targets; left; left &= left - 1) {
        int b = __builtin_ctzll(left), s = world_steps(w, b);
        if (s > best_steps) {
            best = b;
            best_steps = s;
            *tie = false;
        } else if (s == best_steps) {
            *tie = true;
        }
    }
    return *tie ? BLOCK_NONE : best;
}

static blockset hit_targets(const struct world *w) { return fighting(w, 1 - world_block_side(w, w->battle.actor)); }

/* Hits on one block until it is eliminated; returns the hits left over. The
 * target is not chosen anew after each hit, so a volley never leaves two
 * blocks damaged: one strong volley can destroy an important block (6.4,
 * RULINGS B.12). */
static int hits_on(struct world *w, int block, int hits)
{
    int location = world_location(w, block);
    while (hits > 0 && world_location(w, block) == location && w->phase == PHASE_BATTLE) {
        hits--;
        lose_step(w, block);
    }
    return hits;
}

/* The rest of a fired volley: block after block, strongest first, until the
 * hits run out; returns false when the owner must choose among equals. */
static bool settle_hits(struct world *w)
{
    while (w->battle.hits && w->phase == PHASE_BATTLE) {
        bool tie;
        blockset targets = hit_targets(w);
        if (!targets)
            break; /* surplus with nobody left to take it is lost */
        int block = forced_hit(w, targets, &tie);
        if (tie)
            return false;
        w->battle.hits = (uint8_t)hits_on(w, block, w->battle.hits);
    }
    w->battle.hits = 0;
    w->battle.actor = BLOCK_NONE;
    w->step = BATTLE_TURNS;
    return true;
}

static bool battle_is_over(const struct world *w)
{
    return !blocks_in(w, SIDE_YORK, w->battle.area) || !blocks_in(w, SIDE_LANCASTER, w->battle.area);
}

/* One pass of the automatic rules; returns false when a decision is due. */
static bool settle_once(struct world *w)
{
    if (w->step == BATTLE_CHOOSE) {
        uint64_t areas = contested_areas(w);
        if (!areas) {
            begin_supply(w);
            return false;
        }
        if (areas & (areas - 1))
            return false;
        start_battle(w, __builtin_ctzll(areas));
        return true;
    }
    if (w->step == BATTLE_HITS)
        return settle_hits(w);
    if (w->step == BATTLE_REGROUP) {
        if (can_regroup(w))
            return false;
        end_battle(w);
        return true;
    }
    if (w->step != BATTLE_TURNS)
        return false;
    if (battle_is_over(w)) {
        begin_regroup(w);
        return true;
    }
    reserves_step_in(w);
    blockset slot = next_slot(w);
    if (!slot) {
        if (w->battle.round == 4) {
            begin_regroup(w); /* attackers have all gone by now (RULINGS B.13) */
            return true;
        }
        next_round(w);
        return true;
    }
    return eliminate_trapped_attackers(w, slot);
}

static void settle(struct world *w)
{
    while (w->phase == PHASE_BATTLE && settle_once(w)) {
    }
}

void battle_phase_begin(struct world *w)
{
    w->phase = PHASE_BATTLE;
    w->step = BATTLE_CHOOSE;
    settle(w);
}

/* ---- decisions ---- */

int battle_actor(const struct world *w)
{
    switch (w->step) {
    case BATTLE_CHOOSE: return w->player1;
    case BATTLE_TREASON: return battle_treason_holder(w);
    case BATTLE_TURNS: return world_block_side(w, __builtin_ctzll(next_slot(w)));
    case BATTLE_HITS: return 1 - world_block_side(w, w->battle.actor);
    case BATTLE_REGROUP: return regroup_side(w);
    default: return ACTOR_CHANCE;
    }
}

static void list_turn(const struct world *w, int block, struct decisions *out)
{
    int side = world_block_side(w, block);
    if (w->battle.round == 4 && side == w->battle.attacker) {
        list_ways(w, block, DECIDE_RETREAT, out); /* 6.2: attackers must retreat in round 4 */
        return;
    }
    push(out, DECIDE_FIRE, block);
    push(out, DECIDE_HOLD, block);
    if (w->battle.round > 1)
        list_ways(w, block, DECIDE_RETREAT, out);
    if (senior_heir_present(w, side) == block)
        for (blockset left = fighting(w, 1 - side); left; left &= left - 1)
            push_pair(out, DECIDE_CHARGE, block, __builtin_ctzll(left));
    if (roll_flag(w, block))
        list_treachery(w, block, out);
}

static void list_regroups(const struct world *w, struct decisions *out)
{
    for (blockset left = w->at[w->battle.area] & ~w->acted; left; left &= left - 1)
        list_ways(w, __builtin_ctzll(left), DECIDE_REGROUP, out);
    push(out, DECIDE_END, 0);
}

void battle_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    switch (w->step) {
    case BATTLE_CHOOSE:
        for (uint64_t left = contested_areas(w); left; left &= left - 1)
            push(out, DECIDE_BATTLE, __builtin_ctzll(left));
        break;
    case BATTLE_TREASON: {
        int side = battle_treason_holder(w);
        for (blockset left = fighting(w, 1 - side); left; left &= left - 1)
            if (treachery_target_ok(w, side, __builtin_ctzll(left), false))
                push(out, DECIDE_TREASON, __builtin_ctzll(left));
        push(out, DECIDE_DECLINE, 0);
        break;
    }
    case BATTLE_TURNS:
        for (blockset left = next_slot(w); left; left &= left - 1)
            list_turn(w, __builtin_ctzll(left), out);
        break;
    case BATTLE_HITS: {
        bool tie;
        blockset targets = hit_targets(w);
        forced_hit(w, targets, &tie);
        int top = 0;
        for (blockset left = targets; left; left &= left - 1)
            if (world_steps(w, __builtin_ctzll(left)) > top)
                top = world_steps(w, __builtin_ctzll(left));
        for (blockset left = targets; left; left &= left - 1)
            if (world_steps(w, __builtin_ctzll(left)) == top)
                push(out, DECIDE_HIT, __builtin_ctzll(left));
        break;
    }
    case BATTLE_REGROUP: list_regroups(w, out); break;
    default:
        for (int face = 1; face <= 6; face++)
            push(out, DECIDE_ROLL, face);
        break;
    }
}

static void begin_dice(struct world *w, int actor, int target, int dice, int step)
{
    w->battle.actor = (uint8_t)actor;
    w->battle.target = (uint8_t)target;
    w->battle.dice = (uint8_t)dice;
    w->battle.hits = 0;
    w->step = (uint8_t)step;
    if (actor != BLOCK_NONE)
        w->acted |= block_bit(actor);
}

static bool still_fighting(const struct world *w, int block) { return (w->at[w->battle.area] & block_bit(block)) != 0; }

static void dice_done(struct world *w)
{
    int actor = w->battle.actor, target = w->battle.target;
    switch (w->step) {
    case BATTLE_FIRE: w->step = BATTLE_HITS; break;
    case BATTLE_CHARGE:
        hits_on(w, target, w->battle.hits); /* the surplus is lost (6.5) */
        if (w->phase == PHASE_BATTLE && still_fighting(w, target) && still_fighting(w, actor))
            begin_dice(w, actor, target, world_steps(w, target), BATTLE_CHARGE_BACK);
        else
            w->step = BATTLE_TURNS;
        break;
    case BATTLE_CHARGE_BACK:
        hits_on(w, actor, w->battle.hits);
        w->step = BATTLE_TURNS;
        break;
    default: /* BATTLE_TREACHERY: every die even */
        if (w->battle.hits == 0)
            defect(w, target);
        w->step = BATTLE_TURNS;
        break;
    }
    if (w->step == BATTLE_TURNS) {
        w->battle.actor = w->battle.target = BLOCK_NONE;
        w->battle.hits = 0;
    }
}

bool battle_die_counts(const struct world *w, int face)
{
    if (w->step == BATTLE_TREACHERY)
        return face % 2; /* odd dice seen */
    return face <= battle_firepower(w, w->step == BATTLE_CHARGE_BACK ? w->battle.target : w->battle.actor);
}

static void apply_roll(struct world *w, int face)
{
    w->battle.hits += battle_die_counts(w, face);
    if (--w->battle.dice == 0)
        dice_done(w);
}

static void apply_treachery(struct world *w, int roller, int target)
{
    w->battle.flags |= (uint8_t)roll_flag(w, roller);
    begin_dice(w, roller, target, loyalty_dice(target, is_warwick(roller)), BATTLE_TREACHERY);
}

void battle_apply(struct world *w, decision d)
{
    int arg = decision_arg(d), first = decision_first(d), second = decision_second(d);
    switch (decision_kind(d)) {
    case DECIDE_BATTLE: start_battle(w, arg); break;
    case DECIDE_TREASON:
        w->flags |= WORLD_TREASON_ROLLED;
        w->battle.flags |= BATTLE_TREASON_ASKED;
        begin_dice(w, BLOCK_NONE, arg, loyalty_dice(arg, false), BATTLE_TREACHERY);
        break;
    case DECIDE_DECLINE:
        w->battle.flags |= BATTLE_TREASON_ASKED;
        w->step = BATTLE_TURNS;
        break;
    case DECIDE_FIRE: begin_dice(w, arg, BLOCK_NONE, world_steps(w, arg), BATTLE_FIRE); break;
    case DECIDE_HOLD: w->acted |= block_bit(arg); break;
    case DECIDE_RETREAT: leave_battle(w, first, second); break;
    case DECIDE_CHARGE: begin_dice(w, first, second, world_steps(w, first), BATTLE_CHARGE); break;
    case DECIDE_TREACHERY: apply_treachery(w, first, second); break;
    case DECIDE_HIT: w->battle.hits = (uint8_t)hits_on(w, arg, w->battle.hits); break;
    case DECIDE_ROLL: apply_roll(w, arg); break;
    case DECIDE_REGROUP: leave_battle(w, first, second); break;
    default: end_battle(w); break; /* DECIDE_END: no more regroups */
    }
    settle(w);
}
