/*
 * rules.h: the game as decision points (docs/architecture.md). At every point
 * exactly one actor decides: York, Lancaster or chance. Decisions are atomic
 * (one card, one area, one block, one choice) and are small integers with a
 * stable text form (docs/decisions.md). apply() works in place; callers that
 * search copy the world first (copy-make). apply() never rolls dice or shuffles:
 * chance outcomes are decisions too, chosen by the caller.
 */
#ifndef R3_RULES_H
#define R3_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* Who decides now; ACTOR_NONE once the game is over (PHASE_OVER, the one
 * phase with no module). */
int rules_actor(const struct world *w);

/* Every legal decision here, in a fixed order. Chance points list their
 * outcomes, each equally likely. */
void rules_legal(const struct world *w, struct decisions *out);

/* Applies a legal decision. */
void rules_apply(struct world *w, decision d);

/* rules_apply() stage by stage: applies the next stage of d's transition and
 * says whether another follows. Most transitions have one stage. The end of a
 * campaign's last turn has three: the turn's end, the political turn's first
 * steps (8.1, 8.2 and the game's end), then the blocks going home (8.3 to 8.5,
 * up to the first choice), which a player watches one after the other. */
bool rules_apply_stage(struct world *w, decision d);

/* A chance outcome drawn from random bits (a uniform choice among the listed
 * outcomes), for callers that play chance from a seeded generator. */
decision rules_chance(const struct world *w, uint64_t random_bits);

/* Whether a die (a chance decision of the battle phase) counts in its roll:
 * a hit, or an odd treachery die (6.2, 6.5, 6.9). A roll's public outcome
 * is how many of its dice count; the game after it depends on that alone. */
bool rules_die_counts(const struct world *w, decision roll);

#endif
