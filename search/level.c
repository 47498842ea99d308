/*
 * level.c: see level.h. From level 2 the budgets rise 1.4- to 2-fold a
 * level and the temperatures fall to 0 at level 10, so that both the depth
 * of thought and the care in the choice grow together, as a player's do.
 * Near the top each doubling of the budget buys less, and levels 7 to 10 at
 * 1,800, 3,000, 5,000 and 10,000 iterations left only 255 Elo for three
 * steps (two of them under 80); so levels 6 to 8 think less than a steady
 * rise would give them. Level 3 was moved down from 200 iterations when
 * the step from level 2 measured 150. The steps are even again
 * (docs/history/strength.md, "Levels").
 */
#include "search/level.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "engine/core/random.h"
#include "search/driver.h"
#include "search/policy_weights.h"

/* Level 1 is weak by a different road (docs/history/strength.md, "Levels"): a tree of
 * few iterations lost its Elo to blunders, more of them than a budget cut as
 * weak. It looks at every decision equally, 500 playouts in all, and draws
 * nearly uniformly among those within 0.047 of the best: it cannot tell near
 * decisions apart, as a beginner cannot, but it sees a clear loss. */
static const struct level LEVEL[LEVEL_MOST + 1] = {
    [1] = {500, 1.0, 0.047, true},           [2] = {88, 0.058, LEVEL_FLOOR, false},
    [3] = {170, 0.040, LEVEL_FLOOR, false},  [4] = {340, 0.033, LEVEL_FLOOR, false},
    [5] = {600, 0.025, LEVEL_FLOOR, false},  [6] = {870, 0.018, LEVEL_FLOOR, false},
    [7] = {1400, 0.012, LEVEL_FLOOR, false}, [8] = {2600, 0.008, LEVEL_FLOOR, false},
    [9] = {5000, 0.004, LEVEL_FLOOR, false}, [10] = {0, 0, LEVEL_FLOOR, false},
};

/* Measured (docs/STRENGTH.md, "Levels"): one rating of every level's games
 * against the gauntlet's anchor, each other and the gauntlet's stored games. */
const int LEVEL_ELO[LEVEL_MOST + 1] = {0, -391, -260, -134, 6, 150, 242, 347, 442, 537, 651};

int level_for_elo(int elo)
{
    int nearest = 1;
    for (int level = 2; level <= LEVEL_MOST; level++)
        if (abs(LEVEL_ELO[level] - elo) < abs(LEVEL_ELO[nearest] - elo))
            nearest = level;
    return nearest;
}

struct level level_of(int level) { return LEVEL[level < 1 ? 1 : level > LEVEL_MOST ? LEVEL_MOST : level]; }

static int level_number(const struct level_choice *c) { return c->limit_strength ? level_for_elo(c->elo) : c->level; }

bool level_limited(const struct level_choice *c) { return c->limit_strength || level_number(c) < LEVEL_MOST; }

/* The levels were measured with the 17 weights, the priors of their time,
 * the playouts at temperature 1 and no RAVE (docs/STRENGTH.md, "Levels"): a
 * limited strength keeps them where the knowledge is built-in, so that its
 * Elo holds; a file a person names is read at every strength. */
void level_player(const struct level_choice *c, const struct policy_table *untempered, struct player *p)
{
    const struct level level = level_of(level_number(c));
    if (level.flat && p->kind == PLAYER_ISMCTS)
        p->kind = PLAYER_FLATMC;
    p->level_iterations = level.iterations;
    p->temperature = level.temperature;
    p->level_floor = level.floor;
    if (!level_limited(c))
        return;
    p->ismcts.policy = untempered;
    if (!p->ismcts.prior_policy)
        p->ismcts.prior_policy = policy_table_prior_levels();
    p->ismcts.rave = 0;
}

int level_draw(const double *value, const long *visits, int n, double temperature, double floor, uint64_t *rng)
{
    int most = 0;
    for (int i = 1; i < n; i++)
        if (visits[i] > visits[most])
            most = i;
    if (temperature <= 0 || n < 2)
        return most;
    double best = value[most], weight[n], sum = 0;
    long looked_at = (long)ceil(visits[most] * LEVEL_LOOKED_AT);
    for (int i = 0; i < n; i++)
        if (visits[i] >= looked_at && visits[i] > 0 && value[i] > best)
            best = value[i];
    for (int i = 0; i < n; i++) {
        bool decent = visits[i] >= looked_at && visits[i] > 0 && value[i] >= best - floor;
        weight[i] = decent ? exp((value[i] - best) / temperature) : 0;
        sum += weight[i];
    }
    double at = (double)(random_next(rng) >> 11) / 9007199254740992.0 * sum;
    for (int i = 0; i < n; i++)
        if (weight[i] > 0 && (at -= weight[i]) < 0)
            return i;
    return most;
}
