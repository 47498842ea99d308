/*
 * ismcts.c: see ismcts.h.
 *
 * Keys, not decisions, name the edges: where the searching side cannot tell
 * the enemy's decisions apart ("play ?", "recruit ?"), they share one edge,
 * and the enemy's pick among them is drawn uniformly. So the searching
 * side's later nodes never depend on what it could not have seen.
 */
#include "ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/observe.h"
#include "../engine/random.h"
#include "../eval/eval.h"
#include "policy.h"

#define MAX_DEPTH 1024          /* decisions in one descent; the tree is far shallower in practice */
#define PLAYOUT_BOUND 20000     /* decisions in one playout; a real game is about a tenth of that */

const struct ismcts_options ISMCTS_DEFAULT = {
    .exploration = 0.7, .first_play = 10.0, .robust_choice = true, .playout_turns = 0,
    .playout_policy = POLICY_HEURISTIC}; /* stronger than random playouts in matches (docs/search.md) */

bool ismcts_begin(struct ismcts *s, const struct world *w, int side, const struct ismcts_options *o,
                  size_t memory_bytes, uint64_t *rng)
{
    struct view v;
    size_t capacity = memory_bytes / sizeof(struct ismcts_node);
    s->options = *o;
    s->capacity = capacity > UINT32_MAX ? UINT32_MAX : capacity < 1 ? 1 : (uint32_t)capacity;
    s->node = malloc((size_t)s->capacity * sizeof *s->node);
    if (!s->node)
        return false;
    s->node[0] = (struct ismcts_node){.mover = (uint8_t)(1 - side)};
    s->count = 1;
    s->side = side;
    s->root = *w;
    s->iterations = s->nodes = 0;
    view_of(w, side, &v);
    s->can_sample = sampler_init(&s->sampler, &v, rng);
    return true;
}

void ismcts_end(struct ismcts *s)
{
    free(s->node);
    s->node = NULL;
}

/* ---- one step down the tree ---- */

struct step {
    struct decisions legal;
    decision key[MAX_DECISIONS];
};

static int compare_keys(const void *a, const void *b)
{
    decision x = *(const decision *)a, y = *(const decision *)b;
    return (x > y) - (x < y);
}

static double ucb(const struct ismcts *s, const struct ismcts_node *n)
{
    if (!n->visits)
        return s->options.first_play;
    double mean = n->reward / n->visits;
    return mean + s->options.exploration * sqrt(log((double)n->available) / n->visits);
}

/* One pass over the children at 'parent': counts the availability of those
 * whose keys are legal in this world and returns the best of them by UCB (0
 * if none), its value in *best_value; the legal keys no child has yet go into
 * 'fresh', their number into *nfresh. */
static uint32_t survey(struct ismcts *s, uint32_t parent, const decision *sorted, int count, decision *fresh,
                       int *nfresh, double *best_value)
{
    static _Thread_local bool taken[MAX_DECISIONS];
    uint32_t best = 0;
    memset(taken, 0, (size_t)count);
    *best_value = -1e300;
    for (uint32_t c = s->node[parent].child; c; c = s->node[c].sibling) {
        const decision *at = bsearch(&s->node[c].key, sorted, (size_t)count, sizeof *sorted, compare_keys);
        if (!at)
            continue;
        s->node[c].available++;
        taken[at - sorted] = true;
        double value = ucb(s, &s->node[c]);
        if (value > *best_value)
            *best_value = value, best = c;
    }
    *nfresh = 0;
    for (int i = 0; i < count; i++)
        if (!taken[i] && (i == 0 || sorted[i] != sorted[i - 1]))
            fresh[(*nfresh)++] = sorted[i];
    return best;
}

/* A decision of w with this key, drawn uniformly among those that have it. */
static decision decision_with_key(const struct step *st, decision key, uint64_t *rng)
{
    int matches = 0, pick = 0;
    for (int i = 0; i < st->legal.count; i++)
        if (st->key[i] == key && random_below(rng, ++matches) == 0)
            pick = i;
    return st->legal.list[pick];
}

static uint32_t add_child(struct ismcts *s, uint32_t parent, decision key, int mover)
{
    uint32_t c = s->count++;
    s->node[c] = (struct ismcts_node){.sibling = s->node[parent].child, .key = key, .available = 1,
                                      .mover = (uint8_t)mover};
    s->node[parent].child = c;
    return c;
}

/* Chooses at 'parent' for the actor of w, applies the decision to w, and
 * returns the child taken (0 when the tree is full and nothing was added).
 * *expanded tells whether the child is new. */
static uint32_t descend(struct ismcts *s, uint32_t parent, struct world *w, uint64_t *rng, bool *expanded)
{
    static _Thread_local struct step st;
    decision sorted[MAX_DECISIONS], fresh[MAX_DECISIONS];
    int actor = rules_actor(w);
    rules_legal(w, &st.legal);
    for (int i = 0; i < st.legal.count; i++)
        sorted[i] = st.key[i] = observe_key(w, st.legal.list[i], s->side);
    qsort(sorted, (size_t)st.legal.count, sizeof *sorted, compare_keys);
    int nfresh;
    double best_value;
    uint32_t best = survey(s, parent, sorted, st.legal.count, fresh, &nfresh, &best_value);
    if (nfresh && best_value <= s->options.first_play) /* a key never tried is worth first_play */
        best = 0;
    *expanded = false;
    decision key;
    if (best) {
        key = s->node[best].key;
    } else {
        key = fresh[random_below(rng, nfresh)];
        if (s->count < s->capacity) {
            best = add_child(s, parent, key, actor);
            *expanded = true;
        }
    }
    rules_apply(w, decision_with_key(&st, key, rng));
    return best;
}

/* ---- playout and back-up ---- */

/* Plays w on by the options' policy (search/policy.h), counting the
 * decisions in *nodes; York's result in [0, 1]. */
static double playout(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes)
{
    struct decisions legal;
    int turns = 0, last_turn = w->campaign * 16 + w->turn;
    w->flags |= WORLD_NO_KNOWLEDGE; /* below the tree nobody's knowledge is asked */
    for (long n = 0; w->phase != PHASE_OVER && n < PLAYOUT_BOUND; n++) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        if (actor == ACTOR_CHANCE) {
            rules_apply(w, rules_chance(w, random_next(rng)));
        } else {
            rules_legal(w, &legal);
            rules_apply(w, policy_decide(s->options.playout_policy, w, &legal, rng));
        }
        ++*nodes;
        int now = w->campaign * 16 + w->turn;
        if (now != last_turn && s->options.playout_turns && ++turns >= s->options.playout_turns)
            break;
        last_turn = now;
    }
    return eval_win_probability(w, SIDE_YORK, &EVAL_DEFAULT);
}

long ismcts_iterate(struct ismcts *s, uint64_t *rng)
{
    uint32_t path[MAX_DEPTH];
    int depth = 0;
    long nodes = 0;
    struct world w;
    if (!s->can_sample)
        return 0;
    sampler_draw(&s->sampler, rng, &w);
    uint32_t at = 0;
    bool expanded = false;
    while (!expanded && w.phase != PHASE_OVER && depth < MAX_DEPTH) {
        int actor = rules_actor(&w);
        if (actor == ACTOR_NONE)
            break;
        nodes++;
        if (actor == ACTOR_CHANCE) {
            rules_apply(&w, rules_chance(&w, random_next(rng)));
            continue;
        }
        at = descend(s, at, &w, rng, &expanded);
        if (!at)
            break; /* the tree is full: play out from here */
        path[depth++] = at;
    }
    double york = playout(s, &w, rng, &nodes);
    for (int i = 0; i < depth; i++) {
        struct ismcts_node *n = &s->node[path[i]];
        n->visits++;
        n->reward += (float)(n->mover == SIDE_YORK ? york : 1.0 - york);
    }
    s->node[0].visits++;
    s->iterations++;
    s->nodes += nodes;
    return nodes;
}

struct root_total {
    decision key;
    double visits, reward;
};

/* The root's children of every tree, summed by key, for the keys legal in the belief. */
static int root_totals(const struct ismcts *trees, int count, struct root_total *out)
{
    struct decisions legal;
    rules_legal(&trees[0].root, &legal);
    for (int i = 0; i < legal.count; i++) /* only decisions legal in the side's own belief */
        out[i] = (struct root_total){legal.list[i], 0, 0};
    for (int t = 0; t < count; t++)
        for (uint32_t c = trees[t].node[0].child; c; c = trees[t].node[c].sibling)
            for (int i = 0; i < legal.count; i++)
                if (out[i].key == trees[t].node[c].key) {
                    out[i].visits += trees[t].node[c].visits;
                    out[i].reward += trees[t].node[c].reward;
                }
    return legal.count;
}

decision ismcts_best(const struct ismcts *trees, int count, double *value)
{
    static _Thread_local struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    double most = total[best].visits;
    if (!trees[0].options.robust_choice)
        for (int i = 0; i < n; i++)
            if (total[i].visits * 10 >= most && total[i].visits > 0 &&
                total[i].reward / total[i].visits > total[best].reward / total[best].visits)
                best = i;
    if (value)
        *value = total[best].visits > 0 ? total[best].reward / total[best].visits : 0.5;
    return total[best].key;
}
