/*
 * policy.c: see policy.h.
 *
 * Weights are small whole numbers around NORMAL, the weight of a decision
 * the rules of thumb have no view on. A preferred decision gets a few times
 * more, a foolish one RARE rather than nothing: the search must still see
 * now and then what a foolish move leads to, and a weight never makes a
 * legal decision impossible.
 */
#include "search/policy.h"

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/battle.h"

const char *const POLICY_NAME[POLICY_COUNT] = {"random", "heuristic"};

enum {
    RARE = 1, /* foolish, but keep it possible */
    LOW = 4,
    NORMAL = 16, /* no view on it */
    HIGH = 64,
    URGENT = 128
};

static int popcount(blockset set) { return __builtin_popcountll(set); }

/* Steps of a set of blocks: 1 each, +1 for step_lo, +2 for step_hi (world.h). */
static int steps_of(const struct world *w, blockset set)
{
    return popcount(set) + popcount(set & w->step_lo) + 2 * popcount(set & w->step_hi);
}

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
static unsigned recruit_weight(int block) { return counts_for_throne(block) ? HIGH : NORMAL; }

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
    return steps_of(w, group | blocks_in(w, side, area));
}

/* Entering an area (5.2, 5.3): into an enemy stack more than twice the
 * group's steps rarely; into one the group matches eagerly, and more so when
 * an enemy heir stands there (9.0: heirs lost lose the game); a block that
 * counts for the throne rarely into an exile or Man, where it counts not. */
static unsigned enter_weight(const struct world *w, int area)
{
    int block = w->move.block, side = world_block_side(w, block);
    blockset enemy = blocks_in(w, 1 - side, area);
    if (!enemy)
        return outside_count(area) && counts_for_throne(block) ? LOW : NORMAL;
    int theirs = steps_of(w, enemy), ours = group_steps(w, side, area);
    if (2 * ours < theirs)
        return RARE;
    if (ours < theirs)
        return LOW;
    for (blockset left = enemy; left; left &= left - 1)
        if (is_heir(__builtin_ctzll(left)))
            return URGENT;
    return HIGH;
}

/* Ending a group (or a sea move's second block) before any block has gone
 * wastes the action; the policy cannot tell the two apart cheaply, so it
 * just ends groups rather seldom. */
static unsigned action_weight(const struct world *w, decision d)
{
    switch (decision_kind(d)) {
    case DECIDE_PASS: return w->ap_left ? RARE : NORMAL; /* AP unspent are lost (1.2) */
    case DECIDE_RECRUIT: return recruit_weight(decision_arg(d));
    case DECIDE_TO: return enter_weight(w, decision_arg(d));
    case DECIDE_END: return LOW;
    case DECIDE_STOP: return NORMAL / 2;
    default: return NORMAL;
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
static unsigned charge_weight(const struct world *w, int target)
{
    if (is_heir(target) && world_steps(w, target) <= 2)
        return HIGH;
    return world_steps(w, target) == 1 ? LOW : RARE;
}

static unsigned battle_weight(const struct world *w, decision d)
{
    int block = decision_first(d);
    switch (decision_kind(d)) {
    case DECIDE_FIRE: return HIGH;
    case DECIDE_HOLD: return RARE;
    case DECIDE_RETREAT: /* round 4 attackers have nothing else, so the weight only matters with a choice */
        return hopeless(w, world_block_side(w, block)) ? URGENT : RARE;
    case DECIDE_CHARGE: return charge_weight(w, decision_second(d));
    case DECIDE_TREACHERY: return NORMAL;
    case DECIDE_TREASON: return HIGH;
    case DECIDE_DECLINE: return LOW;
    case DECIDE_HIT: return is_heir(block) ? RARE : NORMAL; /* RULINGS B.12: spare the heirs */
    default: return NORMAL;
    }
}

unsigned policy_weight(const struct world *w, decision d)
{
    switch (decision_kind(d)) {
    case DECIDE_PASS:
    case DECIDE_RECRUIT:
    case DECIDE_TO:
    case DECIDE_END:
    case DECIDE_STOP:
        if (w->phase == PHASE_ACTION)
            return action_weight(w, d);
        return NORMAL; /* the regroup's end (6.7) */
    case DECIDE_FIRE:
    case DECIDE_HOLD:
    case DECIDE_RETREAT:
    case DECIDE_CHARGE:
    case DECIDE_TREACHERY:
    case DECIDE_TREASON:
    case DECIDE_DECLINE:
    case DECIDE_HIT: return battle_weight(w, d);
    case DECIDE_REGROUP: return LOW; /* many of them; ending stays as likely as regrouping somewhere */
    case DECIDE_LOSE: return is_heir(decision_arg(d)) ? RARE : NORMAL; /* 7.1: lose a step of a lesser block */
    default: return NORMAL;
    }
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

decision policy_choose(const struct world *w, const struct decisions *legal, uint64_t *rng)
{
    unsigned weight[MAX_DECISIONS];
    for (int i = 0; i < legal->count; i++)
        weight[i] = policy_weight(w, legal->list[i]);
    return legal->list[policy_draw(weight, legal->count, rng)];
}

bool policy_player(void *rng, const struct world *w, decision *d)
{
    struct decisions legal;
    rules_legal(w, &legal);
    *d = policy_choose(w, &legal, rng);
    return true;
}

decision policy_decide(int policy, const struct world *w, const struct decisions *legal, uint64_t *rng)
{
    if (policy == POLICY_HEURISTIC)
        return policy_choose(w, legal, rng);
    return legal->list[random_below(rng, legal->count)];
}
