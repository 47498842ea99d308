/*
 * label.h: a decision as a person reads it ("march Y:Warwick Calais → Kent"),
 * for the lists r3 host gives a client that knows no rules. The decision's
 * protocol text (engine/rules/notation.h) stays what a client sends back; the
 * label is only shown.
 */
#ifndef R3_LABEL_H
#define R3_LABEL_H

#include <stddef.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* The label of decision d, taken in w, with its blocks named as in 'named'
 * (the same decision as the deciding side names it: face-down enemy pieces
 * as "L?3"). */
void decision_label(const struct world *w, decision d, decision named, char *text, size_t size);

#endif
