/*
 * tsv.h: writes the game's data tables back out in the exact TSV layout of
 * engine/data/ (r3 data TABLE), header comment first. The tests compare this
 * output with the files, which is how the C tables are kept honest.
 */
#ifndef R3_TSV_H
#define R3_TSV_H

#include <stdbool.h>
#include <stdio.h>

extern const char *const TSV_TABLE_NAMES[]; /* NULL-terminated: areas, borders, ... */

/* Writes the named table. Returns false, writing nothing, if there is no such table. */
bool tsv_print_table(const char *table, FILE *out);

#endif
