/*
 * tree.h: the store of a search tree. Its nodes live in one array, the arena,
 * and name each other by index; node 0 is the root. A node's children are a
 * list (first child, next sibling), each child named by its key: the
 * decision into it as the searching side sees it. The walk down the tree
 * (search/ismcts.h) reads and adds nodes here; a tree kept for the next
 * search moves its root down to the position then.
 */
#ifndef R3_TREE_H
#define R3_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/core/decision.h"

/* One node: 32 bytes (docs/search.md). */
struct ismcts_node {
    uint32_t child, sibling; /* first child and next sibling; 0 for none */
    decision key;            /* the decision into this node, as the searching side sees it */
    uint32_t visits, available;
    float reward;  /* summed results for the side that made the decision */
    float best;    /* its value by the tree's back-up rule (tree_value), for the same side */
    uint8_t mover; /* the side that made the decision, or ACTOR_CHANCE for a roll's outcome */
};

/* How a node's value is backed up. A side's action, card play or battle
 * decision is a run of atomic steps, one node each; averaging makes a first
 * step worth the mean of every continuation tried, where its worth is its
 * best one. Max and secure back up, through a run of one mover's steps, the
 * value of the best child among those seen at least 'visits' times: max by
 * its value, secure by its value less one playout's standard error
 * (TREE_SECURE_SPREAD / sqrt(visits)). The floor on visits keeps a child
 * lucky in a few playouts from lifting its parent: a playout's noise is ten
 * times the differences between choices (docs/search.md). Where the mover
 * changes, or no child has the visits, a node's value is its mean. */
enum tree_backup_kind { TREE_BACKUP_AVERAGE, TREE_BACKUP_MAX, TREE_BACKUP_SECURE };
struct tree_backup {
    int kind; /* enum tree_backup_kind */
    uint32_t visits;
};
#define TREE_SECURE_SPREAD 0.128 /* a 2-turn playout's standard deviation (docs/search.md) */

/* One arena of nodes. */
struct ismcts_tree {
    struct ismcts_node *node;
    uint32_t count, capacity; /* nodes in use; the cap (from the memory limit) */
};

/* An arena of 'memory_bytes' (at least one node) holding the root alone,
 * reached by a decision of 'root_mover'; false if no memory could be had. */
bool tree_begin(struct ismcts_tree *t, size_t memory_bytes, int root_mover);

/* Frees the arena; a tree never begun, or ended, is left alone. */
void tree_end(struct ismcts_tree *t);

/* The child of 'parent' with this key, or 0. */
static inline uint32_t tree_child(const struct ismcts_tree *t, uint32_t parent, decision key)
{
    for (uint32_t c = t->node[parent].child; c; c = t->node[c].sibling)
        if (t->node[c].key == key)
            return c;
    return 0;
}

/* Whether the arena has room for one more node. */
static inline bool tree_has_room(const struct ismcts_tree *t) { return t->count < t->capacity; }

/* A new first child of 'parent' (tree_has_room must hold), tried once so
 * far: it is available in the world that added it. */
static inline uint32_t tree_add_child(struct ismcts_tree *t, uint32_t parent, decision key, int mover)
{
    uint32_t c = t->count++;
    t->node[c] =
        (struct ismcts_node){.sibling = t->node[parent].child, .key = key, .available = 1, .mover = (uint8_t)mover};
    t->node[parent].child = c;
    return c;
}

/* A visited node's value for its mover by the back-up rule: its mean
 * result, or (max, secure) that of its best continuation. */
static inline double tree_value(const struct ismcts_node *n, const struct tree_backup *rule)
{
    return rule->kind == TREE_BACKUP_AVERAGE ? n->reward / n->visits : n->best;
}

/* Adds York's result 'york' to the nodes path[0..depth-1] (the root's child
 * first), their visits too unless 'counted' (a shared tree's virtual loss
 * counted them on the way down), and the root's visit; then, deepest first,
 * each node's value by the rule. */
void tree_back_up(struct ismcts_tree *t, const uint32_t *path, int depth, double york, bool counted,
                  const struct tree_backup *rule);

/* Makes the subtree under 'top' the whole tree, 'top' its root: copied into
 * a fresh arena breadth first. False, the tree as it was, if there is no
 * memory for the copy. */
bool tree_keep_subtree(struct ismcts_tree *t, uint32_t top);

/* A principal variation: 'first', then from its node the most visited child,
 * and so on while that child has been visited at least TREE_PV_MIN_VISITS
 * times and is a decision, not a roll's outcome; at most 'max' decisions into pv[] (the side's keys: the enemy's
 * hidden choices as the side sees them); returns its length. */
#define TREE_PV_MIN_VISITS 2
int tree_pv(const struct ismcts_tree *t, decision first, decision *pv, int max);

#endif
