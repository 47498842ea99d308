/*
 * level.h: the strength a person chooses, option Level 1 to 10 (docs/search.md).
 * A level below 10 caps the search's iterations and draws the decision from
 * the root by a softmax of the decisions' values at its temperature, among
 * the decent ones only: a decision whose value is more than the level's
 * floor (LEVEL_FLOOR at most) below the best's is never drawn, and neither is
 * one the search hardly looked at. So a weak level plays a reasonable
 * decision that is not always the best, the way a person does, and never a
 * random one. Level 10 is the engine's own strength: its budget as set, and
 * the best decision.
 */
#ifndef R3_LEVEL_H
#define R3_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#define LEVEL_MOST 10
#define LEVEL_FLOOR 0.10     /* win probability: no level draws a decision worse than the best by more */
#define LEVEL_LOOKED_AT 0.05 /* a decision drawn had at least this share of the most-visited one's visits */

struct level {
    long iterations;    /* the most a search may run, whatever its time; 0: the player's own */
    double temperature; /* of the softmax over values; 0: the best decision */
    double floor;       /* no decision drawn is worse than the best by more (at most LEVEL_FLOOR) */
    bool flat;          /* the search looks at every decision equally (flat Monte Carlo), not by a tree */
};

/* The settings of level 1 to LEVEL_MOST. */
struct level level_of(int level);

/* Each level's Elo on the frozen gauntlet's scale (docs/STRENGTH.md: ISMCTS
 * at 250 iterations of the pinned build is 0), as measured; index 0 unused. */
extern const int LEVEL_ELO[LEVEL_MOST + 1];
/* UCI_Elo takes the levels' Elo, rounded out to hundreds. */
#define LEVEL_ELO_LEAST (-500)
#define LEVEL_ELO_MOST 800

/* The level whose measured Elo is nearest to elo (options UCI_LimitStrength
 * and UCI_Elo). */
int level_for_elo(int elo);

/* The index of the decision drawn among n with these values (win rates for
 * the side) and visits, by the softmax at temperature over the decent ones,
 * none worse than the best by more than floor; the most visited at
 * temperature 0. */
int level_draw(const double *value, const long *visits, int n, double temperature, double floor, uint64_t *rng);

#endif
