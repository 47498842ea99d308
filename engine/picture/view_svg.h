/*
 * view_svg.h: one side's picture of the board (r3 show --svg --side, r3
 * host's board svg), drawn from its view alone (engine/hidden/view.h), the
 * same view r3 observe prints: it is given no world, so it can show nothing
 * the side does not know. Its own blocks by name and strength; the enemy's
 * blocks it has identified by name, with their strength as far as it knows
 * it ("L:Warwick 1-4" after an unseen supply loss); the enemy's face-down
 * pieces after them by the side's own labels (L?1, L?2, ...); its own hand,
 * and the enemy's cards as counts.
 */
#ifndef R3_VIEW_SVG_H
#define R3_VIEW_SVG_H

#include <stdio.h>

#include "engine/hidden/view.h"
#include "engine/picture/board_svg.h"

/* to_move is rules_actor() of the true world: who is to move is public, but
 * a view's world cannot always tell it (whose block must leave an exile area first). */
void view_svg(const struct view *v, int to_move, FILE *out);

/* What the picture shows, before it is laid out and written. */
void view_picture(const struct view *v, int to_move, struct board_picture *p);

#endif
