/*
 * audit.c: see audit.h. Each check is independent of the code it audits: it
 * recomputes what must hold from the two worlds and the decision.
 */
#include "engine/rules/audit.h"

#include <stdio.h>

#include "engine/core/crown.h"
#include "engine/core/fail.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"
#include "engine/rules/action.h"
#include "engine/rules/battle.h"
#include "engine/rules/cards.h"
#include "engine/rules/rules.h"
#include "engine/rules/supply.h"
#include "engine/text/position.h"

static bool in_play(const struct world *w, int block)
{
    int where = world_location(w, block);
    return where != LOC_OTHER_SIDE && where != LOC_DEAD;
}

static bool twins_apart(const struct world *w, char *why, size_t size)
{
    for (int b = 0; b < BLOCK_COUNT; b++) {
        int twin = twin_of(b);
        if (twin != BLOCK_NONE && b < twin && in_play(w, b) && in_play(w, twin))
            return fail(why, size, "both %s and %s are in play", BLOCK_INFO[b].id, BLOCK_INFO[twin].id);
    }
    return true;
}

/* 6.83-6.85: an eliminated block lies face-down in its pool for the rest of
 * the campaign, or, a mercenary, in its home area: nothing else on the map
 * is face-down. */
static bool face_down_at_home(const struct world *w, char *why, size_t size)
{
    for (blockset left = w->face_down & world_on_map(w); left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        const struct block_info *info = &BLOCK_INFO[b];
        bool home =
            info->type == BLOCK_MERCENARY && info->seat_rule == SEATS_AREAS && world_location(w, b) == info->seats[0];
        if (!home)
            return fail(why, size,
                        "%s is face-down in %s; an eliminated block waits face-down in its pool, a mercenary "
                        "in its home area (6.84)",
                        info->id, AREA_INFO[world_location(w, b)].name);
    }
    return true;
}

static bool borders_within_limits(const struct world *w, char *why, size_t size)
{
    for (int e = 0; e < BORDER_COUNT; e++)
        if (world_crossed(w, e) > BORDER_INFO[e].limit + 1) /* +1 only under Surprise */
            return fail(why, size, "%d blocks crossed %s-%s, whose limit is %d", world_crossed(w, e),
                        AREA_INFO[BORDER_INFO[e].a].name, AREA_INFO[BORDER_INFO[e].b].name, BORDER_INFO[e].limit);
    return true;
}

static bool move_rules_kept(const struct world *before, decision d, const struct world *after, char *why, size_t size)
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

/* 2.7: an exile is never entered by the enemy, so the rules put a side's
 * blocks into its own exiles (a Pretender's heir come of age, 6.82; the
 * mercenaries disbanding home, 8.1; the Pretender's blocks going home, 8.3)
 * without looking for an enemy there. An enemy block there left the exile
 * contested outside a battle, and no battle can be fought in an exile to
 * end it. Only the rebel's side changes where it stands: at a usurpation (8.2),
 * which may leave it in its old side's exile until the campaign's reset
 * sends it to the pool (RULINGS B.18). */
static bool exiles_free_of_enemies(const struct world *w, char *why, size_t size)
{
    bool usurped = w->phase == PHASE_POLITICAL || w->phase == PHASE_OVER;
    for (uint64_t left = MASKS.exile; left; left &= left - 1) {
        int a = __builtin_ctzll(left), owner = AREA_INFO[a].exile_of;
        blockset enemies = blocks_in(w, 1 - owner, a) & ~(usurped ? block_bit(BLOCK_R_REBEL) : 0);
        if (enemies)
            return fail(why, size, "%s stands in %s, %s's exile, which %s never enters (2.7)",
                        BLOCK_INFO[__builtin_ctzll(enemies)].id, AREA_INFO[a].name, SIDE_NAME[owner],
                        SIDE_NAME[1 - owner]);
    }
    return true;
}

static bool contested_only_in_battle_time(const struct world *w, char *why, size_t size)
{
    if (w->phase == PHASE_ACTION || w->phase == PHASE_BATTLE || w->phase == PHASE_OVER)
        return true;
    for (int a = 0; a < AREA_COUNT; a++)
        if (area_contested(w, a))
            return fail(why, size, "%s is contested in the %s phase", AREA_INFO[a].name, PHASE_NAME[w->phase]);
    return true;
}

/* Every card is in a hand, the deck, a played slot, or among the turns' discards. */
static bool cards_accounted(const struct world *w, char *why, size_t size)
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

/* The supply phase crowns the senior heirs once its minors are in (6.81,
 * 6.82), and the usurpation does (8.2); until the next action phase heirs
 * may die, but none comes into play. In the action and battle phases an
 * Exeter gone back to his side (RULINGS A.9) or a freed Henry VI (B.15) may
 * stand above the crowned heirs until the next crowning. */
static bool crowns_settled(const struct world *w)
{
    return w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN || w->phase == PHASE_CARDS ||
           w->phase == PHASE_POLITICAL || (w->phase == PHASE_SUPPLY && w->step != SUPPLY_MINORS);
}

/* Where the crowns are settled, the King and the Pretender are their sides'
 * senior heirs in play (3.21, RULINGS B.7). */
static bool crowns_on_seniors(const struct world *w, char *why, size_t size)
{
    if (!crowns_settled(w))
        return true;
    if (w->king != BLOCK_NONE && w->king != senior_heir_in_play(w, BLOCK_INFO[w->king].side))
        return fail(why, size, "the King %s is not his side's senior heir in play", BLOCK_INFO[w->king].id);
    if (w->pretender != BLOCK_NONE && w->pretender != senior_heir_in_play(w, BLOCK_INFO[w->pretender].side))
        return fail(why, size, "the Pretender %s is not his side's senior heir in play", BLOCK_INFO[w->pretender].id);
    return true;
}

/* How an off-map place keeps a block out of play, for the crowns' messages. */
static const char *const OUT_OF_PLAY[LOC_COUNT - AREA_COUNT] = {
    [LOC_POOL - AREA_COUNT] = "in the pool",
    [LOC_MINOR - AREA_COUNT] = "a minor, not yet in play",
    [LOC_OTHER_SIDE - AREA_COUNT] = "gone over to the other side",
    [LOC_DEAD - AREA_COUNT] = "dead",
    [LOC_PRISONER - AREA_COUNT] = "a prisoner",
};

/* 3.21, RULINGS B.7: the King and the Pretender are heirs alive and in play,
 * at every point of a game. A dead King leaves the throne empty until the
 * supply phase (6.81), a dead Pretender is followed at once; a captive Henry
 * VI is neither while Prince Edward acts as Pretender (RULINGS B.15); an
 * Exeter or Clarence gone over to the enemy is no heir of his old side
 * (RULINGS A.9). crowns_on_seniors() adds seniority, which holds only while
 * the crowns are settled. */
static bool crown_in_play(const struct world *w, int block, const char *field, const char *title, char *why,
                          size_t size)
{
    int where = block == BLOCK_NONE ? AREA_NONE : world_location(w, block);
    if (block == BLOCK_NONE || where < AREA_COUNT)
        return true;
    return fail(why, size, "%s: %s is the %s, but he is %s; the %s is an heir in play (3.21, RULINGS B.7)", field,
                BLOCK_INFO[block].id, title, OUT_OF_PLAY[where - AREA_COUNT], title);
}

/* RULINGS B.15: the one prisoner is Henry VI, held from the start of 1470
 * while York reigns, with Prince Edward acting as Pretender; Lancaster takes
 * the throne only in the political turn, which ends that scenario (B.16). */
static bool prisoner_agrees(const struct world *w, char *why, size_t size)
{
    if (w->prisoner == BLOCK_NONE)
        return true;
    if (w->prisoner != BLOCK_L_HENRY_VI || w->scenario != SCENARIO_1470)
        return fail(why, size, "prisoner: %s is held in %d; only Henry VI is a prisoner, in 1470 (RULINGS B.15)",
                    BLOCK_INFO[w->prisoner].id, SCENARIO_INFO[w->scenario].year);
    if (w->phase != PHASE_OVER && world_pretender_side(w) != SIDE_LANCASTER)
        return fail(why, size,
                    "prisoner: Henry VI is still held while Lancaster reigns; he is a prisoner only of a "
                    "York King (RULINGS B.15)");
    return true;
}

static bool crowns_in_play(const struct world *w, char *why, size_t size)
{
    return crown_in_play(w, w->king, "king", "King", why, size) &&
           crown_in_play(w, w->pretender, "pretender", "Pretender", why, size) && prisoner_agrees(w, why, size);
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
                         blockset struck, char *why, size_t size)
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
                         blockset fallen_exempt, char *why, size_t size)
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
static bool volley_kept(const struct world *before, decision d, const struct world *after, char *why, size_t size)
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
static bool charge_kept(const struct world *before, decision d, const struct world *after, char *why, size_t size)
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
static bool reserves_untouched(const struct world *before, const struct world *after, char *why, size_t size)
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
                               size_t size)
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

/* The turns step waits for a block's battle turn: both sides still in the
 * area (a battle with one side left is over, RULINGS B.13), and a block
 * fighting there, no reserve, that has not had its turn this round (6.2). */
static bool battle_turn_due(const struct world *w, char *why, size_t size)
{
    int area = w->battle.area;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (!blocks_in(w, s, area))
            return fail(why, size,
                        "battle.area: the battle in %s waits for a battle turn, but %s has no blocks left there",
                        AREA_INFO[area].name, SIDE_NAME[s]);
    if (!(w->at[area] & ~w->reserve & ~w->acted))
        return fail(why, size,
                    "acted: every block fighting in %s has had its battle turn this round, yet the battle "
                    "waits for one (6.2)",
                    AREA_INFO[area].name);
    return true;
}

/* A treachery roll (6.9, RULINGS A.1, B.10) is aimed at a noble with a
 * version on the other side to go over to, by a roller of the enemy's side
 * in the battle, or by nobody in it under the Treason card. */
static bool treachery_agrees(const struct world *w, char *why, size_t size)
{
    int roller = w->battle.actor, target = w->battle.target;
    if (twin_of(target) == BLOCK_NONE)
        return fail(why, size,
                    "battle.target: a treachery roll at %s, who has no version on the other side to go "
                    "over to (6.9)",
                    BLOCK_INFO[target].id);
    if (roller == BLOCK_NONE)
        return true;
    if (!block_in_battle(w, roller) || world_block_side(w, roller) == world_block_side(w, target))
        return fail(why, size, "battle.actor: %s rolls treachery at %s, but is no enemy of his in the battle (6.9)",
                    BLOCK_INFO[roller].id, BLOCK_INFO[target].id);
    return true;
}

/* RULINGS B.13: in round 4 the attackers only retreat on their turns. None
 * fires, charges or rolls, and none that had his turn is still there. */
static bool attackers_only_retreat(const struct world *w, char *why, size_t size)
{
    const struct battle *b = &w->battle;
    blockset attackers = blocks_in(w, b->attacker, b->area);
    if (b->actor != BLOCK_NONE && (attackers & block_bit(b->actor)))
        return fail(why, size, "battle.actor: %s attacks in round 4, where attackers only retreat (RULINGS B.13)",
                    BLOCK_INFO[b->actor].id);
    if (attackers & w->acted)
        return fail(why, size,
                    "acted: %s attacks in round 4 and has had his turn, yet is still in %s; attackers retreat "
                    "on their turns in round 4 (RULINGS B.13)",
                    BLOCK_INFO[__builtin_ctzll(attackers & w->acted)].id, AREA_INFO[b->area].name);
    return true;
}

/* Between battle turns no block acts and no die waits; a volley is aimed at
 * no one block, and its hits are placed once its dice are rolled (6.4). */
static bool battle_dice_agree(const struct world *w, char *why, size_t size)
{
    const struct battle *b = &w->battle;
    bool between_turns = w->step == BATTLE_TREASON || w->step == BATTLE_TURNS || w->step == BATTLE_REGROUP;
    if (between_turns && (b->actor != BLOCK_NONE || b->target != BLOCK_NONE || b->dice || b->hits))
        return fail(why, size,
                    "battle: step %d waits between battle turns, yet names a block acting or aimed at, dice or "
                    "hits",
                    w->step);
    bool volley = w->step == BATTLE_FIRE || w->step == BATTLE_HITS;
    if (volley && b->target != BLOCK_NONE)
        return fail(why, size, "battle.target: step %d fires a volley, which is aimed at no one block (6.4)", w->step);
    if (w->step == BATTLE_HITS && b->dice)
        return fail(why, size, "battle.dice: the hits step with dice still to roll (6.4)");
    return true;
}

/* What the battle's step waits for, as play leaves it: its dice (above), no
 * reserve after round 1 but a defector who joined one (6.3, 6.9), attackers
 * who only retreat in round 4, a winner alone to regroup, a treachery roll
 * that can turn its target, a battle turn still to take. */
static bool battle_step_agrees(const struct world *w, char *why, size_t size)
{
    int area = w->battle.area, round = w->battle.round;
    blockset waiting = w->reserve & ~w->defected & w->at[area];
    if (!battle_dice_agree(w, why, size))
        return false;
    if (round > 1 && waiting)
        return fail(why, size,
                    "reserve: %s is still a reserve in round %d in %s; reserves arrive at the start of round 2 "
                    "(6.3)",
                    BLOCK_INFO[__builtin_ctzll(waiting)].id, round, AREA_INFO[area].name);
    if (round == 4 && !attackers_only_retreat(w, why, size))
        return false;
    if (w->step == BATTLE_REGROUP && area_contested(w, area))
        return fail(why, size, "step: the winner regroups from %s, but both sides are still in it (6.7)",
                    AREA_INFO[area].name);
    if (w->step == BATTLE_TREACHERY)
        return treachery_agrees(w, why, size);
    return w->step != BATTLE_TURNS || battle_turn_due(w, why, size);
}

/* The battle's fields in the battle phase: an area being fought over
 * between the choice of a battle and its end, the block acting or aimed at
 * where a step needs one, and the step's own (battle_step_agrees). */
static bool battle_agrees(const struct world *w, char *why, size_t size)
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
    return battle_step_agrees(w, why, size);
}

/* The cards played agree with the phase (1.1): none before the turn's play
 * begins, York's alone while Lancaster chooses, both from then to the end of
 * the turn. */
static bool played_agree_with_phase(const struct world *w, char *why, size_t size)
{
    bool shown = w->phase >= PHASE_ACTION && w->phase <= PHASE_SUPPLY;
    bool down[SIDE_COUNT] = {shown || (w->phase == PHASE_CARDS && w->step == CARDS_LANCASTER_PLAYS), shown};
    for (int s = 0; s < SIDE_COUNT; s++)
        if ((w->played[s] != 0) != down[s])
            return fail(why, size,
                        down[s] ? "played-%c: %s has no card down in the %s phase at step %d (1.1)"
                                : "played-%c: %s has a card down in the %s phase at step %d, before "
                                  "he plays one this turn (1.1)",
                        SIDE_NAME[s][0], SIDE_NAME[s], PHASE_NAME[w->phase], w->step);
    return true;
}

/* Seven cards to a hand for the campaign (8.5), one played each turn (1.1):
 * while the deal goes on, at most seven and one hand short; from the
 * mulligan on, a card for each turn not yet played; none left when the
 * campaign's seven turns are over. */
static bool hands_agree_with_turn(const struct world *w, char *why, size_t size)
{
    bool dealing = w->phase == PHASE_DEAL;
    for (int s = 0; s < SIDE_COUNT; s++) {
        int held = bits_count(w->hand[s]);
        int due = w->phase == PHASE_MULLIGAN    ? HAND_SIZE
                  : w->phase == PHASE_POLITICAL ? 0
                                                : HAND_SIZE + 1 - w->turn - (w->played[s] != 0);
        if (dealing ? held > HAND_SIZE : held != due)
            return fail(why, size, "hand-%c: %s holds %d cards in the %s phase of turn %d, not %s%d (1.1, 8.5)",
                        SIDE_NAME[s][0], SIDE_NAME[s], held, PHASE_NAME[w->phase], w->turn, dealing ? "more than " : "",
                        dealing ? HAND_SIZE : due);
    }
    if (dealing && bits_count(w->hand[SIDE_YORK]) == HAND_SIZE && bits_count(w->hand[SIDE_LANCASTER]) == HAND_SIZE)
        return fail(why, size, "phase: the deal goes on, but both hands hold their %d cards (8.5)", HAND_SIZE);
    return true;
}

static bool cards_agree_with_phase(const struct world *w, char *why, size_t size)
{
    if (w->phase == PHASE_POLITICAL && w->turn != 7)
        return fail(why, size, "turn: the political turn follows a campaign's seventh turn, not turn %d (1.0)",
                    w->turn);
    return w->phase == PHASE_OVER || (played_agree_with_phase(w, why, size) && hands_agree_with_turn(w, why, size));
}

/* RULINGS A.8: the exile-surplus step waits on a block, other than an heir,
 * in an exile holding more than its limit. */
static bool exile_surplus_left(const struct world *w)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        blockset counted = supply_counted(w, a);
        if (AREA_INFO[a].kind != AREA_EXILE || bits_count(counted) <= supply_limit(a))
            continue;
        for (blockset left = counted; left; left &= left - 1)
            if (BLOCK_INFO[__builtin_ctzll(left)].type != BLOCK_HEIR)
                return true;
    }
    return false;
}

/* Steps that play stops at only while someone has their work to do: an exile
 * surplus to send to the pool (RULINGS A.8), a defected Clarence or Exeter on
 * the map to execute (9.1, RULINGS A.9). */
static bool step_has_work(const struct world *w, char *why, size_t size)
{
    if (w->phase == PHASE_POLITICAL && w->step == POLITICAL_EXILE_SURPLUS && !exile_surplus_left(w))
        return fail(why, size, "step: the exile-surplus step, with no exile over its limit (RULINGS A.8)");
    if (w->phase != PHASE_SUPPLY || (w->step != SUPPLY_EXECUTE_YORK && w->step != SUPPLY_EXECUTE_LANCASTER))
        return true;
    int defector = w->step == SUPPLY_EXECUTE_YORK ? BLOCK_Y_EXETER : BLOCK_L_CLARENCE;
    if (world_location(w, defector) >= AREA_COUNT)
        return fail(why, size, "step: %s's execution step, with %s not on the map to execute (9.1)",
                    SIDE_NAME[BLOCK_INFO[defector].side], BLOCK_INFO[defector].id);
    return true;
}

/* ---- the move in progress (5.2-5.4, RULINGS A.1) ---- */

static const char *const MOVE_NAME[MOVE_KIND_COUNT] = {"no", "land", "sea", "Muster", "recruit"};

static const char *place_name(int location)
{
    return location < AREA_COUNT ? AREA_INFO[location].name : LOCATION_NAME[location - AREA_COUNT];
}

static int mover_side(const struct world *w) { return w->step == ACTION_PLAYER1 ? w->player1 : 1 - w->player1; }

/* A block moves two areas, three under Force March (5.2, RULINGS A.1), and
 * stops when it has moved them all. */
static int areas_per_move(const struct world *w)
{
    return CARD_INFO[w->played[mover_side(w)]].event == EVENT_FORCE_MARCH ? 3 : 2;
}

/* The block a move names belongs to the side moving, has not yet moved or
 * been recruited this turn (5.2, 5.4), is not face-down (6.83-6.85), and
 * stands where the move has it. */
static bool mover_stands(const struct world *w, int where, char *why, size_t size)
{
    const struct move *m = &w->move;
    int block = m->block, side = mover_side(w), found = world_location(w, block);
    const char *id = BLOCK_INFO[block].id;
    if (world_block_side(w, block) != side)
        return fail(why, size, "move: the %s move is %s's, but %s fights for the other side", MOVE_NAME[m->kind],
                    SIDE_NAME[side], id);
    if (found != where)
        return fail(why, size, "move: the %s move has %s in %s, but it is in %s", MOVE_NAME[m->kind], id,
                    place_name(where), place_name(found));
    if ((w->moved | w->face_down) & block_bit(block))
        return fail(why, size, "move: %s is %s and may not move (5.2)", id,
                    w->moved & block_bit(block) ? "done for this turn" : "face-down");
    return true;
}

/* A block on its way over land (5.2): it reached 'via' after 'steps' areas,
 * the last step from 'came_from', a neighbour; before its first step it is
 * still where the group started. */
static bool land_leg_agrees(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    const char *id = BLOCK_INFO[m->block].id;
    if (m->from == AREA_NONE || m->via == AREA_NONE)
        return fail(why, size, "move: %s is on its way in a %s move, but the move names no area %s", id,
                    MOVE_NAME[m->kind], m->from == AREA_NONE ? "it started from" : "it has reached");
    if (m->steps >= areas_per_move(w))
        return fail(why, size, "move: %s is on its way after %d areas, but a block stops after %d (5.2, RULINGS A.1)",
                    id, m->steps, areas_per_move(w));
    if (m->steps == 0 && (m->via != m->from || m->came_from != AREA_NONE))
        return fail(why, size, "move: %s has moved no area yet, so it is still in %s, and came from none", id,
                    AREA_INFO[m->from].name);
    if (m->steps > 0 && (m->came_from == AREA_NONE || border_between(m->came_from, m->via) == BORDER_NONE))
        return fail(why, size, "move: %s reached %s from %s, which is not next to it", id, AREA_INFO[m->via].name,
                    m->came_from == AREA_NONE ? "no area" : AREA_INFO[m->came_from].name);
    return mover_stands(w, m->via, why, size);
}

/* A land group or Muster between its blocks: nobody on the way. */
static bool between_blocks(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    if (m->via != AREA_NONE || m->came_from != AREA_NONE || m->steps != 0)
        return fail(why, size, "move: no block is on its way in the %s move, yet it has reached an area or moved",
                    MOVE_NAME[m->kind]);
    return true;
}

/* A sea move (5.3, 5.31): one block at a time sails from 'from' in one step;
 * after a port-to-port landing, 'via' holds the port a second may follow to. */
static bool sea_move_agrees(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    if (m->came_from != AREA_NONE || m->steps != 0)
        return fail(why, size, "move: a sea move goes port to port in one step, with no area left or counted");
    if (m->block == BLOCK_NONE)
        return true;
    if (m->via != AREA_NONE)
        return fail(why, size, "move: %s is at sea while the move waits for a second block to follow to %s",
                    BLOCK_INFO[m->block].id, AREA_INFO[m->via].name);
    return mover_stands(w, m->from, why, size);
}

/* A recruit (5.4): a block of the pool, and no area until it is placed. */
static bool recruit_agrees(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    if (m->block == BLOCK_NONE)
        return fail(why, size, "move: a recruit with no block named");
    if (m->from != AREA_NONE || m->via != AREA_NONE || m->came_from != AREA_NONE || m->steps != 0)
        return fail(why, size, "move: the recruit of %s names an area or steps; a recruit has only its block",
                    BLOCK_INFO[m->block].id);
    return mover_stands(w, LOC_POOL, why, size);
}

/* Each field of the move in progress as play leaves it, so that no rule
 * indexes the map or the blocks with a NONE it never meant to find there. */
static bool move_agrees(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    if (m->kind == MOVE_NONE)
        return true; /* world_check() saw every field NONE */
    if ((m->kind == MOVE_MUSTER) != (m->target != AREA_NONE))
        return fail(why, size, "move: %s",
                    m->kind == MOVE_MUSTER ? "a Muster move names no Muster area (RULINGS A.1)"
                                           : "only a Muster move names a Muster area");
    if ((m->kind == MOVE_LAND || m->kind == MOVE_SEA) && m->from == AREA_NONE)
        return fail(why, size, "move: a %s move names no area it starts from", MOVE_NAME[m->kind]);
    switch (m->kind) {
    case MOVE_RECRUIT: return recruit_agrees(w, why, size);
    case MOVE_SEA: return sea_move_agrees(w, why, size);
    default: return m->block == BLOCK_NONE ? between_blocks(w, why, size) : land_leg_agrees(w, why, size);
    }
}

/* What a parsed world can get wrong that play never does: a step beyond its
 * phase's, the cards' Player 1 missing after they are shown, a winner named
 * in a game going on, cards played or held out of turn, a move in progress
 * out of shape, a battle outside its steps, a step with no work left. Each
 * holds before the rules are asked who decides and what: they index the
 * map, the blocks and the cards with these fields. */
static bool phase_agrees(const struct world *w, char *why, size_t size)
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
    return cards_agree_with_phase(w, why, size) && move_agrees(w, why, size) && battle_agrees(w, why, size) &&
           step_has_work(w, why, size);
}

static bool decision_due(const struct world *w, char *why, size_t size)
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
static bool world_holds(const struct world *w, char *why, size_t size)
{
    return world_check(w, why, size) && phase_agrees(w, why, size) && twins_apart(w, why, size) &&
           face_down_at_home(w, why, size) && borders_within_limits(w, why, size) &&
           exiles_free_of_enemies(w, why, size) && contested_only_in_battle_time(w, why, size) &&
           cards_accounted(w, why, size) && crowns_in_play(w, why, size) && crowns_on_seniors(w, why, size);
}

bool audit_world(const struct world *w, char *why, size_t size)
{
    return world_holds(w, why, size) && decision_due(w, why, size);
}

bool audit_position_parse(const char *text, struct world *w, char *error, size_t error_size)
{
    struct world parsed; /* w itself is left as it was when the text is refused */
    char why[300];
    if (!position_parse(text, &parsed, error, error_size))
        return false;
    if (!audit_world(&parsed, why, sizeof why))
        return snprintf(error, error_size, "the position cannot arise in play: %s", why), false;
    *w = parsed;
    return true;
}

bool audit_transition(struct audit_memory *m, const struct world *before, decision d, const struct world *after,
                      char *why, size_t size)
{
    remember_reserves(m, before, after);
    return world_holds(after, why, size) && move_rules_kept(before, d, after, why, size) &&
           volley_kept(before, d, after, why, size) && charge_kept(before, d, after, why, size) &&
           reserves_untouched(before, after, why, size) && reserves_hold_fire(m, before, d, why, size) &&
           decision_due(after, why, size);
}
