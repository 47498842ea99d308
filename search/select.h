/*
 * select.h: the tree search's selection rules, apart from the walk down the
 * tree (search/ismcts.c) that calls them at every node where a side
 * decides: which child to take, or which key never tried to add. A child is
 * scored by UCB1, the value of a child never tried being the first-play
 * urgency, or by PUCT with the policy's priors, where a child never tried is
 * worth its parent's value; at the side's own nodes RAVE blends in each
 * key's all-moves-as-first mean (search/amaf.h); progressive widening
 * bounds the enemy's nodes by their visits. Each child counts how often it
 * was available, legal in the world drawn, in place of its parent's visits
 * (docs/search.md).
 */
#ifndef R3_SELECT_H
#define R3_SELECT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rules/rules.h"
#include "search/amaf.h"
#include "search/policy_weights.h"
#include "search/tree.h"

/* The rules' constants, the search's options (search/ismcts.h) for them. */
struct select_rules {
    bool flat;                         /* flat Monte Carlo: the least tried child first; no priors, no widening */
    double exploration;                /* UCB1's constant C */
    double first_play;                 /* UCB1's value of a child never tried */
    double prior;                      /* PUCT's constant; 0: UCB1 */
    double widening;                   /* an enemy's node seen n times has at most (n+1)^widening children; 0: off */
    double rave;                       /* RAVE's constant; 0: off */
    const struct policy_table *policy; /* widening's draw of a key never tried */
    const struct policy_table *prior_policy; /* PUCT's priors */
    const struct amaf *amaf;                 /* RAVE's means */
    int side;                                /* the searching side */
};

/* One node's choice in the world drawn: its legal decisions and their keys
 * (the walk's), the keys sorted and, under PUCT, each sorted key's prior.
 * select_prepare fills it without reading the tree, so that a shared
 * tree's lock need not be held meanwhile. */
struct select_node {
    const struct world *w;
    const struct decisions *legal;
    const decision *key; /* each legal decision's key */
    int actor;           /* who decides at w */
    bool puct;
    decision sorted[MAX_DECISIONS];
    float prior[MAX_DECISIONS];
};

void select_prepare(const struct select_rules *r, struct select_node *n, const struct world *w,
                    const struct decisions *legal, const decision *key);

/* The child of 'parent' in t to take, after counting the availability of
 * every child legal in this world; or 0, with *key the key never tried to
 * add (the caller adds it, room allowing). */
uint32_t select_child(const struct select_rules *r, const struct select_node *n, struct ismcts_tree *t, uint32_t parent,
                      uint64_t *rng, decision *key);

#endif
