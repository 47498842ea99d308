/*
 * eval.h: a simple evaluation of a world for one side (issue 5's greedy
 * player): heirs alive (9.0: the last heir's death loses), nobles, heirs and
 * churches on the map for usurpation (8.2), and strength on the map. Each is
 * the side's count less the enemy's; a finished game is worth +-1000.
 */
#ifndef R3_EVAL_H
#define R3_EVAL_H

#include "../engine/world.h"

struct eval_weights {
    double heirs, usurpation, strength;
};

extern const struct eval_weights EVAL_DEFAULT;

double evaluate(const struct world *w, int side, const struct eval_weights *weights);

#endif
