/*
 * eliminate.h: what becomes of a block that loses its last step (6.8): heirs,
 * roses and Nevilles die for good, other nobles, churches, levies and the
 * bombard go face-down to the pool, mercenaries face-down to their home, the
 * Welsh to Lancaster's pool and the rebel to the Pretender's. An heir's death
 * brings a minor at the next supply phase, a King's death a new King then, and
 * the last heir's death ends the game (9.0).
 */
#ifndef R3_ELIMINATE_H
#define R3_ELIMINATE_H

#include "engine/core/world.h"

/* Takes one step from a block, eliminating it when it had only one. */
void lose_step(struct world *w, int block);

/* Eliminates a block by the rules of its type. */
void eliminate_block(struct world *w, int block);

/* Heirs still in the game for a side: alive, and still heirs of that side (RULINGS A.9). */
blockset heirs_remaining(const struct world *w, int side);

#endif
