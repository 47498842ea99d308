/*
 * action.c: the action phase as atomic decisions.
 *
 * The move in progress lives in world.move. A land group is "move-from AREA",
 * then for each block "block B" and "to AREA" per area entered (and "stop"
 * where it may go on), then "end". A sea move is "sea-from AREA", "block B",
 * "to AREA", and a second "block B" when both ports allow it (5.31). A recruit
 * is "recruit B", "at AREA". The events: "muster AREA" then blocks as in a
 * group; "plague AREA".
 *
 * Battles are not fought here: a block that enters an enemy or contested area
 * stops (5.2), and the crossing is recorded (entered, main_attack, reserve)
 * for the pinning rule (5.22), the reserve rules (6.3) and retreats (6.6).
 */
#include "engine/rules/action.h"

#include "engine/core/masks.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"
#include "engine/rules/battle.h"
#include "engine/rules/eliminate.h"

int card_actions(int card)
{
    const struct card_info *info = &CARD_INFO[card];
    return info->event != EVENT_NONE && info->ap == 0 ? 1 : info->ap;
}

static int acting_side(const struct world *w) { return w->step == ACTION_PLAYER1 ? w->player1 : 1 - w->player1; }

static int acting_event(const struct world *w) { return CARD_INFO[w->played[acting_side(w)]].event; }

/* ---- the map as seen by the side that moves ---- */

static bool has_enemy(const struct world *w, int side, int area) { return blocks_in(w, 1 - side, area) != 0; }

/* 0 when border e runs from its area a into its area b, 1 the other way. */
static int way_into(int border, int area) { return BORDER_INFO[border].b == area ? 0 : 1; }

/* 5.22: blocks of the defender that the attackers (not their reserves) hold. */
static bool pinned_if_one_leaves(const struct world *w, int side, int area)
{
    blockset attackers = blocks_in(w, 1 - side, area) & ~w->reserve;
    return bits_count(blocks_in(w, side, area)) - 1 < bits_count(attackers);
}

/* 6.3: an attack comes over three borders at most; Player 2 reinforces a
 * battle begun by Player 1 over two at most (RULINGS B.9). */
static bool battle_border_allowed(const struct world *w, int side, int border, int area)
{
    uint64_t used = borders_entered_into(w, side, area);
    if (used >> border & 1)
        return true;
    bool reinforcing = blocks_in(w, side, area) && attacked_by(w, 1 - side, area);
    return bits_count(used) < (reinforcing ? 2 : 3);
}

/* ---- land moves ---- */

static int max_steps(const struct world *w) { return acting_event(w) == EVENT_FORCE_MARCH ? 3 : 2; }

/* Borders crossed as often as their limit allows this turn (5.21): the
 * counts are three bit planes, so "count >= n" is a few ANDs and ORs. */
static uint64_t full_borders(const struct world *w)
{
    uint64_t c0 = w->crossed[0], c1 = w->crossed[1], c2 = w->crossed[2];
    uint64_t at_least[6] = {~0ull, c0 | c1 | c2, c1 | c2, c2 | (c1 & c0), c2, c2 & (c0 | c1)};
    int extra = acting_event(w) == EVENT_SURPRISE; /* RULINGS A.1 */
    return (MASKS.border_limit[2] & at_least[2 + extra]) | (MASKS.border_limit[3] & at_least[3 + extra]) |
           (MASKS.border_limit[4] & at_least[4 + extra]);
}

/* May the block of move m (the world's, or one being tried) go from 'here'
 * over the i-th border to the next area? 'full' are the borders that have
 * reached their limit (full_borders). */
static bool step_ok(const struct world *w, const struct move *m, int here, int i, uint64_t full)
{
    int side = acting_side(w);
    int next = AREA_NEIGHBOURS[here].area[i], border = AREA_NEIGHBOURS[here].border[i];
    if (next == m->came_from || enemy_exile(side, next) || (full >> border & 1))
        return false;
    if (m->steps == 0 && area_contested(w, here)) { /* a defender leaving a battle (5.22) */
        if ((borders_entered_into(w, 1 - side, here) >> border & 1) || pinned_if_one_leaves(w, side, here))
            return false;
    }
    if (has_enemy(w, side, next) && !battle_border_allowed(w, side, border, next))
        return false;
    if (m->kind == MOVE_MUSTER && next != m->target) { /* the move must end in the Muster area */
        if (m->steps + 1 >= max_steps(w) || has_enemy(w, side, next) || BORDER_INFO[border].colour == BORDER_RED)
            return false;
        int last = border_between(next, m->target);
        if (last == BORDER_NONE || (full >> last & 1))
            return false;
    }
    return true;
}

/* A first step out of an uncontested area that is surely open: over a border
 * not yet full, into an area with no enemy that is no enemy exile. (Steps
 * into an enemy area need the battle rules of land_step_ok.) */
static bool free_first_step(int here, uint64_t full, uint64_t closed)
{
    const struct neighbours *n = &AREA_NEIGHBOURS[here];
    for (int i = 0; i < n->count; i++)
        if (!(full >> n->border[i] & 1) && !(closed >> n->area[i] & 1))
            return true;
    return false;
}

static bool can_step(const struct world *w, const struct move *m, int here)
{
    uint64_t full = full_borders(w);
    for (int i = 0; i < AREA_NEIGHBOURS[here].count; i++)
        if (step_ok(w, m, here, i, full))
            return true;
    return false;
}

static bool block_can_step(const struct world *w, int here) { return can_step(w, &w->move, here); }

/* Blocks that may start a land move from an area now. */
static blockset movable_blocks(const struct world *w, int area)
{
    blockset candidates = blocks_in(w, acting_side(w), area) & ~w->moved & ~w->face_down;
    return candidates && block_can_step(w, area) ? candidates : 0; /* no step depends on which block */
}

/* Records a block entering an enemy or contested area: the border it used, and
 * whether it is the main attack or a reserve (6.3, RULINGS B.1, B.9). */
static void enter_battle(struct world *w, int block, int side, int border, int area)
{
    bool first = !(blocks_in(w, side, area) & ~block_bit(block));
    bool reinforcing = !first && attacked_by(w, 1 - side, area);
    if (border != BORDER_NONE)
        w->entered[side][way_into(border, area)] |= (uint64_t)1 << border;
    if (first) {
        if (border != BORDER_NONE)
            w->main_attack |= (uint64_t)1 << border;
    } else if (reinforcing) {
        world_set_flag(w, block, FLAG_RESERVE, true);
    } else {
        bool main_by_sea = blocks_in(w, side, area) & w->by_sea & ~w->reserve & ~block_bit(block);
        bool on_main = border == BORDER_NONE ? main_by_sea : (w->main_attack >> border & 1);
        world_set_flag(w, block, FLAG_RESERVE, !on_main);
    }
}

static void finish_block(struct world *w)
{
    world_set_flag(w, w->move.block, FLAG_MOVED, true);
    w->move.block = BLOCK_NONE;
    w->move.via = AREA_NONE;
    w->move.came_from = AREA_NONE;
    w->move.steps = 0;
}

static void apply_land_step(struct world *w, int next)
{
    struct move *m = &w->move;
    int side = acting_side(w), block = m->block, here = m->via;
    int border = border_between(here, next);
    bool battle = has_enemy(w, side, next);
    world_set_crossed(w, border, world_crossed(w, border) + 1);
    world_place(w, block, next);
    m->came_from = (uint8_t)here;
    m->via = (uint8_t)next;
    m->steps++;
    if (battle)
        enter_battle(w, block, side, border, next);
    if (battle || BORDER_INFO[border].colour == BORDER_RED || m->steps >= max_steps(w) ||
        (m->kind == MOVE_MUSTER && next == m->target) || !block_can_step(w, next))
        finish_block(w);
}

static void list_land_steps(const struct world *w, struct decisions *out)
{
    const struct move *m = &w->move;
    uint64_t full = full_borders(w);
    for (int i = 0; i < AREA_NEIGHBOURS[m->via].count; i++)
        if (step_ok(w, m, m->via, i, full))
            push(out, DECIDE_TO, AREA_NEIGHBOURS[m->via].area[i]);
    if (m->steps > 0 && m->kind == MOVE_LAND)
        push(out, DECIDE_STOP, 0);
}

/* ---- sea moves (5.3) ---- */

/* The blocks of a side that may still start a move this turn (5.2). */
static blockset unmoved(const struct world *w, int side) { return w->side_blocks[side] & ~w->moved & ~w->face_down; }

/* The areas a side's sea move may land in, wherever it starts: no enemy exile,
 * and no enemy blocks but under Piracy (RULINGS A.1). */
static uint64_t landing_areas(const struct world *w, int side, uint64_t enemy_areas)
{
    uint64_t open = ~MASKS.enemy_exiles[side];
    return acting_event(w) == EVENT_PIRACY ? open : open & ~enemy_areas;
}

/* The ports a sea move from an area may land in: coastal areas on one of its seas. */
static uint64_t sea_targets(const struct world *w, int from, uint64_t enemy_areas)
{
    return MASKS.sea_reach[from] & landing_areas(w, acting_side(w), enemy_areas);
}

/* Blocks of 'free' that may sail from an area, given where enemies stand and
 * where a landing is open; where they may go does not depend on which block
 * (an inland area reaches no sea). */
static blockset sailing_blocks(const struct world *w, int side, int area, blockset free, uint64_t enemy_areas,
                               uint64_t landing)
{
    blockset candidates = w->at[area] & free & MASKS.sea_capable;
    if (!candidates || ((enemy_areas >> area & 1) && pinned_if_one_leaves(w, side, area)))
        return 0; /* candidates stand here, so an enemy here makes it contested */
    return MASKS.sea_reach[area] & landing ? candidates : 0;
}

static blockset sea_blocks_given(const struct world *w, int area, uint64_t enemy_areas)
{
    int side = acting_side(w);
    return sailing_blocks(w, side, area, unmoved(w, side), enemy_areas, landing_areas(w, side, enemy_areas));
}

static uint64_t enemy_areas(const struct world *w) { return areas_holding(w, w->side_blocks[1 - acting_side(w)]); }

static blockset sea_blocks(const struct world *w, int area) { return sea_blocks_given(w, area, enemy_areas(w)); }

/* 5.31, RULINGS A.3, B.19: a second block may follow port to port, unless the
 * move attacks; a Piracy move into a friendly or vacant port keeps the bonus. */
static bool port_pair_open(const struct world *w, int from, int to)
{
    return AREA_INFO[from].major_port && AREA_INFO[to].major_port && !has_enemy(w, acting_side(w), to);
}

static void end_move(struct world *w);

static void apply_sea_landing(struct world *w, int block, int to)
{
    struct move *m = &w->move;
    int side = acting_side(w);
    bool battle = has_enemy(w, side, to);
    bool second = m->via != AREA_NONE;
    world_place(w, block, to);
    world_set_flag(w, block, FLAG_MOVED, true);
    if (battle) {
        world_set_flag(w, block, FLAG_BY_SEA, true);
        enter_battle(w, block, side, BORDER_NONE, to);
    }
    m->block = BLOCK_NONE;
    if (!second && port_pair_open(w, m->from, to) && sea_blocks(w, m->from) & ~w->moved)
        m->via = (uint8_t)to; /* a second block may follow, port to port (5.31) */
    else
        end_move(w);
}

/* ---- recruits (5.4) ---- */

/* Mercenaries come out of exile by sea, not as recruits (5.4); the Welsh are raised in Wales. */
static bool recruited_from_pool(int block)
{
    return BLOCK_INFO[block].type != BLOCK_MERCENARY || block == BLOCK_L_WELSH_MERCENARY;
}

bool recruitable(const struct world *w, int block)
{
    int side = world_block_side(w, block);
    if (side >= SIDE_COUNT || !recruited_from_pool(block))
        return false;
    struct area_sets areas = area_sets_of(w, side);
    return recruit_places(w, block, &areas) != 0;
}

/* ---- the phase ---- */

static void begin_player(struct world *w, int step)
{
    w->step = (uint8_t)step;
    w->ap_left = (uint8_t)card_actions(w->played[acting_side(w)]);
    w->crossed[0] = w->crossed[1] = w->crossed[2] = 0; /* each player counts separately (5.21) */
}

void action_begin(struct world *w)
{
    w->phase = PHASE_ACTION;
    begin_player(w, ACTION_PLAYER1);
}

static void end_player(struct world *w)
{
    if (w->step == ACTION_PLAYER1) {
        begin_player(w, ACTION_PLAYER2);
    } else {
        w->crossed[0] = w->crossed[1] = w->crossed[2] = 0;
        w->ap_left = 0;
        battle_phase_begin(w);
    }
}

static void end_move(struct world *w)
{
    struct move *m = &w->move;
    m->kind = MOVE_NONE;
    m->from = m->block = m->via = m->came_from = m->target = AREA_NONE;
    m->steps = 0;
    if (w->ap_left == 0)
        end_player(w);
}

static bool event_allows(int event, int kind)
{
    switch (event) {
    case EVENT_NONE: return kind == DECIDE_MOVE_FROM || kind == DECIDE_SEA_FROM || kind == DECIDE_RECRUIT;
    case EVENT_FORCE_MARCH: return kind == DECIDE_MOVE_FROM;
    case EVENT_SURPRISE:
    case EVENT_TREASON: return kind == DECIDE_MOVE_FROM || kind == DECIDE_SEA_FROM;
    case EVENT_PIRACY: return kind == DECIDE_SEA_FROM;
    case EVENT_MUSTER: return kind == DECIDE_MUSTER;
    default: return kind == DECIDE_PLAGUE;
    }
}

static void list_area_choices(int kind, uint64_t areas, struct decisions *out)
{
    for (uint64_t left = areas; left; left &= left - 1)
        push(out, kind, __builtin_ctzll(left));
}

/* movable_blocks() between moves, with the quick test first: most areas
 * have an open way out, and then every block there may move. 'closed' are
 * the areas a free first step may not enter. */
static bool may_move_from(const struct world *w, int area, uint64_t enemy_areas, uint64_t full, uint64_t closed)
{
    if (!(enemy_areas >> area & 1) && free_first_step(area, full, closed))
        return true;
    return block_can_step(w, area);
}

/* The moves and sea moves, area by area: only areas with the side's unmoved
 * blocks can start one. */
static void list_group_moves(const struct world *w, const struct area_sets *areas, int event, struct decisions *out)
{
    bool land = event_allows(event, DECIDE_MOVE_FROM), sea = event_allows(event, DECIDE_SEA_FROM);
    if (!land && !sea)
        return;
    int side = acting_side(w);
    blockset free = unmoved(w, side);
    uint64_t full = full_borders(w), closed = areas->enemy | MASKS.enemy_exiles[side];
    uint64_t landing = landing_areas(w, side, areas->enemy);
    for (uint64_t left = areas->own; left; left &= left - 1) {
        int a = __builtin_ctzll(left);
        if (!(w->at[a] & free))
            continue;
        if (land && may_move_from(w, a, areas->enemy, full, closed))
            push(out, DECIDE_MOVE_FROM, a);
        if (sea && sailing_blocks(w, side, a, free, areas->enemy, landing))
            push(out, DECIDE_SEA_FROM, a);
    }
}

static void list_idle(const struct world *w, struct decisions *out)
{
    int side = acting_side(w), event = acting_event(w);
    push(out, DECIDE_PASS, 0);
    if (w->ap_left == 0)
        return;
    struct area_sets areas = area_sets_of(w, side);
    list_group_moves(w, &areas, event, out);
    if (event_allows(event, DECIDE_MUSTER))
        list_area_choices(DECIDE_MUSTER, friendly_or_vacant(&areas) & ~MASKS.enemy_exiles[side] & MASKS.all, out);
    if (event_allows(event, DECIDE_PLAGUE)) /* an enemy area (2.1), never a contested one (RULINGS B.20) */
        list_area_choices(DECIDE_PLAGUE, MASKS.city & areas.enemy & ~areas.own, out);
    if (event_allows(event, DECIDE_RECRUIT))
        for (blockset left = w->pool & w->side_blocks[side] & ~w->face_down; left; left &= left - 1)
            if (recruited_from_pool(__builtin_ctzll(left)) && recruit_places(w, __builtin_ctzll(left), &areas))
                push(out, DECIDE_RECRUIT, __builtin_ctzll(left));
}

/* Can a block standing here make a land move that ends in the Muster area?
 * No step depends on which block it is. */
static bool muster_reachable(const struct world *w, int here, int target)
{
    struct move probe = w->move; /* its first steps, tried as a move of its own */
    probe.from = probe.via = (uint8_t)here;
    probe.came_from = AREA_NONE;
    probe.steps = 0;
    probe.target = (uint8_t)target;
    return here != target && can_step(w, &probe, here);
}

static void list_muster_blocks(const struct world *w, struct decisions *out)
{
    int side = acting_side(w);
    for (int a = 0; a < AREA_COUNT; a++) {
        blockset movers = blocks_in(w, side, a) & ~w->moved & ~w->face_down;
        if (movers && muster_reachable(w, a, w->move.target))
            for (blockset left = movers; left; left &= left - 1)
                push(out, DECIDE_BLOCK, __builtin_ctzll(left));
    }
    push(out, DECIDE_END, 0);
}

static void list_in_move(const struct world *w, struct decisions *out)
{
    const struct move *m = &w->move;
    if (m->kind == MOVE_RECRUIT) {
        struct area_sets areas = area_sets_of(w, acting_side(w));
        list_area_choices(DECIDE_AT, recruit_places(w, m->block, &areas), out);
    } else if (m->block != BLOCK_NONE && m->kind == MOVE_SEA) {
        list_area_choices(DECIDE_TO, sea_targets(w, m->from, enemy_areas(w)), out);
    } else if (m->block != BLOCK_NONE) {
        list_land_steps(w, out);
    } else if (m->kind == MOVE_MUSTER) {
        list_muster_blocks(w, out);
    } else {
        blockset choices = m->kind == MOVE_SEA ? sea_blocks(w, m->from) : movable_blocks(w, m->from);
        for (blockset left = choices; left; left &= left - 1)
            push(out, DECIDE_BLOCK, __builtin_ctzll(left));
        push(out, DECIDE_END, 0);
    }
}

void action_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (w->move.kind == MOVE_NONE)
        list_idle(w, out);
    else
        list_in_move(w, out);
}

int action_actor(const struct world *w) { return acting_side(w); }

static void start_move(struct world *w, int kind, int from, int target)
{
    w->move.kind = (uint8_t)kind;
    w->move.from = (uint8_t)from;
    w->move.target = (uint8_t)target;
    w->ap_left--;
}

/* 5.4: recruits come at full strength and may not move this turn. */
static void apply_recruit(struct world *w, int area)
{
    int block = w->move.block;
    world_place(w, block, area);
    world_set_steps(w, block, BLOCK_INFO[block].steps);
    world_set_flag(w, block, FLAG_MOVED, true);
    end_move(w);
}

/* RULINGS A.1: every block in the area loses a step, even if that eliminates it. */
static void apply_plague(struct world *w, int area)
{
    w->ap_left--;
    for (blockset left = w->at[area]; left; left &= left - 1)
        lose_step(w, __builtin_ctzll(left));
    if (w->phase == PHASE_ACTION && w->ap_left == 0)
        end_player(w);
}

static void apply_block_choice(struct world *w, int block)
{
    struct move *m = &w->move;
    if (m->kind == MOVE_SEA && m->via != AREA_NONE) { /* the second block of a port pair */
        apply_sea_landing(w, block, m->via);
        return;
    }
    m->block = (uint8_t)block;
    if (m->kind == MOVE_SEA)
        return; /* it lands where its "to" says */
    if (m->kind == MOVE_MUSTER)
        m->from = (uint8_t)world_location(w, block);
    m->via = m->from;
}

void action_apply(struct world *w, decision d)
{
    int arg = decision_arg(d);
    switch (decision_kind(d)) {
    case DECIDE_PASS: end_player(w); break;
    case DECIDE_MOVE_FROM: start_move(w, MOVE_LAND, arg, AREA_NONE); break;
    case DECIDE_SEA_FROM: start_move(w, MOVE_SEA, arg, AREA_NONE); break;
    case DECIDE_MUSTER: start_move(w, MOVE_MUSTER, AREA_NONE, arg); break;
    case DECIDE_RECRUIT:
        start_move(w, MOVE_RECRUIT, AREA_NONE, AREA_NONE);
        w->move.block = (uint8_t)arg;
        break;
    case DECIDE_PLAGUE: apply_plague(w, arg); break;
    case DECIDE_AT: apply_recruit(w, arg); break;
    case DECIDE_BLOCK: apply_block_choice(w, arg); break;
    case DECIDE_TO:
        if (w->move.kind == MOVE_SEA)
            apply_sea_landing(w, w->move.block, arg);
        else
            apply_land_step(w, arg);
        break;
    case DECIDE_STOP: finish_block(w); break;
    default: end_move(w); break; /* DECIDE_END */
    }
}
