/*
 * number.h: a number read from a word that is all of it, within bounds: the
 * one reading of the numbers typed on command lines and read back from r3's
 * files, and the one writing of a number that must read back exactly. The word is the number and nothing else: no space before or after,
 * no text after it. Each caller says in its own words what it wanted.
 */
#ifndef R3_NUMBER_H
#define R3_NUMBER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Digits, with a '-' before them where min is below 0 (never a '+'), whose
 * value lies in min..max. */
bool number_whole(const char *text, long long min, long long max, long long *out);

/* Digits whose value fits 64 bits unsigned, such as a random generator's
 * state. */
bool number_whole_u64(const char *text, uint64_t *out);

/* A finite decimal in min..max (1e999 and "inf" are infinite, "nan" no
 * number); *out is not written unless it is one. */
bool number_decimal(const char *text, double min, double max, double *out);

/* A decimal as the C library reads one, "inf", "nan" and an overflow's
 * infinity among them: for a caller that tells "no number" from "not a
 * finite number" from "out of bounds" in its messages. */
bool number_any_decimal(const char *text, double *out);

/* Writes x as the fewest significant digits that read back as x itself,
 * without an exponent below 1e15: 20 as "20", 0.1 as "0.1", a fitted weight with all 17 digits when it needs
 * them, so that a file written and read again holds the same numbers. */
void number_write_exact(FILE *out, double x);

#endif
