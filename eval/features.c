/*
 * features.c: see features.h. Each group writes its active indices in
 * increasing order, and the groups come in index order, so the whole list
 * is sorted without a sort.
 */
#include "eval/features.h"

#include <string.h>
#include <xxhash.h>

#include "engine/core/places.h"
#include "engine/core/tables.h"
#include "engine/rules/rules.h"

enum {
    OFF_BLOCK_PLACE = 0,
    OFF_BLOCK_STEPS = OFF_BLOCK_PLACE + BLOCK_COUNT * LOC_COUNT,
    OFF_AREA_STEPS = OFF_BLOCK_STEPS + BLOCK_COUNT * 4,
    OFF_AREA_HELD = OFF_AREA_STEPS + AREA_COUNT * 2 * FEATURE_STEP_BUCKETS,
    OFF_AREA_BATTLE = OFF_AREA_HELD + AREA_COUNT * 2,
    OFF_AREA_THREAT = OFF_AREA_BATTLE + AREA_COUNT,
    OFF_AREA_OVER = OFF_AREA_THREAT + AREA_COUNT * 2 * 3 * FEATURE_STEP_BUCKETS,
    OFF_HAND = OFF_AREA_OVER + AREA_COUNT * 2,
    OFF_PLAYED = OFF_HAND + 2 * CARD_COUNT,
    OFF_KING = OFF_PLAYED + 2 * CARD_COUNT,
    OFF_PRETENDER = OFF_KING + BLOCK_COUNT,
    OFF_SCENARIO = OFF_PRETENDER + BLOCK_COUNT,
    OFF_TURN = OFF_SCENARIO + SCENARIO_COUNT,
    OFF_PHASE = OFF_TURN + 3 * 7,
    OFF_ACTOR = OFF_PHASE + PHASE_COUNT,
    OFF_PLAYER1 = OFF_ACTOR + 4,
    OFF_AP_LEFT = OFF_PLAYER1 + 3,
    OFF_MINORS_DUE = OFF_AP_LEFT + 5,
    OFF_END = OFF_MINORS_DUE + 2 * 3
};

_Static_assert(OFF_END == FEATURE_COUNT, "FEATURE_COUNT is every group's size together");
_Static_assert(FEATURE_COUNT <= 65536, "an index fits in 16 bits");

const struct feature_group_info FEATURE_GROUP[FEATURE_GROUPS] = {
    {"block-place", OFF_BLOCK_PLACE, OFF_BLOCK_STEPS - OFF_BLOCK_PLACE},
    {"block-steps", OFF_BLOCK_STEPS, OFF_AREA_STEPS - OFF_BLOCK_STEPS},
    {"area-steps", OFF_AREA_STEPS, OFF_AREA_HELD - OFF_AREA_STEPS},
    {"area-held", OFF_AREA_HELD, OFF_AREA_BATTLE - OFF_AREA_HELD},
    {"area-battle", OFF_AREA_BATTLE, OFF_AREA_THREAT - OFF_AREA_BATTLE},
    {"area-threat", OFF_AREA_THREAT, OFF_AREA_OVER - OFF_AREA_THREAT},
    {"area-over", OFF_AREA_OVER, OFF_HAND - OFF_AREA_OVER},
    {"hand", OFF_HAND, OFF_PLAYED - OFF_HAND},
    {"played", OFF_PLAYED, OFF_KING - OFF_PLAYED},
    {"king", OFF_KING, OFF_PRETENDER - OFF_KING},
    {"pretender", OFF_PRETENDER, OFF_SCENARIO - OFF_PRETENDER},
    {"scenario", OFF_SCENARIO, OFF_TURN - OFF_SCENARIO},
    {"turn", OFF_TURN, OFF_PHASE - OFF_TURN},
    {"phase", OFF_PHASE, OFF_ACTOR - OFF_PHASE},
    {"actor", OFF_ACTOR, OFF_PLAYER1 - OFF_ACTOR},
    {"player1", OFF_PLAYER1, OFF_AP_LEFT - OFF_PLAYER1},
    {"ap-left", OFF_AP_LEFT, OFF_MINORS_DUE - OFF_AP_LEFT},
    {"minors-due", OFF_MINORS_DUE, OFF_END - OFF_MINORS_DUE},
};

/* The bucket of 0 to 15 steps; 15 stands for any more. */
static const int8_t STEP_BUCKET[16] = {-1, 0, 0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5};

static inline int bucket_of(int steps) { return STEP_BUCKET[steps < 15 ? (steps > 0 ? steps : 0) : 15]; }

int feature_step_bucket(int steps) { return bucket_of(steps); }

struct list {
    uint16_t *index;
    int count;
};

/* No bound is checked: FEATURES_MAX_ACTIVE is every group's most. */
static void add(struct list *l, int index) { l->index[l->count++] = (uint16_t)index; }

/* Every block's location as world_location() gives it, in one pass over
 * the sets: the areas first, then the places world_location() asks before
 * them, the one it asks first last. */
static void locations(const struct world *w, uint8_t loc[BLOCK_COUNT])
{
    memset(loc, AREA_NONE, BLOCK_COUNT);
    for (int a = 0; a < AREA_COUNT; a++)
        for (blockset b = w->at[a]; b; b &= b - 1)
            loc[__builtin_ctzll(b)] = (uint8_t)a;
    if (w->prisoner != BLOCK_NONE)
        loc[w->prisoner] = LOC_PRISONER;
    static const int order[] = {LOC_DEAD, LOC_OTHER_SIDE, LOC_MINOR, LOC_POOL};
    const blockset sets[] = {w->dead, w->other_side, w->minor, w->pool};
    for (int k = 0; k < 4; k++)
        for (blockset b = sets[k]; b; b &= b - 1)
            loc[__builtin_ctzll(b)] = (uint8_t)order[k];
}

static void add_blocks(const struct world *w, struct list *l)
{
    uint8_t loc[BLOCK_COUNT];
    locations(w, loc);
    for (int b = 0; b < BLOCK_COUNT; b++)
        add(l, OFF_BLOCK_PLACE + b * LOC_COUNT + loc[b]);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (!((w->dead | w->other_side) & block_bit(b)))
            add(l, OFF_BLOCK_STEPS + b * 4 + world_steps(w, b) - 1);
}

/* Each area's land neighbours across borders of each colour (yellow, blue,
 * red: 5.2), a bit each, made once before main() from the tables; two areas
 * share at most one border (tests/test_features.c). */
static uint64_t NEIGHBOURS_BY_COLOUR[AREA_COUNT][3];

__attribute__((constructor)) static void make_neighbour_sets(void)
{
    for (int a = 0; a < AREA_COUNT; a++)
        for (int k = 0; k < AREA_NEIGHBOURS[a].count; k++)
            NEIGHBOURS_BY_COLOUR[a][BORDER_INFO[AREA_NEIGHBOURS[a].border[k]].colour] |= (uint64_t)1
                                                                                         << AREA_NEIGHBOURS[a].area[k];
}

/* The areas with blocks in them, a bit each: the area groups look at no
 * other, and most areas are empty. */
_Static_assert(AREA_COUNT <= 64, "an area is a bit of a word");

/* Each side's steps in the areas where it has blocks ('has', a bit each). */
struct area_steps {
    int steps[SIDE_COUNT][AREA_COUNT]; /* read only where 'has' says */
    uint64_t has[SIDE_COUNT];
};

static void area_steps_of(const struct world *w, struct area_steps *m)
{
    m->has[0] = m->has[1] = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        if (w->at[a])
            for (int s = 0; s < SIDE_COUNT; s++) {
                m->steps[s][a] = world_steps_of(w, blocks_in(w, s, a));
                m->has[s] |= (uint64_t)(m->steps[s][a] != 0) << a;
            }
}

/* The enemy's steps next to side s's area a across borders of colour c. */
static int threat(const struct area_steps *m, int a, int s, int c)
{
    int steps = 0;
    for (uint64_t left = NEIGHBOURS_BY_COLOUR[a][c] & m->has[1 - s]; left; left &= left - 1)
        steps += m->steps[1 - s][__builtin_ctzll(left)];
    return steps;
}

static void add_areas(const struct world *w, struct list *l)
{
    struct area_steps m;
    area_steps_of(w, &m);
    const uint64_t occupied = m.has[0] | m.has[1], contested = m.has[0] & m.has[1];
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++)
            if (m.has[s] >> a & 1)
                add(l, OFF_AREA_STEPS + (a * 2 + s) * FEATURE_STEP_BUCKETS + bucket_of(m.steps[s][a]));
    for (uint64_t left = occupied & ~contested; left; left &= left - 1) /* held: a side's blocks alone there */
        add(l, OFF_AREA_HELD + __builtin_ctzll(left) * 2 + (int)(m.has[1] >> __builtin_ctzll(left) & 1));
    for (uint64_t left = contested; left; left &= left - 1)
        add(l, OFF_AREA_BATTLE + __builtin_ctzll(left));
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++) {
            if (!(m.has[s] >> a & 1))
                continue;
            for (int c = 0; c < 3; c++) {
                int steps = threat(&m, a, s, c);
                if (steps)
                    add(l, OFF_AREA_THREAT + ((a * 2 + s) * 3 + c) * FEATURE_STEP_BUCKETS + bucket_of(steps));
            }
        }
    for (uint64_t left = occupied; left; left &= left - 1) {
        const int a = __builtin_ctzll(left);
        const blockset counted = supply_counted(w, a);
        for (int s = 0; s < SIDE_COUNT; s++)
            if (bits_count(counted & w->side_blocks[s]) > supply_limit(a))
                add(l, OFF_AREA_OVER + a * 2 + s);
    }
}

static void add_cards(const struct world *w, struct list *l)
{
    const uint32_t cards = ((uint32_t)1 << (CARD_COUNT + 1)) - 2; /* bits 1 to 25 */
    for (int s = 0; s < SIDE_COUNT; s++)
        for (uint32_t left = w->hand[s] & cards; left; left &= left - 1)
            add(l, OFF_HAND + s * CARD_COUNT + __builtin_ctz(left) - 1);
    for (int s = 0; s < SIDE_COUNT; s++)
        if (w->played[s])
            add(l, OFF_PLAYED + s * CARD_COUNT + w->played[s] - 1);
}

static int at_most(int value, int most) { return value < most ? value : most; }

static void add_state(const struct world *w, struct list *l)
{
    if (w->king != BLOCK_NONE)
        add(l, OFF_KING + w->king);
    if (w->pretender != BLOCK_NONE)
        add(l, OFF_PRETENDER + w->pretender);
    add(l, OFF_SCENARIO + w->scenario);
    add(l, OFF_TURN + (at_most(w->campaign, 3) - 1) * 7 + at_most(w->turn, 7) - 1);
    add(l, OFF_PHASE + w->phase);
    add(l, OFF_ACTOR + rules_actor(w));
    add(l, OFF_PLAYER1 + (w->player1 < SIDE_COUNT ? w->player1 : 2)); /* 2: not yet shown */
    add(l, OFF_AP_LEFT + at_most(w->ap_left, 4));
    for (int s = 0; s < SIDE_COUNT; s++)
        add(l, OFF_MINORS_DUE + s * 3 + at_most(w->minors_due[s], 2));
}

static int collect(const struct world *w, uint16_t index[FEATURES_MAX_ACTIVE])
{
    struct list l = {index, 0};
    add_blocks(w, &l);
    add_areas(w, &l);
    add_cards(w, &l);
    add_state(w, &l);
    return l.count;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The same, compiled with the CPU's popcount instruction: counting steps is
 * most of the work, and the portable build counts bits by shifts. */
__attribute__((target("popcnt"), flatten)) static int collect_popcnt(const struct world *w,
                                                                     uint16_t index[FEATURES_MAX_ACTIVE])
{
    return collect(w, index);
}

int features_active(const struct world *w, uint16_t index[FEATURES_MAX_ACTIVE])
{
    return __builtin_cpu_supports("popcnt") ? collect_popcnt(w, index) : collect(w, index); /* asked before main() */
}
#else
int features_active(const struct world *w, uint16_t index[FEATURES_MAX_ACTIVE]) { return collect(w, index); }
#endif

uint64_t features_set_hash(void)
{
    XXH3_state_t *state = XXH3_createState();
    int version = FEATURES_VERSION;
    XXH3_64bits_reset(state);
    XXH3_64bits_update(state, &version, sizeof version);
    for (int g = 0; g < FEATURE_GROUPS; g++) {
        XXH3_64bits_update(state, FEATURE_GROUP[g].name, strlen(FEATURE_GROUP[g].name) + 1);
        XXH3_64bits_update(state, &FEATURE_GROUP[g].first, sizeof FEATURE_GROUP[g].first);
        XXH3_64bits_update(state, &FEATURE_GROUP[g].size, sizeof FEATURE_GROUP[g].size);
    }
    uint64_t hash = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return hash;
}
