/* select.c: see select.h. */
#include "search/select.h"

#include <math.h>
#include <string.h>

#include "engine/core/random.h"
#include "search/policy.h"

/* Keys in increasing order: an insertion sort, since a node has a few dozen
 * at most, and qsort's calls through a pointer cost more than the moves. */
static void sort_keys(decision *keys, int n)
{
    for (int i = 1; i < n; i++) {
        decision key = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > key; j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

/* A key in a sorted list, or NULL. Where a key is listed twice this halves
 * the range exactly as glibc's bsearch does, so it finds the same copy. */
static const decision *find_key(decision key, const decision *sorted, int n)
{
    int low = 0, high = n;
    while (low < high) {
        int middle = (low + high) / 2;
        if (key < sorted[middle])
            high = middle;
        else if (key > sorted[middle])
            low = middle + 1;
        else
            return &sorted[middle];
    }
    return NULL;
}

/* Each sorted key's prior: the priors' weight of the decisions of w behind
 * it, over the weight of all of w's legal decisions. A key listed twice
 * gets its share at the copy find_key finds. */
static void key_priors(const struct select_rules *r, struct select_node *n)
{
    double weight[MAX_DECISIONS] = {0}, total = 0;
    for (int i = 0; i < n->legal->count; i++) {
        unsigned each = policy_weight(r->prior_policy, n->w, n->legal->list[i]);
        weight[find_key(n->key[i], n->sorted, n->legal->count) - n->sorted] += each;
        total += each;
    }
    for (int i = 0; i < n->legal->count; i++)
        n->prior[i] = (float)(weight[i] / total);
}

void select_prepare(const struct select_rules *r, struct select_node *n, const struct world *w,
                    const struct decisions *legal, const decision *key)
{
    n->w = w, n->legal = legal, n->key = key;
    n->actor = rules_actor(w);
    n->puct = r->prior > 0 && !r->flat;
    memcpy(n->sorted, key, (size_t)legal->count * sizeof *n->sorted);
    sort_keys(n->sorted, legal->count);
    if (n->puct)
        key_priors(r, n);
}

/* One choice under way: a node of the tree, what a child never tried is
 * worth there under PUCT, and whether RAVE blends in. */
struct choice {
    const struct select_rules *r;
    const struct select_node *n;
    struct ismcts_tree *t;
    uint32_t parent;
    double first;
    bool rave;
};

/* PUCT's exploration term: a key's prior share of the policy's weight,
 * over how often it was tried, times how often it could have been. */
static double prior_term(const struct select_rules *r, double prior, uint32_t available, uint32_t visits)
{
    return r->prior * prior * sqrt((double)available) / (1.0 + visits);
}

/* RAVE: value q of the side's own child with this key, tried 'visits'
 * times, mixed with the key's all-moves-as-first mean (q itself counted as
 * one more play of it). */
static double with_amaf(const struct select_rules *r, decision key, uint32_t visits, double q)
{
    double mean;
    if (!amaf_mean(r->amaf, key, r->side, q, &mean))
        return q;
    double share = sqrt(r->rave / (3.0 * visits + r->rave));
    return share * mean + (1 - share) * q;
}

/* A child's score: UCB1, or with priors PUCT; 'prior' is its key's share
 * (PUCT only). */
static double child_score(const struct choice *c, const struct ismcts_node *n, double prior)
{
    const struct select_rules *r = c->r;
    if (r->flat) /* uniform allocation: the least tried first */
        return n->visits ? -(double)n->visits : r->first_play;
    if (r->prior > 0) {
        double q = n->visits ? tree_mean(n) : c->first;
        return (c->rave ? with_amaf(r, n->key, n->visits, q) : q) + prior_term(r, prior, n->available, n->visits);
    }
    if (!n->visits)
        return r->first_play;
    return tree_mean(n) + r->exploration * sqrt(log((double)n->available) / n->visits);
}

/* What one pass over a node's children finds. */
struct survey {
    uint32_t best; /* the best child legal in this world by child_score, 0 if none is */
    double best_score;
    int available; /* the children legal in this world */
    int nfresh;
    decision fresh[MAX_DECISIONS]; /* the legal keys no child has yet */
};

/* One pass over the children: counts the availability of those legal in
 * this world and finds the best of them, and the legal keys never tried. */
static void survey(const struct choice *c, struct survey *out)
{
    const struct select_node *n = c->n;
    const int count = n->legal->count;
    bool taken[MAX_DECISIONS];
    memset(taken, 0, (size_t)count);
    out->best = 0;
    out->best_score = -1e300;
    out->available = 0;
    for (uint32_t child = c->t->node[c->parent].child; child; child = c->t->node[child].sibling) {
        const decision *at = find_key(c->t->node[child].key, n->sorted, count);
        if (!at)
            continue;
        c->t->node[child].available++;
        ++out->available;
        taken[at - n->sorted] = true;
        double score = child_score(c, &c->t->node[child], n->puct ? n->prior[at - n->sorted] : 0);
        if (score > out->best_score)
            out->best_score = score, out->best = child;
    }
    out->nfresh = 0;
    for (int i = 0; i < count; i++)
        if (!taken[i] && (i == 0 || n->sorted[i] != n->sorted[i - 1]))
            out->fresh[out->nfresh++] = n->sorted[i];
}

/* Under PUCT, what a child never tried is worth to the side deciding at
 * the node: the node's own value, as that side sees it; 1/2 at the root,
 * whose results the komi centres there. */
static double first_value(const struct ismcts_tree *t, uint32_t parent, int actor)
{
    const struct ismcts_node *p = &t->node[parent];
    if (!parent || !p->visits)
        return 0.5;
    double value = tree_mean(p);
    double york = p->mover == SIDE_YORK ? value : 1.0 - value;
    return actor == SIDE_YORK ? york : 1.0 - york;
}

/* Under PUCT, the fresh key with the most prior (the first of equals),
 * with its score in *score as a child never tried; with RAVE, the one of
 * the best score, its AMAF mean in place of the first-play value. */
static decision likeliest_fresh(const struct choice *c, const struct survey *s, double *score)
{
    const struct select_node *n = c->n;
    decision key = s->fresh[0];
    uint32_t available = c->t->node[c->parent].visits + 1;
    double best = -1e300, best_prior = 0;
    for (int i = 0; i < s->nfresh; i++) {
        double p = n->prior[find_key(s->fresh[i], n->sorted, n->legal->count) - n->sorted];
        /* Without RAVE every fresh key is worth 'first', so its prior alone ranks it. */
        double rank = c->rave ? with_amaf(c->r, s->fresh[i], 0, c->first) + prior_term(c->r, p, available, 0) : p;
        if (rank > best)
            best = rank, best_prior = p, key = s->fresh[i];
    }
    *score = c->rave ? best : c->first + prior_term(c->r, best_prior, available, 0);
    return key;
}

/* Flat Monte Carlo tries every child in turn, so it never widens. */
static bool widens(const struct select_rules *r) { return r->widening > 0 && !r->flat; }

/* Progressive widening: may a node where 'actor' decides, seen 'visits'
 * times, with 'available' children legal in this world, take one more? Only
 * the enemy's nodes are narrowed: narrowing the side's own kept good but
 * unlikely moves out of its plans (docs/history/strength.md), where the enemy's
 * replies are better modelled by the few the policy likes. With the exponent
 * at 0, or at the side's own nodes, it always may, and first-play urgency
 * decides. */
static bool may_widen(const struct select_rules *r, int actor, uint32_t visits, int available)
{
    if (!widens(r) || actor == r->side)
        return true;
    return available < (int)ceil(pow((double)visits + 1.0, r->widening));
}

/* A fresh key to expand under UCB1: uniform, or (with widening) drawn by the
 * playout policy's weights of the decisions that have it, so that a node
 * seen seldom plays as the playouts would rather than at random. At the
 * side's own nodes, which are not narrowed, this orders the first tries. */
static decision fresh_key(const struct select_rules *r, const struct select_node *n, const struct survey *s,
                          uint64_t *rng)
{
    if (!widens(r))
        return s->fresh[random_below(rng, s->nfresh)];
    unsigned weight[MAX_DECISIONS] = {0};
    for (int i = 0; i < n->legal->count; i++) {
        const decision *at = find_key(n->key[i], s->fresh, s->nfresh);
        if (at)
            weight[at - s->fresh] += policy_weight(r->policy, n->w, n->legal->list[i]);
    }
    return s->fresh[policy_draw(weight, s->nfresh, rng)];
}

uint32_t select_child(const struct select_rules *r, const struct select_node *n, struct ismcts_tree *t, uint32_t parent,
                      uint64_t *rng, decision *key)
{
    struct choice c = {r, n, t, parent, 0, n->puct && r->rave > 0 && n->actor == r->side};
    struct survey s;
    double fresh_score = 0;
    if (n->puct)
        c.first = first_value(t, parent, n->actor);
    survey(&c, &s);
    *key = 0;
    if (s.nfresh && n->puct)
        *key = likeliest_fresh(&c, &s, &fresh_score);
    bool worth_a_try = n->puct ? fresh_score > s.best_score : s.best_score <= r->first_play;
    uint32_t best = s.best;
    if (s.nfresh && (!best || (worth_a_try && may_widen(r, n->actor, t->node[parent].visits, s.available))))
        best = 0; /* a key never tried */
    if (best)
        *key = t->node[best].key;
    else if (!n->puct)
        *key = fresh_key(r, n, &s, rng);
    return best;
}
