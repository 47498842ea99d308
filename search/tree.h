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

/* One node: 28 bytes (docs/search.md). The arena is the search's memory
 * (Hash): each byte more a node holds is about 4% fewer nodes. */
struct ismcts_node {
    uint32_t child, sibling; /* first child and next sibling; 0 for none */
    decision key;            /* the decision into this node, as the searching side sees it */
    uint32_t visits, available;
    float reward;  /* summed results for the side that made the decision */
    uint8_t mover; /* the side that made the decision */
};
_Static_assert(sizeof(struct ismcts_node) == 28, "a node is 28 bytes: a field more costs nodes in every Hash");

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

/* A visited node's value for its mover: its mean result. */
static inline double tree_mean(const struct ismcts_node *n) { return n->reward / n->visits; }

/* Adds York's result 'york' to the nodes path[0..depth-1] (the root's child
 * first), their visits too unless 'counted' (a shared tree's virtual loss
 * counted them on the way down), and the root's visit. */
void tree_back_up(struct ismcts_tree *t, const uint32_t *path, int depth, double york, bool counted);

/* Makes the subtree under 'top' the whole tree, 'top' its root: copied into
 * a fresh arena breadth first. False, the tree as it was, if there is no
 * memory for the copy. */
bool tree_keep_subtree(struct ismcts_tree *t, uint32_t top);

/* A principal variation: 'first', then from its node the most visited child,
 * and so on while that child has been visited at least TREE_PV_MIN_VISITS
 * times; at most 'max' decisions into pv[] (the side's keys: the enemy's
 * hidden choices as the side sees them); returns its length. */
#define TREE_PV_MIN_VISITS 2
int tree_pv(const struct ismcts_tree *t, decision first, decision *pv, int max);

#endif
