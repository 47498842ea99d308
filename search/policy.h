/*
 * policy.h: the playout policies of the search. A playout plays a drawn
 * world on to the end (or a few turns) so that the evaluation sees where
 * play leads; the closer its play is to a real player's, the more its result
 * says. The random policy picks every decision uniformly; the heuristic one
 * draws with weights from rules of thumb (fire rather than pass, retreat when
 * hopeless, recruit what counts for usurpation, do not walk into a far
 * stronger stack, go for weak heirs), so play stays varied but less foolish.
 * Both only ever look at the world and the legal list: a few operations a
 * decision, so playouts stay cheap. The heuristic's weights are a table
 * (search/policy_weights.h): the built-in one is the hand-written rules of
 * thumb, and a policy file (PolicyFile, r3 tune policy) gives others.
 */
#ifndef R3_POLICY_H
#define R3_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rules/rules.h"
#include "search/policy_weights.h"

enum playout_policy { POLICY_RANDOM, POLICY_HEURISTIC, POLICY_COUNT };

extern const char *const POLICY_NAME[POLICY_COUNT]; /* "random", "heuristic" */

/* The cell of decision d, legal in w, in a table of weights: its
 * rule-of-thumb category and extras (search/policy_weights.h), which are its
 * features. r3 tune policy reads them. */
int policy_cell(const struct world *w, decision d);

/* The category of playing 'card' from 'hand' (1.1): its event's, else the
 * hand's most or fewest action points among its cards with no event, else
 * POLICY_NO_RULE: a side's card choice depends on its hand alone. */
int policy_play_category(uint32_t hand, int card);

/* The weight the heuristic policy with table t gives decision d, legal in w:
 * never 0, higher more often. */
unsigned policy_weight(const struct policy_table *t, const struct world *w, decision d);

/* An index below count drawn in proportion to the weights, which must not
 * all be 0. */
int policy_draw(const unsigned *weight, int count, uint64_t *rng);

/* A decision of 'legal' (the legal list of w, not empty), drawn by the
 * heuristic's weights in table t; chance points are drawn uniformly, as
 * listed (no rule of thumb speaks of them). */
decision policy_choose(const struct policy_table *t, const struct world *w, const struct decisions *legal,
                       uint64_t *rng);

/* The built-in heuristic policy as a player of a whole game
 * (engine/rules/game.h), for any actor, chance too; rng is its uint64_t
 * generator. */
bool policy_player(void *rng, const struct world *w, decision *d);

/* The same by the named policy: POLICY_RANDOM is a uniform draw,
 * POLICY_HEURISTIC a draw by table t. */
decision policy_decide(int policy, const struct policy_table *t, const struct world *w, const struct decisions *legal,
                       uint64_t *rng);

#endif
