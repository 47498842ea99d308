/*
 * evaluate.h: what a leaf is worth, decided in one place. Wherever a search
 * stops and values a world (the end of an iteration's playout, a greedy
 * look-ahead, the root's level for dynamic komi), it asks here; this module
 * alone chooses between a finished game's result, the learned value network
 * (eval/net.h, the networks kept by eval/value.h) and the 17 weighted
 * features (eval/eval.h), and which of them a player reads at all.
 */
#ifndef R3_EVALUATE_H
#define R3_EVALUATE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/core/world.h"
#include "eval/net.h"
#include "eval/weights.h"

/* What a search values its leaves with. */
struct evaluation {
    const struct eval_weights *weights; /* the weighted features'; they must outlive the search */
    const struct net_q *net;            /* the learned value network; NULL: the weights alone */
    double komi;                        /* York's logit taken off an unfinished world's (search/komi.h); 0: none */
};

/* The chance that 'side' wins from w, in [0, 1]: a finished game's result
 * (a win stays a win), else the logistic of York's logit less the komi. */
double evaluate(const struct world *w, int side, const struct evaluation *e);

/* York's logit of an unfinished world, the komi not taken off: the level
 * dynamic komi centres on (search/komi.h). */
double evaluate_york_logit(const struct world *w, const struct evaluation *e);

/* The network a player reads where its value is left built-in (ValueFile
 * built-in): the one inside r3, loaded at the first call that returns it.
 * It was trained over the built-in weights, so with other weights
 * (!weights_built_in) those are read alone; so are they at a limited
 * strength (search/level.h), whose Elo was measured with them. NULL for the
 * weights alone; *id is the network's checksum, 0 for none. */
const struct net_q *evaluate_built_in_network(bool weights_built_in, bool limited, uint64_t *id);

#endif
