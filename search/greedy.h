/*
 * greedy.h: the greedy player. For each legal decision it draws worlds from
 * the side's view (never the true world), applies the decision in each, and
 * takes the decision whose results evaluate best on average (eval/eval.h).
 */
#ifndef R3_GREEDY_H
#define R3_GREEDY_H

#include "../engine/rules.h"

/* The greedy choice for 'side', which must be to decide in w; w is the
 * side's own belief, and only its view is read. */
decision greedy_choose(const struct world *w, int side, int samples, uint64_t *rng);

#endif
