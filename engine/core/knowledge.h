/*
 * knowledge.h: keeps what each side knows of the other's blocks (RULINGS C,
 * docs/knowledge.md) inside the world, updated by rules_apply() after every
 * decision. The knowledge is what a player who watched every move across the
 * table would remember: where each enemy piece is, which blocks each face-down
 * piece may still be, and what he saw of its strength.
 */
#ifndef R3_KNOWLEDGE_H
#define R3_KNOWLEDGE_H

#include "engine/core/decision.h"

/* Brings the knowledge in 'after' up to date with the transition from 'before'
 * by decision d. Does nothing when WORLD_NO_KNOWLEDGE is set. */
void knowledge_update(const struct world *before, decision d, struct world *after);

/* Hooks for what the political turn shows while it runs (8.1, 8.3, 8.4): the
 * pieces that leave, go to exile or stay, and where each goes home. */
void knowledge_political_begins(struct world *w);
void knowledge_goes_home(struct world *w, int block, int area);

/* The enemy blocks whose place the observer cannot know: those in the
 * enemy's pool (face-up eliminated ones aside) and the hidden pieces. */
blockset knowledge_unplaced(const struct world *w, int observer);

/* Narrows every hidden piece of the observer's enemy to the identities it can
 * have in some one-to-one assignment of pieces to unplaced blocks. */
void knowledge_tighten(struct world *w, int observer);

/* The block on the map that the observer knows as face-down piece 'label', or -1. */
int knowledge_block_with_label(const struct world *w, int observer, int label);

#endif
