/* tree.c: see tree.h. */
#include "search/tree.h"

#include <stdlib.h>

bool tree_begin(struct ismcts_tree *t, size_t memory_bytes, int root_mover)
{
    size_t capacity = memory_bytes / sizeof(struct ismcts_node);
    t->capacity = capacity > UINT32_MAX ? UINT32_MAX : capacity < 1 ? 1 : (uint32_t)capacity;
    t->node = malloc((size_t)t->capacity * sizeof *t->node);
    if (!t->node)
        return false;
    t->node[0] = (struct ismcts_node){.mover = (uint8_t)root_mover};
    t->count = 1;
    return true;
}

void tree_end(struct ismcts_tree *t)
{
    free(t->node);
    t->node = NULL;
}

void tree_back_up(struct ismcts_tree *t, const uint32_t *path, int depth, double york, bool counted)
{
    for (int i = depth - 1; i >= 0; i--) {
        struct ismcts_node *n = &t->node[path[i]];
        n->visits += !counted;
        n->reward += (float)(n->mover == SIDE_YORK ? york : 1.0 - york);
    }
    t->node[0].visits++;
}

bool tree_keep_subtree(struct ismcts_tree *t, uint32_t top)
{
    struct ismcts_node *fresh = malloc((size_t)t->capacity * sizeof *fresh);
    uint32_t *from = malloc((size_t)t->capacity * sizeof *from); /* each new node's old index */
    if (!fresh || !from) {
        free(fresh);
        free(from);
        return false;
    }
    uint32_t count = 1;
    from[0] = top;
    fresh[0] = t->node[top];
    fresh[0].sibling = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t last = 0;
        fresh[i].child = 0;
        for (uint32_t c = t->node[from[i]].child; c; c = t->node[c].sibling) {
            from[count] = c;
            fresh[count] = t->node[c];
            fresh[count].sibling = 0;
            if (last)
                fresh[last].sibling = count;
            else
                fresh[i].child = count;
            last = count++;
        }
    }
    free(from);
    free(t->node);
    t->node = fresh;
    t->count = count;
    return true;
}

int tree_pv(const struct ismcts_tree *t, decision first, decision *pv, int max)
{
    int length = 0;
    if (max < 1)
        return 0;
    pv[length++] = first;
    for (uint32_t node = tree_child(t, 0, first); node && length < max;) {
        uint32_t most = 0;
        for (uint32_t c = t->node[node].child; c; c = t->node[c].sibling)
            if (!most || t->node[c].visits > t->node[most].visits)
                most = c;
        if (!most || t->node[most].visits < TREE_PV_MIN_VISITS)
            break;
        pv[length++] = t->node[most].key;
        node = most;
    }
    return length;
}
