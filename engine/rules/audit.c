/*
 * audit.c: see audit.h. Each check is independent of the code it audits: it
 * recomputes what must hold from the two worlds and the decision.
 */
#include "engine/rules/audit.h"

#include <stdio.h>

#include "engine/core/crown.h"
#include "engine/core/fail.h"
#include "engine/core/tables.h"
#include "engine/rules/action.h"
#include "engine/rules/battle.h"
#include "engine/rules/rules.h"
#include "engine/rules/supply.h"
#include "engine/text/position.h"

static bool in_play(const struct world *w, int block)
{
    int where = world_location(w, block);
    return where != LOC_OTHER_SIDE && where != LOC_DEAD;
}

static bool twins_apart(const struct world *w, char *why, int size)
{
    for (int b = 0; b < BLOCK_COUNT; b++) {
        int twin = twin_of(b);
        if (twin != BLOCK_NONE && b < twin && in_play(w, b) && in_play(w, twin))
            return fail(why, size, "both %s and %s are in play", BLOCK_INFO[b].id, BLOCK_INFO[twin].id);
    }
    return true;
}

static bool borders_within_limits(const struct world *w, char *why, int size)
{
    for (int e = 0; e < BORDER_COUNT; e++)
        if (world_crossed(w, e) > BORDER_INFO[e].limit + 1) /* +1 only under Surprise */
            return fail(why, size, "%d blocks crossed %s-%s, whose limit is %d", world_crossed(w, e),
                        AREA_INFO[BORDER_INFO[e].a].name, AREA_INFO[BORDER_INFO[e].b].name, BORDER_INFO[e].limit);
    return true;
}

static bool move_rules_kept(const struct world *before, decision d, const struct world *after, char *why, int size)
{
    if (before->phase != PHASE_ACTION)
        return true;
    int kind = decision_kind(d), arg = decision_arg(d);
    if (kind == DECIDE_BLOCK && before->move.via == AREA_NONE && (before->moved & block_bit(arg)))
        return fail(why, size, "%s moved twice in one turn", BLOCK_INFO[arg].id);
    if (kind == DECIDE_TO && before->move.kind != MOVE_SEA && after->phase == PHASE_ACTION) {
        int border = border_between(before->move.via, arg);
        if (border != BORDER_NONE && BORDER_INFO[border].colour == BORDER_RED && after->move.block != BLOCK_NONE)
            return fail(why, size, "%s crossed a red border and went on", BLOCK_INFO[before->move.block].id);
    }
    return true;
}

static bool contested_only_in_battle_time(const struct world *w, char *why, int size)
{
    if (w->phase == PHASE_ACTION || w->phase == PHASE_BATTLE || w->phase == PHASE_OVER)
        return true;
    for (int a = 0; a < AREA_COUNT; a++)
        if (area_contested(w, a))
            return fail(why, size, "%s is contested in the %s phase", AREA_INFO[a].name, PHASE_NAME[w->phase]);
    return true;
}

/* Every card is in a hand, the deck, a played slot, or among the turns' discards. */
static bool cards_accounted(const struct world *w, char *why, int size)
{
    if (w->phase == PHASE_OVER)
        return true;
    int held = bits_count(w->hand[0]) + bits_count(w->hand[1]) + bits_count(w->deck) + (w->played[0] != 0) +
               (w->played[1] != 0);
    int discarded = 2 * (w->turn - 1) + (w->phase == PHASE_POLITICAL ? 2 : 0);
    if (w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN)
        discarded = 0;
    if (held + discarded != CARD_COUNT)
        return fail(why, size, "%d cards held and %d discarded: %d, not %d", held, discarded, held + discarded,
                    CARD_COUNT);
    return true;
}

/* At the start of a turn the King and the Pretender are their sides' senior heirs in play (B.7). */
static bool crowns_on_seniors(const struct world *w, char *why, int size)
{
    if (w->phase != PHASE_CARDS || w->step != 0)
        return true;
    if (w->king != BLOCK_NONE && w->king != senior_heir_in_play(w, BLOCK_INFO[w->king].side))
        return fail(why, size, "the King %s is not his side's senior heir in play", BLOCK_INFO[w->king].id);
    if (w->pretender != BLOCK_NONE && w->pretender != senior_heir_in_play(w, BLOCK_INFO[w->pretender].side))
        return fail(why, size, "the Pretender %s is not his side's senior heir in play", BLOCK_INFO[w->pretender].id);
    return true;
}

/* ---- battles (6.3-6.5, RULINGS B.11, B.12) ---- */

static bool in_battle(const struct world *w, int area, int b) { return (w->at[area] >> b & 1) != 0; }

static bool trap_possible(const struct world *before, const struct world *after, int side);

/* Blocks of the battle that lost a step or were eliminated in this
 * transition. One decision can run on past the battle, as far as the
 * political turn, where levies and mercenaries leave the map (8.1) without
 * a loss: a block gone from the area counts only if it was eliminated. */
static blockset struck_blocks(const struct world *before, const struct world *after, blockset blocks)
{
    int area = before->battle.area;
    blockset struck = 0, eliminated = after->dead | after->face_down;
    for (blockset left = blocks; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        bool gone = !in_battle(after, area, b);
        if ((gone && (eliminated & block_bit(b))) || (!gone && world_steps(after, b) < world_steps(before, b)))
            struck |= left & -left;
    }
    return struck;
}

/* Steps the struck blocks lost: an eliminated block, all it had. */
static int steps_lost(const struct world *before, const struct world *after, blockset struck)
{
    int area = before->battle.area, lost = 0;
    for (blockset left = struck; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        lost += world_steps(before, b) - (in_battle(after, area, b) ? world_steps(after, b) : 0);
    }
    return lost;
}

static int steps_of(const struct world *w, blockset blocks)
{
    int steps = 0;
    for (blockset left = blocks; left; left &= left - 1)
        steps += world_steps(w, __builtin_ctzll(left));
    return steps;
}

/* The hits the volley has to place in this transition: those waiting, and
 * the last die's if it hit (6.4). */
static int volley_hits(const struct world *before, decision d)
{
    bool last_die = before->step == BATTLE_FIRE;
    return before->battle.hits + (last_die && decision_arg(d) <= battle_firepower(before, before->battle.actor));
}

/* Every hit of the volley lands: what one block cannot take goes on to the
 * next (6.4), and only hits with nobody left to take them are lost. Asked
 * while the same battle goes on and no trapped attacker can blur the count. */
static bool volley_spent(const struct world *before, decision d, const struct world *after, blockset fighting,
                         blockset struck, char *why, int size)
{
    int enemy = 1 - world_block_side(before, before->battle.actor);
    if (after->phase != PHASE_BATTLE || after->battle.area != before->battle.area ||
        trap_possible(before, after, enemy))
        return true;
    int hits = volley_hits(before, d), lost = steps_lost(before, after, struck);
    bool pending = after->step == BATTLE_HITS;
    int due =
        pending ? hits - after->battle.hits : (hits < steps_of(before, fighting) ? hits : steps_of(before, fighting));
    if (lost != due)
        return fail(why, size, "a volley of %d hits took %d steps, not %d", hits, lost, due);
    return true;
}

/* The last die of a volley, or the owner's choice of where it goes next. */
static bool volley_transition(const struct world *before, decision d)
{
    if (before->phase != PHASE_BATTLE)
        return false;
    if (before->step == BATTLE_HITS)
        return decision_kind(d) == DECIDE_HIT;
    return before->step == BATTLE_FIRE && before->battle.dice == 1 && decision_kind(d) == DECIDE_ROLL;
}

/* Could a round-4 attacker of this side have fallen in this transition without
 * a hit, trapped (RULINGS A.7)? Also when round 3 turned into round 4 in it. */
static bool trap_possible(const struct world *before, const struct world *after, int side)
{
    if (side != before->battle.attacker)
        return false;
    bool same_battle = after->phase == PHASE_BATTLE && after->battle.area == before->battle.area;
    return before->battle.round == 4 || (before->battle.round == 3 && (!same_battle || after->battle.round == 4));
}

/* A struck block that the volley reached before a stronger enemy block, or
 * before an equal one without the owner's choice (6.4, RULINGS B.12). */
static bool hit_in_order(const struct world *before, decision d, blockset fighting, blockset struck,
                         blockset fallen_exempt, char *why, int size)
{
    for (blockset left = struck & ~fallen_exempt; left; left &= left - 1) {
        int x = __builtin_ctzll(left);
        bool chosen = decision_kind(d) == DECIDE_HIT && decision_arg(d) == x;
        for (blockset others = fighting & ~struck; others; others &= others - 1) {
            int y = __builtin_ctzll(others), sx = world_steps(before, x), sy = world_steps(before, y);
            if (sy > sx || (sy == sx && !chosen))
                return fail(why, size, "%s (%d) took a hit while %s (%d) was untouched", BLOCK_INFO[x].id, sx,
                            BLOCK_INFO[y].id, sy);
        }
    }
    return true;
}

/* 6.4, RULINGS B.12: a volley's hits stay on one block until it falls, then
 * go to the next strongest; a block left standing ends the volley. */
static bool volley_kept(const struct world *before, decision d, const struct world *after, char *why, int size)
{
    if (!volley_transition(before, d))
        return true;
    int area = before->battle.area, enemy = 1 - world_block_side(before, before->battle.actor);
    blockset fighting = blocks_in(before, enemy, area) & ~before->reserve;
    blockset struck = struck_blocks(before, after, fighting);
    blockset survivors = 0;
    for (blockset left = struck; left; left &= left - 1)
        if (in_battle(after, area, __builtin_ctzll(left)))
            survivors |= left & -left;
    if (bits_count(survivors) > 1)
        return fail(why, size, "one volley left two blocks damaged: %s and %s",
                    BLOCK_INFO[__builtin_ctzll(survivors)].id,
                    BLOCK_INFO[__builtin_ctzll(survivors & (survivors - 1))].id);
    if (survivors && after->phase == PHASE_BATTLE && after->step == BATTLE_HITS)
        return fail(why, size, "%s survived its hits while the volley still had hits to place",
                    BLOCK_INFO[__builtin_ctzll(survivors)].id);
    blockset exempt = trap_possible(before, after, enemy) ? struck & ~survivors : 0;
    return hit_in_order(before, d, fighting, struck, exempt, why, size) &&
           volley_spent(before, d, after, fighting, struck, why, size);
}

/* 6.5, RULINGS B.11: a charge hits only its named target, the bonus fire only the heir. */
static bool charge_kept(const struct world *before, decision d, const struct world *after, char *why, int size)
{
    if (before->phase != PHASE_BATTLE || before->battle.dice != 1 || decision_kind(d) != DECIDE_ROLL ||
        (before->step != BATTLE_CHARGE && before->step != BATTLE_CHARGE_BACK))
        return true;
    bool back = before->step == BATTLE_CHARGE_BACK;
    int aim = back ? before->battle.actor : before->battle.target;
    int enemy = world_block_side(before, aim), area = before->battle.area;
    blockset struck = struck_blocks(before, after, blocks_in(before, enemy, area) & ~before->reserve & ~block_bit(aim));
    if (trap_possible(before, after, enemy))
        struck &= after->at[area]; /* the fallen may have been trapped; a damaged one was hit */
    if (struck)
        return fail(why, size, "%s's %s hit %s, not its named target %s",
                    BLOCK_INFO[back ? before->battle.target : before->battle.actor].id, back ? "bonus fire" : "charge",
                    BLOCK_INFO[__builtin_ctzll(struck)].id, BLOCK_INFO[aim].id);
    return true;
}

/* 6.3: reserves take no hits while they wait. Asked while the same battle
 * goes on: after it, reserves may go home with the rest (8.1). */
static bool reserves_untouched(const struct world *before, const struct world *after, char *why, int size)
{
    if (before->phase != PHASE_BATTLE || before->battle.area == AREA_NONE || after->phase != PHASE_BATTLE ||
        after->battle.area != before->battle.area)
        return true;
    for (blockset left = before->reserve & before->at[before->battle.area]; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (world_location(after, b) >= AREA_COUNT || world_has_flag(after, b, FLAG_FACE_DOWN) ||
            world_steps(after, b) < world_steps(before, b))
            return fail(why, size, "%s took a hit as a reserve", BLOCK_INFO[b].id);
    }
    return true;
}

/* Remembers the blocks that were reserves in round 1 of the battle in progress,
 * including those that stepped in when their side's front fell (6.3). */
static void remember_reserves(struct audit_memory *m, const struct world *before, const struct world *after)
{
    const struct world *seen[2] = {before, after};
    for (int i = 0; i < 2; i++) {
        int area = seen[i]->battle.area;
        if (area != m->area) { /* a new battle, or none: nothing of the last one carries over */
            m->area = (uint8_t)area;
            m->round_1_reserves = 0;
        }
        if (area != AREA_NONE && seen[i]->battle.round == 1)
            m->round_1_reserves |= (before->reserve | seen[i]->reserve) & seen[i]->at[area];
    }
}

/* 6.3: a reserve fires in no round before round 2, even once it has stepped in. */
static bool reserves_hold_fire(const struct audit_memory *m, const struct world *before, decision d, char *why,
                               int size)
{
    int kind = decision_kind(d), block = decision_first(d);
    if (before->phase != PHASE_BATTLE || before->step != BATTLE_TURNS ||
        (kind != DECIDE_FIRE && kind != DECIDE_CHARGE && kind != DECIDE_TREACHERY))
        return true;
    if (before->reserve >> block & 1)
        return fail(why, size, "%s fired as a reserve", BLOCK_INFO[block].id);
    if (before->battle.round == 1 && before->battle.area == m->area && (m->round_1_reserves >> block & 1))
        return fail(why, size, "%s, a reserve, fired in round 1", BLOCK_INFO[block].id);
    return true;
}

/* ---- the phase and its step agree with the rest of the state ---- */

static const uint8_t STEP_COUNT[PHASE_COUNT] = {
    [PHASE_DEAL] = 1,
    [PHASE_MULLIGAN] = MULLIGAN_STEP_COUNT,
    [PHASE_CARDS] = CARD_STEP_COUNT,
    [PHASE_ACTION] = ACTION_PLAYER2 + 1,
    [PHASE_BATTLE] = BATTLE_STEP_COUNT,
    [PHASE_SUPPLY] = SUPPLY_STEP_COUNT,
    [PHASE_POLITICAL] = POLITICAL_HOMING_DUE + 1,
    [PHASE_OVER] = 16, /* the step the game ended in stays */
};

static bool block_in_battle(const struct world *w, int b)
{
    return b < BLOCK_COUNT && world_location(w, b) == w->battle.area;
}

/* The battle's fields in the battle phase: an area being fought over
 * between the choice of a battle and its end, and the block acting or aimed
 * at where a step needs one. */
static bool battle_agrees(const struct world *w, char *why, int size)
{
    const struct battle *b = &w->battle;
    bool fought = w->phase == PHASE_BATTLE && w->step != BATTLE_CHOOSE;
    if (w->phase == PHASE_OVER) /* a game may end in the middle of a battle */
        return true;
    if (!fought)
        return b->area == AREA_NONE || fail(why, size, "battle.area: a battle in %s outside its steps",
                                            AREA_INFO[b->area < AREA_COUNT ? b->area : 0].name);
    if (b->area == AREA_NONE)
        return fail(why, size, "battle.area: the battle phase at step %d with no battle", w->step);
    if (w->step == BATTLE_TREASON && battle_treason_holder(w) == SIDE_NONE)
        return fail(why, size, "step: the Treason card's step, with no Treason card played and unspent");
    bool shooting =
        w->step == BATTLE_FIRE || w->step == BATTLE_HITS || w->step == BATTLE_CHARGE || w->step == BATTLE_CHARGE_BACK;
    bool rolling = w->step == BATTLE_FIRE || w->step == BATTLE_CHARGE || w->step == BATTLE_CHARGE_BACK ||
                   w->step == BATTLE_TREACHERY;
    if (rolling && b->dice == 0)
        return fail(why, size, "battle.dice: step %d rolls dice, and none are left to roll", w->step);
    if (w->step == BATTLE_HITS && b->hits == 0)
        return fail(why, size, "battle.hits: the hits step with no hits to assign");
    if (shooting && !block_in_battle(w, b->actor))
        return fail(why, size, "battle.actor: step %d needs a block of the battle acting", w->step);
    bool aiming = w->step == BATTLE_CHARGE || w->step == BATTLE_CHARGE_BACK || w->step == BATTLE_TREACHERY;
    if (aiming && !block_in_battle(w, b->target))
        return fail(why, size, "battle.target: step %d needs a block of the battle aimed at", w->step);
    return true;
}

/* What a parsed world can get wrong that play never does: a step beyond its
 * phase's, the cards' Player 1 missing after they are shown, a winner named
 * in a game going on, a battle outside its steps. */
static bool phase_agrees(const struct world *w, char *why, int size)
{
    if (w->phase >= PHASE_COUNT || w->step >= STEP_COUNT[w->phase])
        return fail(why, size, "step: %d is past the %s phase's steps", w->step,
                    w->phase < PHASE_COUNT ? PHASE_NAME[w->phase] : "unknown");
    if ((w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN) && w->turn != 1)
        return fail(why, size, "turn: the %s phase comes only in a campaign's first turn, not turn %d",
                    PHASE_NAME[w->phase], w->turn);
    bool shown = w->phase >= PHASE_ACTION && w->phase <= PHASE_SUPPLY;
    if (shown && w->player1 >= SIDE_COUNT)
        return fail(why, size, "player1: the %s phase needs Player 1, set when the cards are shown",
                    PHASE_NAME[w->phase]);
    if ((w->phase == PHASE_OVER) != (w->winner < SIDE_COUNT))
        return fail(why, size, "winner: %s",
                    w->phase == PHASE_OVER ? "the game is over with no winner" : "a winner named in a game going on");
    if (w->move.kind != MOVE_NONE && w->phase != PHASE_ACTION)
        return fail(why, size, "move: a move in progress outside the action phase");
    return battle_agrees(w, why, size);
}

static bool decision_due(const struct world *w, char *why, int size)
{
    struct decisions legal;
    if (w->phase == PHASE_OVER)
        return true;
    rules_legal(w, &legal);
    if (rules_actor(w) == ACTOR_NONE || legal.count == 0)
        return fail(why, size, "a dead end: nobody can decide in the %s phase (step %d)", PHASE_NAME[w->phase],
                    w->step);
    return true;
}

void audit_begin(struct audit_memory *m)
{
    m->area = AREA_NONE;
    m->round_1_reserves = 0;
}

/* audit_world's checks but the last: a decision due asks the rules, which
 * may look at the world only once the rest hold. */
static bool world_holds(const struct world *w, char *why, int size)
{
    return world_check(w, why, size) && phase_agrees(w, why, size) && twins_apart(w, why, size) &&
           borders_within_limits(w, why, size) && contested_only_in_battle_time(w, why, size) &&
           cards_accounted(w, why, size) && crowns_on_seniors(w, why, size);
}

bool audit_world(const struct world *w, char *why, int size)
{
    return world_holds(w, why, size) && decision_due(w, why, size);
}

bool audit_position_parse(const char *text, struct world *w, char *error, size_t error_size)
{
    static _Thread_local struct world parsed;
    char why[300];
    if (!position_parse(text, &parsed, error, error_size))
        return false;
    if (!audit_world(&parsed, why, sizeof why))
        return snprintf(error, error_size, "the position cannot arise in play: %s", why), false;
    *w = parsed;
    return true;
}

bool audit_transition(struct audit_memory *m, const struct world *before, decision d, const struct world *after,
                      char *why, int size)
{
    remember_reserves(m, before, after);
    return world_holds(after, why, size) && move_rules_kept(before, d, after, why, size) &&
           volley_kept(before, d, after, why, size) && charge_kept(before, d, after, why, size) &&
           reserves_untouched(before, after, why, size) && reserves_hold_fire(m, before, d, why, size) &&
           decision_due(after, why, size);
}
