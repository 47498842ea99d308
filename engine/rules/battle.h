/*
 * battle.h: the battle phase (6.0). Player 1 picks each battle; blocks take
 * their battle turns by initiative, defenders first; every die is a chance
 * decision; hits, charges, treachery, retreats and regroups follow 6.2-6.9
 * and RULINGS B.1-B.13.
 */
#ifndef R3_BATTLE_H
#define R3_BATTLE_H

#include <stdbool.h>

#include "engine/core/decision.h"

void battle_phase_begin(struct world *w);
int battle_actor(const struct world *w);
void battle_legal(const struct world *w, struct decisions *out);
void battle_apply(struct world *w, decision d);

/* Firepower of a block in the battle in progress, with the defence bonus of
 * RULINGS B.5 when it defends, and the bombard's A3/D3 (6.2). */
int battle_firepower(const struct world *w, int block);
/* Whether a die showing 'face' counts in the roll in progress: a hit (6.2,
 * 6.5), or an odd die of a treachery roll (6.9). */
bool battle_die_counts(const struct world *w, int face);
/* The initiative letter ('A'..'D') of a block in the battle in progress. */
int battle_initiative(const struct world *w, int block);

/* The side whose Treason card may still roll this turn (RULINGS A.1), or SIDE_NONE. */
int battle_treason_holder(const struct world *w);

/* The other side's version of a two-sided noble (4.6), or BLOCK_NONE. */
int twin_of(int block);

#endif
