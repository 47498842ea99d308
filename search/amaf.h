/*
 * amaf.h: all-moves-as-first statistics of one search (RAVE, Gelly and
 * Silver 2007, kept for the whole search rather than per node): for each of
 * the searching side's decision keys, how many iterations played it
 * anywhere, in the tree or in the playout, and York's summed result of
 * those. A child seldom tried borrows this mean, shared by every node
 * where its key is legal, in place of its own few and noisy results.
 */
#ifndef R3_AMAF_H
#define R3_AMAF_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/core/decision.h"

#define AMAF_SLOTS 1024         /* a power of 2; a search's own keys number a few hundred */
#define AMAF_ITERATION_KEYS 256 /* keys one iteration notes; later ones go unnoted */

struct amaf_slot {
    uint32_t key;   /* the decision with AMAF_USED set; 0: free */
    uint32_t plays; /* iterations that played it */
    uint32_t stamp; /* the last iteration counted, so that one counts once */
    float york;     /* York's summed result of those */
};

struct amaf {
    struct amaf_slot slot[AMAF_SLOTS];
    int used;
};

/* What one iteration played, noted as it goes and counted at its end. */
struct amaf_notes {
    decision key[AMAF_ITERATION_KEYS];
    int count;
};

void amaf_clear(struct amaf *a);

static inline void amaf_note(struct amaf_notes *n, decision key)
{
    if (n->count < AMAF_ITERATION_KEYS)
        n->key[n->count++] = key;
}

/* Counts York's result of the iteration numbered 'stamp' (never 0, each
 * iteration its own) once for each key noted, and empties the notes. */
void amaf_count(struct amaf *a, struct amaf_notes *n, uint32_t stamp, double york);

/* How many iterations played the key. */
uint32_t amaf_plays(const struct amaf *a, decision key);

/* The key's mean result for 'side' with 'prior' counted as one more play,
 * and whether it was played at all. */
bool amaf_mean(const struct amaf *a, decision key, int side, double prior, double *mean);

#endif
