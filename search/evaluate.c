/* evaluate.c: see evaluate.h. */
#include "search/evaluate.h"

#include <math.h>

#include "eval/eval.h"
#include "eval/features.h"
#include "eval/value.h"

/* The network's logit: its pass over the world's active features, plus its
 * base times the logit of the 17 default weights it was trained over. */
static double network_logit(const struct world *w, const struct net_q *net)
{
    uint16_t index[FEATURES_MAX_ACTIVE];
    int count = features_active(w, index);
    double base = net->base ? net->base * eval_york_logit(w, &EVAL_DEFAULT) : 0;
    return net_q_logit(net, index, count) + base;
}

double evaluate_york_logit(const struct world *w, const struct evaluation *e)
{
    return e->net ? network_logit(w, e->net) : eval_york_logit(w, e->weights);
}

/* York's chance at this logit, the komi taken off. */
static double centred(double logit, double komi) { return 1.0 / (1.0 + exp(komi - logit)); }

double evaluate(const struct world *w, int side, const struct evaluation *e)
{
    double york = w->phase == PHASE_OVER ? eval_york_result(w) : centred(evaluate_york_logit(w, e), e->komi);
    return side == SIDE_YORK ? york : 1.0 - york;
}

const struct net_q *evaluate_built_in_network(bool weights_built_in, bool limited, uint64_t *id)
{
    *id = 0;
    return weights_built_in && !limited ? value_net_built_in(id) : NULL;
}
