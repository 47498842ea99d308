/*
 * level.c: see level.h. The budgets rise 1.5- to 2.3-fold a level from level 2 and the
 * temperatures fall to 0 at level 10, so that both the depth of thought and
 * the care in the choice grow together, as a player's do. Level 1 thinks far
 * less than level 2: at 40 iterations it was only 52 Elo below it, and at 12
 * it is a step like the others. Near the top each doubling of the budget buys
 * less, and levels 7 to 10 at 1,800, 3,000, 5,000 and 10,000 iterations left
 * only 255 Elo for three steps (two of them under 80); so levels 6 to 8 think
 * less than a steady rise would give them, and the steps are even again
 * (docs/STRENGTH.md, "Levels").
 */
#include "search/level.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "engine/core/random.h"

static const struct level LEVEL[LEVEL_MOST + 1] = {
    [1] = {12, 0.120},  [2] = {88, 0.058},   [3] = {200, 0.040},  [4] = {340, 0.033},  [5] = {600, 0.025},
    [6] = {870, 0.018}, [7] = {1400, 0.012}, [8] = {2600, 0.008}, [9] = {5000, 0.004}, [10] = {0, 0},
};

/* Measured (docs/STRENGTH.md, "Levels"): one rating of every level's games
 * against the gauntlet's anchor, each other and the gauntlet's stored games. */
const int LEVEL_ELO[LEVEL_MOST + 1] = {0, -387, -266, -122, 6, 153, 243, 348, 443, 538, 652};

int level_for_elo(int elo)
{
    int nearest = 1;
    for (int level = 2; level <= LEVEL_MOST; level++)
        if (abs(LEVEL_ELO[level] - elo) < abs(LEVEL_ELO[nearest] - elo))
            nearest = level;
    return nearest;
}

struct level level_of(int level) { return LEVEL[level < 1 ? 1 : level > LEVEL_MOST ? LEVEL_MOST : level]; }

int level_draw(const double *value, const long *visits, int n, double temperature, uint64_t *rng)
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
        bool decent = visits[i] >= looked_at && visits[i] > 0 && value[i] >= best - LEVEL_FLOOR;
        weight[i] = decent ? exp((value[i] - best) / temperature) : 0;
        sum += weight[i];
    }
    double at = (double)(random_next(rng) >> 11) / 9007199254740992.0 * sum;
    for (int i = 0; i < n; i++)
        if (weight[i] > 0 && (at -= weight[i]) < 0)
            return i;
    return most;
}
