/*
 * audit.h: the rule invariants that r3 playout --check verifies after every
 * decision, beyond the struct invariants of world_check(): two versions of a
 * noble never in play together, border counts within their limits, red
 * borders stopping, no block moving twice, contested areas only around the
 * action and battle phases, the 25 cards all accounted for, the crowns on the
 * senior heirs, and a decision at every point of a game not yet over.
 */
#ifndef R3_AUDIT_H
#define R3_AUDIT_H

#include <stdbool.h>

#include "rules.h"

/* Checks the transition before --d--> after. Returns true if every invariant
 * holds; otherwise writes the first broken one into why[size]. */
bool audit_transition(const struct world *before, decision d, const struct world *after, char *why, int size);

#endif
