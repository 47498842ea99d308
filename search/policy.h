/*
 * policy.h: the playout policies of the search. A playout plays a drawn
 * world on to the end (or a few turns) so that the evaluation sees where
 * play leads; the closer its play is to a real player's, the more its result
 * says. The random policy picks every decision uniformly; the heuristic one
 * draws with weights from rules of thumb (fire rather than pass, retreat when
 * hopeless, recruit what counts for usurpation, do not walk into a far
 * stronger stack, go for weak heirs), so play stays varied but less foolish.
 * Both only ever look at the world and the legal list: a few operations a
 * decision, so playouts stay cheap.
 */
#ifndef R3_POLICY_H
#define R3_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rules/rules.h"

enum playout_policy { POLICY_RANDOM, POLICY_HEURISTIC, POLICY_COUNT };

extern const char *const POLICY_NAME[POLICY_COUNT]; /* "random", "heuristic" */

/* The weight the heuristic policy gives decision d, legal in w: 0 never,
 * higher more often. Exposed for the tests, which check the preferences. */
unsigned policy_weight(const struct world *w, decision d);

/* An index below count drawn in proportion to the weights, which must not
 * all be 0. */
int policy_draw(const unsigned *weight, int count, uint64_t *rng);

/* A decision of 'legal' (the legal list of w, not empty), drawn by the
 * heuristic's weights; chance points are drawn uniformly, as listed. */
decision policy_choose(const struct world *w, const struct decisions *legal, uint64_t *rng);

/* The heuristic policy as a player of a whole game (engine/rules/game.h), for
 * any actor, chance too; rng is its uint64_t generator. */
bool policy_player(void *rng, const struct world *w, decision *d);

/* The same by the named policy: POLICY_RANDOM is a uniform draw. */
decision policy_decide(int policy, const struct world *w, const struct decisions *legal, uint64_t *rng);

#endif
