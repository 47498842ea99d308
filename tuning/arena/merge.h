/*
 * merge.h: r3 match-merge: reads the results.tsv of several runs of one
 * match (its shards, say), checks that they belong together, and prints the
 * final report r3 match would have printed for all their games.
 */
#ifndef R3_MERGE_H
#define R3_MERGE_H

#include <stdio.h>

#include "tuning/arena/stats.h"

/* Merges DIR/results.tsv of each directory; the SPRT line only when sprt is
 * not NULL. Returns 0, or 1 after naming the file and line of bad data. */
int match_merge(const char *const *dirs, int count, const struct sprt *sprt, FILE *out);

#endif
