/*
 * audit.h: the rule invariants that r3 playout --check verifies after every
 * decision, beyond the struct invariants of world_check(): two versions of a
 * noble never in play together, border counts within their limits, red
 * borders stopping, no block moving twice, no block in the enemy's exile
 * (but the rebel a usurpation turned), contested areas only around the
 * action and battle phases, the 25 cards all accounted for, the King and the
 * Pretender heirs in play and, where the crowns are settled, the senior ones,
 * and a decision at every point of a game not yet over; and in
 * battle, that each volley's hits stay on one block until it falls, reach the
 * blocks strongest first and all land while anyone is left to take them (6.4), that a charge and its bonus fire hit only
 * their named block (6.5), and that reserves take no hits while they wait and
 * fire in no round before round 2 (6.3).
 */
#ifndef R3_AUDIT_H
#define R3_AUDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* What the audit remembers within a game: the blocks that were reserves in
 * round 1 of the battle in progress. */
struct audit_memory {
    blockset round_1_reserves;
    uint8_t area; /* the battle they belong to, AREA_NONE before the first */
};

/* The invariants of one world, whatever led to it: world_check()'s, the
 * phase's step and what it needs (Player 1, the cards played and held, the
 * move in progress in its shape, the battle's area, actor, target and dice
 * as its step leaves them, work for the step to do), twins, borders,
 * exiles free of the enemy, contested areas, the 25 cards, the crowns on heirs in play, and a decision
 * due. All but the last are asked before the rules are asked who decides
 * and what, since the rules index the map, the blocks and the cards with
 * these fields. What a position read from text must pass. True, or false
 * with the first broken one in why[size]. */
bool audit_world(const struct world *w, char *why, size_t size);

/* A position read from text (engine/text/position.h) and audited: true with
 * *w, or false with why (the parser's column, or the invariant and field
 * broken) and *w as it was. Every position from outside comes in here. */
bool audit_position_parse(const char *text, struct world *w, char *error, size_t error_size);

/* Starts the memory for a new game. */
void audit_begin(struct audit_memory *m);

/* Checks the transition before --d--> after, the next one of the game that m
 * has followed. Returns true if every invariant holds; otherwise writes the
 * first broken one into why[size]. */
bool audit_transition(struct audit_memory *m, const struct world *before, decision d, const struct world *after,
                      char *why, size_t size);

#endif
