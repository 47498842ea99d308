/*
 * visits.h: the visits column of a self-play line (docs/selfplay.md): the
 * search's visits of every legal decision at the root, DECISION=COUNT in the
 * order of the rules' legal list (r3 legal's), joined by ';', such as
 * "play 14=120;play 3=80", with the decision text of docs/decisions.md; '-'
 * where the search kept no tree. r3 selfplay writes it; r3 tune policy reads
 * it back against the legal decisions of the line's position.
 */
#ifndef R3_VISITS_H
#define R3_VISITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/core/decision.h"

/* Writes a tab and the column: count[i] visits of legal->list[i], or '-' if
 * count is NULL. */
void visits_write(FILE *out, const struct decisions *legal, const long *count);

/* Reads a column (not '-') against the legal decisions: count[i] gets the
 * visits of legal->list[i]. False with why in why[size] if an entry is no
 * DECISION=COUNT, names no decision or not the legal one in its place, has a
 * count that is no whole number from 0, or if there are more or fewer
 * entries than legal decisions. */
bool visits_read(const char *text, const struct decisions *legal, long *count, char *why, size_t size);

#endif
