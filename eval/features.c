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

/* A set's steps: each block has 1 + step_lo + 2 step_hi (world_steps). */
static int steps_of(const struct world *w, blockset blocks)
{
    return bits_count(blocks) + bits_count(blocks & w->step_lo) + 2 * bits_count(blocks & w->step_hi);
}

struct list {
    uint16_t *index;
    int count;
};

static void add(struct list *l, int index)
{
    if (l->count < FEATURES_MAX_ACTIVE)
        l->index[l->count++] = (uint16_t)index;
}

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

/* The enemy's steps next to side s's area a, by border colour. */
static void threat(int a, int s, const int steps[SIDE_COUNT][AREA_COUNT], int by_colour[3])
{
    const struct neighbours *n = &AREA_NEIGHBOURS[a];
    by_colour[0] = by_colour[1] = by_colour[2] = 0;
    for (int k = 0; k < n->count; k++)
        by_colour[BORDER_INFO[n->border[k]].colour] += steps[1 - s][n->area[k]];
}

/* The areas with blocks in them, a bit each: the area groups look at no
 * other, and most areas are empty. */
_Static_assert(AREA_COUNT <= 64, "an area is a bit of a word");

static uint64_t occupied_areas(const struct world *w)
{
    uint64_t occupied = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        occupied |= (uint64_t)(w->at[a] != 0) << a;
    return occupied;
}

static void add_areas(const struct world *w, struct list *l)
{
    int steps[SIDE_COUNT][AREA_COUNT] = {{0}};
    const uint64_t occupied = occupied_areas(w);
    for (uint64_t left = occupied; left; left &= left - 1) {
        int a = __builtin_ctzll(left);
        for (int s = 0; s < SIDE_COUNT; s++)
            steps[s][a] = steps_of(w, blocks_in(w, s, a));
    }
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++)
            if (steps[s][a])
                add(l, OFF_AREA_STEPS + (a * 2 + s) * FEATURE_STEP_BUCKETS + bucket_of(steps[s][a]));
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++)
            if (area_friendly(w, s, a))
                add(l, OFF_AREA_HELD + a * 2 + s);
    for (uint64_t left = occupied; left; left &= left - 1)
        if (area_contested(w, __builtin_ctzll(left)))
            add(l, OFF_AREA_BATTLE + __builtin_ctzll(left));
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++) {
            int by_colour[3];
            if (!steps[s][a])
                continue;
            threat(a, s, steps, by_colour);
            for (int c = 0; c < 3; c++)
                if (by_colour[c])
                    add(l, OFF_AREA_THREAT + ((a * 2 + s) * 3 + c) * FEATURE_STEP_BUCKETS + bucket_of(by_colour[c]));
        }
    for (uint64_t left = occupied; left; left &= left - 1)
        for (int a = __builtin_ctzll(left), s = 0; s < SIDE_COUNT; s++)
            if (bits_count(supply_counted(w, a) & w->side_blocks[s]) > supply_limit(a))
                add(l, OFF_AREA_OVER + a * 2 + s);
}

static void add_cards(const struct world *w, struct list *l)
{
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int c = 1; c <= CARD_COUNT; c++)
            if (w->hand[s] >> c & 1)
                add(l, OFF_HAND + s * CARD_COUNT + c - 1);
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
    static int known; /* 0: not asked yet, 1: no popcnt, 2: popcnt; two threads may both ask */
    int bits = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (!bits) {
        bits = __builtin_cpu_supports("popcnt") ? 2 : 1;
        __atomic_store_n(&known, bits, __ATOMIC_RELAXED);
    }
    return bits == 2 ? collect_popcnt(w, index) : collect(w, index);
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
