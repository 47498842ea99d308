/*
 * supply.h: the supply phase (1.4, 7.0) and the end of a game turn. Minors
 * enter for dead heirs and a dead King's successor is crowned (6.81, 6.82,
 * RULINGS B.6, B.7); a defected Clarence or Exeter may be executed (9.1);
 * areas over their supply or exile limit lose steps, the owner choosing
 * (7.1, 7.2). Then the next turn's cards, or the political turn.
 */
#ifndef R3_SUPPLY_H
#define R3_SUPPLY_H

#include "engine/core/decision.h"

/* world.step in PHASE_SUPPLY. */
enum supply_step {
    SUPPLY_MINORS,            /* minors enter, one decision each */
    SUPPLY_EXECUTE_YORK,      /* York may execute a defected Exeter */
    SUPPLY_EXECUTE_LANCASTER, /* Lancaster may execute a defected Clarence */
    SUPPLY_LOSSES,            /* blocks over the limits lose steps */
    SUPPLY_STEP_COUNT
};

void supply_begin(struct world *w);
int supply_actor(const struct world *w);
void supply_legal(const struct world *w, struct decisions *out);
void supply_apply(struct world *w, decision d);

/* RULINGS B.15: Henry VI goes free as soon as Lancaster controls Middlesex. */
void free_prisoner_if_rescued(struct world *w);

#endif
