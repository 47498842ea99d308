/*
 * figures.h: one run of r3 quality kept position by position (--save), to
 * be compared with a later one (--against): a line a position, its id and
 * its top-1, regret, seed agreement and blunders. A file is read only
 * against the suite it was made on: every position of the suite must have
 * its line.
 */
#ifndef R3_FIGURES_H
#define R3_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "tuning/quality/suite.h"

#define FIGURES_FORMAT "# r3 quality figures 2"

/* One position's figures, over its searches. */
struct quality_figures {
    double top1;    /* the share of its searches that chose a decision of the best value */
    double regret;  /* the best's value less the chosen one's, on average */
    double agree;   /* the share of its pairs of searches that chose alike */
    double blunder; /* the share of its searches that lost over QUALITY_BLUNDER (quality.h) */
};

/* Writes the figures of every position of s, f[i] position i's, all or
 * nothing; false with why. */
bool figures_write(const char *path, const struct suite *s, const struct quality_figures *f, const char *player,
                   char *why, size_t size);

/* Reads them back for the positions of s into out[i] (position i), the
 * player they were made by into player[player_size]; false with "FILE line
 * N: why", or the position of s the file lacks. */
bool figures_read(const char *path, const struct suite *s, struct quality_figures *out, char *player,
                  size_t player_size, char *why, size_t size);

#endif
