/*
 * infer.h: what the enemy's choices reveal of its face-down blocks. A side's
 * belief (engine/hidden/belief.h) keeps the hard facts exactly: no world
 * that contradicts an observation is ever drawn. Among the worlds that
 * remain, some make what the enemy did likelier than others: a piece that
 * marched into a strong stack is likelier a strong block, one kept out of
 * every battle likelier an heir. The inference weighs that with an opponent
 * model, the chance the fitted priors (search/policy_weights.h) give each
 * legal decision, and keeps the result as the belief's odds
 * (engine/hidden/sample.h), which the sampler leans to.
 *
 * After each decision of the enemy that names a face-down piece (or moves or
 * fights with one), the piece's odds of being each block it may be are
 * multiplied by the likelihood of that decision when it is that block: the
 * mean, over worlds drawn from the side's view with the piece fixed to that
 * block and the other pieces drawn by the odds so far, of the model's chance
 * of what was seen. This is Bayes' rule with the joint belief kept as one
 * factor a piece (an assumed-density filter); the likelihood is raised to a
 * power below 1, since the enemy is not the model. Its generator is seeded
 * from the side's view and the count of transitions taken in, so the odds
 * depend on nothing the side has not seen.
 */
#ifndef R3_INFER_H
#define R3_INFER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/hidden/belief.h"
#include "search/policy_weights.h"

struct inference {
    const struct policy_table *model; /* the opponent model: a decision's chance is its weight's share;
                                       * NULL: the fitted priors */
    int draws;                        /* worlds a candidate block, for its likelihood */
    double power;                     /* the likelihood raised to it: 1 trusts the model fully */
    double recruit_power;             /* the same for the model's choice of the block an unseen recruit took */
    double surprise;                  /* the share of the enemy's decisions the model leaves to chance:
                                       * a decision's chance is mixed with the uniform one's */
};

/* The inference of the Inference option: the fitted priors as the model,
 * with the draws and the power measured in docs/search.md. */
extern const struct inference INFERENCE_DEFAULT;

/* belief_observe, and with f (not NULL) the odds of the piece an enemy's
 * decision names brought up to date by what it reveals. On failure the
 * belief, odds and all, is as it was. */
bool infer_observe(struct belief *b, const struct observations *seen, const struct inference *f, char *error,
                   size_t error_size);

#endif
