/*
 * level.h: the strength a person chooses, option Level 1 to 10 (docs/search.md).
 * A level below 10 caps the search's iterations and draws the decision from
 * the root by a softmax of the decisions' values at its temperature, among
 * the decent ones only: a decision whose value is more than the level's
 * floor (LEVEL_FLOOR at most) below the best's is never drawn, and neither is
 * one the search hardly looked at. So a weak level plays a reasonable
 * decision that is not always the best, the way a person does, and never a
 * random one. Level 10 is the engine's own strength: its budget as set, and
 * the best decision. A limited strength (a level below 10, or a strength
 * chosen by Elo) plays with the knowledge its Elo was measured with.
 */
#ifndef R3_LEVEL_H
#define R3_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#define LEVEL_MOST 10
#define LEVEL_FLOOR 0.10     /* win probability: no level draws a decision worse than the best by more */
#define LEVEL_LOOKED_AT 0.05 /* a decision drawn had at least this share of the most-visited one's visits */

struct player;
struct policy_table;

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

/* The strength a person chose: Level, or with limit_strength
 * (UCI_LimitStrength) the level whose Elo is nearest elo (UCI_Elo). */
struct level_choice {
    int level;
    bool limit_strength;
    int elo;
};

/* Whether the choice limits the strength: a level below the top, or a
 * strength chosen by Elo, whatever the level it comes to. */
bool level_limited(const struct level_choice *c);

/* Sets p, a player made at full strength, to play as chosen: a flat level
 * turns the tree player into flat Monte Carlo (a player chosen otherwise
 * stays as chosen), and the level's iterations, temperature and floor. A
 * limited strength plays where the knowledge is built-in with what its Elo
 * was measured with: the levels' priors (where p's are NULL, the built-in
 * ones), the playouts' table at temperature 1 ('untempered', the one of p's
 * playout policy) and no RAVE; its evaluation is search/evaluate.h's
 * (evaluate_built_in_network). */
void level_player(const struct level_choice *c, const struct policy_table *untempered, struct player *p);

/* The index of the decision drawn among n with these values (win rates for
 * the side) and visits, by the softmax at temperature over the decent ones,
 * none worse than the best by more than floor; the most visited at
 * temperature 0. */
int level_draw(const double *value, const long *visits, int n, double temperature, double floor, uint64_t *rng);

#endif
