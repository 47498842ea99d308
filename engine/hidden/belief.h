/*
 * belief.h: a side's picture of the game built from its observations alone
 * (docs/architecture.md: an engine plays from what it saw, never from the
 * referee's world). The belief is one full world consistent with everything
 * the side has observed: its own blocks and cards are the truth, the enemy's
 * hidden facts are a draw from what it knows. After every transition the
 * belief's view, and so its information-set key, equals the true world's.
 */
#ifndef R3_BELIEF_H
#define R3_BELIEF_H

#include "engine/hidden/observe.h"
#include "engine/hidden/sample.h"

#define BELIEF_KEYS 512 /* decisions remembered: more than pass between two of a side's own */

struct belief {
    struct world w; /* consistent with every observation so far */
    int side;
    uint64_t rng; /* draws the hidden facts the observations leave open */
    /* Every decision by York or Lancaster taken in, as this side saw it
     * (observe_key), the latest BELIEF_KEYS of them: key[i % BELIEF_KEYS]
     * for i < keys. The search follows them down the tree it kept. */
    decision key[BELIEF_KEYS];
    long keys;
    long transitions; /* every transition taken in, chance included */
    /* What the enemy's choices suggest of its face-down pieces, beside the
     * hard facts (search/infer.h); all 0 until an inference gives some. */
    struct odds odds;
};

/* A new game of a scenario, seen by one side; seed fixes every draw. */
void belief_start(struct belief *b, int scenario, int side, uint64_t seed);

/* Takes in what the side saw of one transition (as observe() lists it).
 * Returns false, with the belief unchanged and a reason, if no world the
 * side thinks possible gives these observations. */
bool belief_observe(struct belief *b, const struct observations *seen, char *error, size_t error_size);

/* Whether a transition whose first observations are 'seen' could be
 * arriving: some world the side thinks possible gives observations that
 * begin with these. The belief is left exactly as it was; false with a
 * reason. Lets a host's bad line be refused when it comes, not later.
 * *whole says whether, in the world found, the transition shows nothing
 * more: then belief_observe() takes 'seen' in, finding that same world
 * (the same draws in the same order) at the same cost. */
bool belief_could_begin(const struct belief *b, const struct observations *seen, bool *whole, char *error,
                        size_t error_size);

/* Which of the legal decisions of w (a world 'side' thinks possible) the
 * first observation of a transition describes: fits[i] for legal->list[i];
 * their number. A decision the side saw names the enemy's face-down pieces
 * by label, each read as the block the label holds in w. */
int belief_fitting(const struct world *w, int side, const struct observation *first, const struct decisions *legal,
                   bool *fits);

/* The keys of the decisions taken in from the 'since'th on (as counted by
 * b->keys), into out[]; their number, or -1 if they are no longer all kept. */
int belief_keys_since(const struct belief *b, long since, decision *out);

#endif
