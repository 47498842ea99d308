/*
 * learned.h: whether a side learned anything from a transition it made
 * itself. A side that decides knows its own decision; it learns something
 * when what it then sees could have been otherwise for all it knew: the
 * enemy's card turned up by its own play, blocks revealed by the battle its
 * move began, a phase that turned on a hidden fact. r3 host's undo stops at
 * such a transition, since a decision taken back after its outcome was seen
 * would let the side choose again knowing the hidden facts.
 */
#ifndef R3_LEARNED_H
#define R3_LEARNED_H

#include "engine/hidden/observe.h"

enum lesson {
    LEARNED_NOTHING,
    LEARNED_SEEN,    /* an observation told it something it could not have known */
    LEARNED_OUTCOME, /* the outcome turned on a hidden fact, though nothing hidden was shown */
};

/* What 'side', the actor at 'before', learned from the transition by d to
 * 'after', of which it saw 'seen' (observe()'s list for it); with
 * LEARNED_SEEN, *what is the first observation that told it. */
enum lesson learned_from_own(const struct world *before, decision d, const struct world *after, int side,
                             const struct observations *seen, struct observation *what);

#endif
