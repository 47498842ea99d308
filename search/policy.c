/*
 * policy.c: see policy.h.
 *
 * The rules of thumb sort each decision into its category (and, for a move
 * into an area, its extras): a cell of the table of weights
 * (search/policy_weights.h). By default a preferred decision weighs a few
 * times NORMAL, the weight of one the rules of thumb have no view on, a
 * foolish one RARE rather than nothing: the search must still see now and
 * then what a foolish move leads to, and no weight makes a legal decision
 * impossible.
 */
#include "search/policy.h"

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/battle.h"

const char *const POLICY_NAME[POLICY_COUNT] = {"random", "heuristic"};

/* Expected hits a set of blocks rolls in one battle turn each, in sixths of
 * a hit: steps dice at firepower (6.4), without the defence bonus. */
static int firepower_of(const struct world *w, blockset set)
{
    int total = 0;
    for (blockset left = set; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        total += world_steps(w, b) * BLOCK_INFO[b].fire;
    }
    return total;
}

/* Nobles, heirs and churches on the map count for usurpation (8.2, RULINGS B.14). */
static bool counts_for_throne(int block)
{
    int type = BLOCK_INFO[block].type;
    return type == BLOCK_NOBLE || type == BLOCK_HEIR || type == BLOCK_CHURCH;
}

/* ...but not in an exile or the Isle of Man. */
static bool outside_count(int area) { return AREA_INFO[area].kind == AREA_EXILE || area == AREA_ISLE_OF_MAN; }

static bool is_heir(int block) { return BLOCK_INFO[block].type == BLOCK_HEIR; }

/* ---- action phase (5.0) ---- */

/* 5.4: a recruit that counts for the throne is worth an action more than a
 * levy is; both beat passing. */
static int recruit_category(int block)
{
    return counts_for_throne(block) ? POLICY_RECRUIT_THRONE : POLICY_RECRUIT_OTHER;
}

/* The steps the mover's group brings to an area it enters: its blocks there
 * already, the moving block, and the blocks of its group still to move (the
 * unmoved ones in the area the group starts from). Cheap and a little
 * hopeful: not every one of them will follow. */
static int group_steps(const struct world *w, int side, int area)
{
    const struct move *m = &w->move;
    blockset group = block_bit(m->block);
    if (m->from < AREA_COUNT)
        group |= blocks_in(w, side, m->from) & ~w->moved & ~w->face_down;
    return world_steps_of(w, group | blocks_in(w, side, area));
}

/* Entering an area (5.2, 5.3): into an enemy stack more than twice the
 * group's steps rarely; into one the group matches eagerly, and more so when
 * an enemy heir stands there (9.0: heirs lost lose the game); a block that
 * counts for the throne rarely into an exile or Man, where it counts not. */
static int enter_category(const struct world *w, int area)
{
    int block = w->move.block, side = world_block_side(w, block);
    blockset enemy = blocks_in(w, 1 - side, area);
    if (!enemy)
        return outside_count(area) && counts_for_throne(block) ? POLICY_ENTER_EXILE : POLICY_ENTER_VACANT;
    int theirs = world_steps_of(w, enemy), ours = group_steps(w, side, area);
    if (2 * ours < theirs)
        return POLICY_ENTER_FAR_STRONGER;
    if (ours < theirs)
        return POLICY_ENTER_STRONGER;
    for (blockset left = enemy; left; left &= left - 1)
        if (is_heir(__builtin_ctzll(left)))
            return POLICY_ENTER_HEIR;
    return POLICY_ENTER_WEAKER;
}

/* The extras of entering an area: what the area holds and who moves. */
static unsigned enter_extras(const struct world *w, int area)
{
    return (AREA_INFO[area].city != NULL) << (POLICY_ENTER_CITY - POLICY_CATEGORIES) |
           AREA_INFO[area].crown << (POLICY_ENTER_CROWN - POLICY_CATEGORIES) |
           is_heir(w->move.block) << (POLICY_HEIR_MOVES - POLICY_CATEGORIES);
}

/* Ending a group (or a sea move's second block) before any block has gone
 * wastes the action; the policy cannot tell the two apart cheaply, so it
 * just ends groups rather seldom. */
static int action_cell(const struct world *w, decision d)
{
    switch (decision_kind(d)) { /* passing and recruits are told in cell_of */
    case DECIDE_TO: return policy_cell_make(enter_category(w, decision_arg(d)), enter_extras(w, decision_arg(d)));
    case DECIDE_END: return policy_cell_make(POLICY_END_GROUP, 0);
    default: return policy_cell_make(POLICY_HALT, 0); /* DECIDE_STOP */
    }
}

/* ---- battle phase (6.0) ---- */

/* 6.4-6.6: a side whose expected hits in the battle, reserves counted, are
 * under half the enemy's cannot win it and should save its blocks. */
static bool hopeless(const struct world *w, int side)
{
    int area = w->battle.area;
    return 2 * firepower_of(w, blocks_in(w, side, area)) < firepower_of(w, blocks_in(w, 1 - side, area));
}

/* 6.5: a charge risks the heir against the target's return fire; worth it at
 * a weak enemy heir, and at a one-step block that cannot fire back if hit. */
static int charge_category(const struct world *w, int target)
{
    if (is_heir(target) && world_steps(w, target) <= 2)
        return POLICY_CHARGE_WEAK_HEIR;
    return world_steps(w, target) == 1 ? POLICY_CHARGE_ONE_STEP : POLICY_CHARGE;
}

/* The battle decisions whose weight depends on the world (the others are in KIND_CELL). */
static int battle_category(const struct world *w, decision d)
{
    int block = decision_first(d);
    switch (decision_kind(d)) {
    case DECIDE_RETREAT: /* round 4 attackers have nothing else, so the weight only matters with a choice */
        return hopeless(w, world_block_side(w, block)) ? POLICY_RETREAT_HOPELESS : POLICY_RETREAT;
    case DECIDE_CHARGE: return charge_category(w, decision_second(d));
    default: return is_heir(block) ? POLICY_HIT_HEIR : POLICY_HIT; /* DECIDE_HIT; RULINGS B.12: spare the heirs */
    }
}

/* The cell of a decision whose kind alone decides it, or -1 when the world
 * must be looked at. Most of a playout's choices are of such kinds, so
 * policy_cell answers them from this table without the cost of a call. */
#define FROM_WORLD (-1)
#define CELL(category) ((category) << POLICY_EXTRAS)
static const int KIND_CELL[DECIDE_KIND_COUNT] = {
    [DECIDE_DEAL] = CELL(POLICY_NO_RULE),
    [DECIDE_MULLIGAN] = CELL(POLICY_NO_RULE),
    [DECIDE_KEEP] = CELL(POLICY_NO_RULE),
    [DECIDE_REDEAL] = CELL(POLICY_NO_RULE),
    [DECIDE_PLAY] = FROM_WORLD,
    [DECIDE_PASS] = FROM_WORLD,
    [DECIDE_MOVE_FROM] = CELL(POLICY_NO_RULE),
    [DECIDE_SEA_FROM] = CELL(POLICY_NO_RULE),
    [DECIDE_BLOCK] = CELL(POLICY_NO_RULE),
    [DECIDE_TO] = FROM_WORLD,
    [DECIDE_STOP] = FROM_WORLD,
    [DECIDE_END] = FROM_WORLD,
    [DECIDE_RECRUIT] = FROM_WORLD,
    [DECIDE_AT] = CELL(POLICY_NO_RULE),
    [DECIDE_MUSTER] = CELL(POLICY_NO_RULE),
    [DECIDE_PLAGUE] = CELL(POLICY_NO_RULE),
    [DECIDE_BATTLE] = CELL(POLICY_NO_RULE),
    [DECIDE_TREASON] = CELL(POLICY_TREASON),
    [DECIDE_DECLINE] = CELL(POLICY_DECLINE),
    [DECIDE_FIRE] = CELL(POLICY_FIRE),
    [DECIDE_HOLD] = CELL(POLICY_BATTLE_PASS),
    [DECIDE_RETREAT] = FROM_WORLD,
    [DECIDE_CHARGE] = FROM_WORLD,
    [DECIDE_TREACHERY] = CELL(POLICY_TREACHERY),
    [DECIDE_HIT] = FROM_WORLD,
    [DECIDE_ROLL] = CELL(POLICY_NO_RULE),
    [DECIDE_REGROUP] = CELL(POLICY_REGROUP),
    [DECIDE_ENTER] = CELL(POLICY_NO_RULE),
    [DECIDE_EXECUTE] = CELL(POLICY_NO_RULE),
    [DECIDE_SPARE] = CELL(POLICY_NO_RULE),
    [DECIDE_LOSE] = FROM_WORLD,
    [DECIDE_HOME] = CELL(POLICY_NO_RULE),
    [DECIDE_DISBAND] = CELL(POLICY_NO_RULE),
};

/* ---- cards phase (1.1) ---- */

int policy_play_category(uint32_t hand, int card)
{
    static const int EVENT_CATEGORY[] = {
        [EVENT_FORCE_MARCH] = POLICY_PLAY_FORCE_MARCH, [EVENT_MUSTER] = POLICY_PLAY_MUSTER,
        [EVENT_PIRACY] = POLICY_PLAY_PIRACY,           [EVENT_PLAGUE] = POLICY_PLAY_PLAGUE,
        [EVENT_SURPRISE] = POLICY_PLAY_SURPRISE,       [EVENT_TREASON] = POLICY_PLAY_TREASON,
    };
    if (CARD_INFO[card].event != EVENT_NONE)
        return EVENT_CATEGORY[CARD_INFO[card].event];
    int most = 0, least = 4;
    for (uint32_t left = hand; left; left &= left - 1) {
        const struct card_info *c = &CARD_INFO[__builtin_ctz(left)];
        if (c->event == EVENT_NONE)
            most = c->ap > most ? c->ap : most, least = c->ap < least ? c->ap : least;
    }
    if (CARD_INFO[card].ap == most)
        return POLICY_PLAY_MOST;
    return CARD_INFO[card].ap == least ? POLICY_PLAY_LEAST : POLICY_NO_RULE;
}

__attribute__((noinline)) static int cell_from_world(const struct world *w, decision d)
{
    switch (decision_kind(d)) {
    case DECIDE_PLAY: /* the actor's hand holds the card */
        return policy_cell_make(
            policy_play_category(w->hand[w->step == CARDS_YORK_PLAYS ? SIDE_YORK : SIDE_LANCASTER], decision_arg(d)),
            0);
    case DECIDE_PASS:
    case DECIDE_TO:
    case DECIDE_END:
    case DECIDE_STOP:
        if (w->phase == PHASE_ACTION)
            return action_cell(w, d);
        return policy_cell_make(POLICY_REGROUP_END, 0); /* the regroup's end (6.7) */
    case DECIDE_RETREAT:
    case DECIDE_CHARGE:
    case DECIDE_HIT: return policy_cell_make(battle_category(w, d), 0);
    default: /* DECIDE_LOSE; 7.1: lose a step of a lesser block */
        return policy_cell_make(is_heir(decision_arg(d)) ? POLICY_LOSE_HEIR : POLICY_LOSE, 0);
    }
}

/* Passing and recruiting come once a block in the pool and once a listing,
 * so their cells, cheap to tell, are told here rather than in a call. */
static inline int cell_of(const struct world *w, decision d)
{
    int kind = decision_kind(d), cell = KIND_CELL[kind];
    if (cell != FROM_WORLD)
        return cell;
    if (kind == DECIDE_RECRUIT) /* only in the action phase */
        return policy_cell_make(recruit_category(decision_arg(d)), 0);
    if (kind == DECIDE_PASS && w->phase == PHASE_ACTION) /* AP unspent are lost (1.2) */
        return policy_cell_make(w->ap_left ? POLICY_PASS_WITH_AP : POLICY_PASS_SPENT, 0);
    return cell_from_world(w, d);
}

int policy_cell(const struct world *w, decision d) { return cell_of(w, d); }

unsigned policy_weight(const struct policy_table *t, const struct world *w, decision d)
{
    return t->weight[cell_of(w, d)];
}

int policy_draw(const unsigned *weight, int count, uint64_t *rng)
{
    unsigned total = 0;
    for (int i = 0; i < count; i++)
        total += weight[i];
    unsigned pick = (unsigned)random_below(rng, (int)total);
    int i = 0;
    while (pick >= weight[i])
        pick -= weight[i++];
    return i;
}

decision policy_choose(const struct policy_table *t, const struct world *w, const struct decisions *legal,
                       uint64_t *rng)
{
    unsigned weight[MAX_DECISIONS];
    for (int i = 0; i < legal->count; i++)
        weight[i] = policy_weight(t, w, legal->list[i]);
    return legal->list[policy_draw(weight, legal->count, rng)];
}

bool policy_player(void *rng, const struct world *w, decision *d)
{
    struct decisions legal;
    rules_legal(w, &legal);
    *d = policy_choose(policy_table_builtin(), w, &legal, rng);
    return true;
}

decision policy_decide(int policy, const struct policy_table *t, const struct world *w, const struct decisions *legal,
                       uint64_t *rng)
{
    if (policy == POLICY_HEURISTIC)
        return policy_choose(t, w, legal, rng);
    return legal->list[random_below(rng, legal->count)];
}
