/*
 * knowledge.c: see knowledge.h. The update compares the world before and after
 * a decision. Every change it reads is one the observer saw across the table:
 * a piece appearing, moving, leaving the map, being revealed in battle or
 * eliminated, a step lost in plain sight or somewhere unseen in an area. What
 * the piece truly is only says where its record is kept; the record itself is
 * built from what was seen, so it is the same in every world the observer
 * cannot tell apart (docs/knowledge.md).
 */
#include "engine/core/knowledge.h"

#include <stddef.h>
#include <string.h>

#include "engine/core/masks.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"

/* What one decision changed, as the update needs it. */
struct transition {
    const struct world *before;
    struct world *w;
    decision d;
    bool new_campaign; /* every block stood up at full strength (8.5) */
    int plague_area;   /* every block here lost a step in plain sight, or AREA_NONE */
    blockset struck;   /* blocks an unseen supply loss may have struck: the loser's counted ones in its area (7.1) */
    blockset on_map_before, on_map_after;
    bool changed[SIDE_COUNT]; /* an observer's hidden pieces or unplaced blocks changed */
};

/* The blocks with a label: eight labels a word, each byte that is not zero
 * folded to its low bit and the eight bits gathered by one multiplication. */
static blockset labelled(const struct world *w)
{
    _Static_assert(offsetof(struct knowledge, spare) == offsetof(struct knowledge, label) + BLOCK_COUNT &&
                       BLOCK_COUNT + 1 == 64,
                   "the labels and the spare byte make 64 bytes");
    blockset set = 0;
    for (int word = 0; word < 8; word++) {
        uint64_t x;
        memcpy(&x, &w->know.label[8 * word], sizeof x);
        x |= x >> 4;
        x |= x >> 2;
        x |= x >> 1;
        x &= 0x0101010101010101ull; /* bit 0 of each byte: is it non-zero */
        set |= ((x * 0x0102040810204080ull) >> 56) << (8 * word);
    }
    return set & (block_bit(BLOCK_COUNT) - 1); /* not the spare byte */
}

static blockset hidden_pieces(const struct world *w, int observer)
{
    return labelled(w) & world_on_map(w) & w->side_blocks[1 - observer];
}

blockset knowledge_unplaced(const struct world *w, int observer)
{
    blockset in_sight = world_on_map(w) & ~hidden_pieces(w, observer);
    blockset placed = in_sight | w->dead | w->minor | w->other_side | w->face_down;
    if (w->prisoner != BLOCK_NONE)
        placed |= block_bit(w->prisoner);
    return w->side_blocks[1 - observer] & ~placed;
}

int knowledge_block_with_label(const struct world *w, int observer, int label)
{
    for (blockset left = hidden_pieces(w, observer); left; left &= left - 1)
        if (w->know.label[__builtin_ctzll(left)] == label)
            return __builtin_ctzll(left);
    return -1;
}

static uint64_t labels_used(const struct world *w, int observer)
{
    uint64_t used = 0;
    for (blockset left = hidden_pieces(w, observer); left; left &= left - 1)
        used |= (uint64_t)1 << w->know.label[__builtin_ctzll(left)];
    return used;
}

/* A label for a piece that appears in transition t: free now and before it.
 * A label freed by this very transition (a piece that left the map) is not
 * given again in it, since which of the two blocks is updated first follows
 * their ids, which the observer may not know; the new piece's label would
 * then tell them apart, and "appear L?2" and "move L?2 ... pool" in one
 * transition would name two pieces. */
static int fresh_label(const struct transition *t, int observer)
{
    return __builtin_ctzll(~(labels_used(t->w, observer) | labels_used(t->before, observer) | 1)); /* 0: "known" */
}

/* ---- one-to-one assignment ---- */

/* Kuhn's augmenting path: gives piece i an identity, moving others along. */
static bool augment(int i, const uint32_t *cand, int *owner, int *match, uint32_t *visited)
{
    for (uint32_t left = cand[i] & ~*visited; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        *visited |= 1u << c;
        if (owner[c] < 0 || augment(owner[c], cand, owner, match, visited)) {
            owner[c] = i;
            match[i] = c;
            return true;
        }
    }
    return false;
}

/* For every piece, the identities it can take while every other piece keeps
 * one: those free, its own, and those whose holder can pass along a chain of
 * pieces to a free identity or to its own. A piece can pass to another when
 * it may take the other's identity; the chains are the transitive closure of
 * that (Warshall's algorithm on bit sets), worked out once for all pieces. */
static void reachable_identities(int n, const uint32_t *cand, const int *match, const int *owner, uint32_t free,
                                 uint32_t *out)
{
    uint32_t reach[MAX_LABELS]; /* bit j: piece i can pass along a chain to piece j, or is j */
    uint32_t to_free = 0;       /* pieces that may take a free identity */
    uint32_t passing = 0;       /* pieces that can pass to another at all: the others add nothing to a chain */
    for (int i = 0; i < n; i++) {
        reach[i] = 1u << i;
        for (uint32_t left = cand[i]; left; left &= left - 1)
            if (owner[__builtin_ctz(left)] >= 0)
                reach[i] |= 1u << owner[__builtin_ctz(left)];
        to_free |= (uint32_t)((cand[i] & free) != 0) << i;
        passing |= (uint32_t)(reach[i] != 1u << i) << i;
    }
    for (uint32_t ks = passing; ks; ks &= ks - 1) {
        int k = __builtin_ctz(ks);
        for (uint32_t is = passing; is; is &= is - 1) {
            int i = __builtin_ctz(is);
            if (reach[i] >> k & 1)
                reach[i] |= reach[k];
        }
    }
    uint32_t good = free, towards[MAX_LABELS] = {0}; /* towards[p]: identities from which a chain ends in p's */
    for (int i = 0; i < n; i++) {
        if (reach[i] & to_free) /* a chain from match[i] ends in a free identity */
            good |= 1u << match[i];
        for (uint32_t left = reach[i]; left; left &= left - 1)
            towards[__builtin_ctz(left)] |= 1u << match[i];
    }
    for (int p = 0; p < n; p++)
        out[p] = cand[p] & (good | towards[p]);
}

/* A piece known to be at full strength less k steps has more than k steps. */
static uint32_t strength_fits(const struct world *w, int block, int observer)
{
    int value, kind = world_strength_knowledge(w, block, &value);
    if (kind != KNOW_DEFICIT || value == 0)
        return ~0u;
    return cand_mask(MASKS.stronger_than[value], observer);
}

void knowledge_tighten(struct world *w, int observer)
{
    int piece[MAX_LABELS], match[MAX_LABELS], owner[32], n = 0;
    uint32_t cand[MAX_LABELS], open = cand_mask(knowledge_unplaced(w, observer), observer);
    for (blockset left = hidden_pieces(w, observer); left && n < MAX_LABELS; left &= left - 1) {
        int b = __builtin_ctzll(left);
        piece[n] = b;
        cand[n++] = w->know.cand[b] & open & strength_fits(w, b, observer);
    }
    for (int c = 0; c < 32; c++)
        owner[c] = -1;
    for (int i = 0; i < n; i++) {
        uint32_t visited = 0;
        if (!augment(i, cand, owner, match, &visited))
            return; /* cannot happen while the knowledge holds the truth; world_check says so */
    }
    uint32_t used = 0, kept[MAX_LABELS];
    for (int i = 0; i < n; i++)
        used |= 1u << match[i];
    reachable_identities(n, cand, match, owner, open & ~used, kept);
    for (int i = 0; i < n; i++)
        w->know.cand[piece[i]] = kept[i];
}

/* ---- the update ---- */

static bool recruited_by_type(int block)
{
    return BLOCK_INFO[block].type != BLOCK_MERCENARY || block == BLOCK_L_WELSH_MERCENARY;
}

/* A block came onto the map. A recruit appears face-down (5.4); minors, Henry
 * VI and a defector's twin come announced or revealed. */
static void appear(struct transition *t, int b, int area)
{
    struct world *w = t->w;
    int observer = world_observer(w, b);
    world_forget(w, b);
    if (decision_kind(t->d) != DECIDE_AT || t->before->move.block != b)
        return;
    t->changed[observer] = true;
    blockset may = 0;
    for (blockset left = knowledge_unplaced(t->before, observer); left; left &= left - 1) {
        int c = __builtin_ctzll(left);
        if (recruited_by_type(c) && recruit_place_ok(t->before, c, area))
            may |= block_bit(c);
    }
    w->know.label[b] = (uint8_t)fresh_label(t, observer);
    w->know.cand[b] = cand_mask(may, observer);
    world_set_strength_knowledge(w, b, KNOW_DEFICIT, 0);
}

/* Shown in battle, eliminated or defected: the observer sees its face and
 * strength. (Heirs never hide: they are never recruited, and minors enter
 * announced, so a crowning tells nothing new.) */
static bool in_plain_sight(const struct world *w, int b)
{
    return (w->revealed | w->face_down | w->defected) & block_bit(b);
}

static int strongest_candidate(const struct world *w, int b)
{
    if (!w->know.label[b])
        return BLOCK_INFO[b].steps;
    int most = 1;
    for (blockset left = cand_blocks(w->know.cand[b], world_observer(w, b)); left; left &= left - 1)
        if (BLOCK_INFO[__builtin_ctzll(left)].steps > most)
            most = BLOCK_INFO[__builtin_ctzll(left)].steps;
    return most;
}

/* A step may or may not have gone from this block, unseen (7.1). */
static void blur(struct world *w, int b, int steps_before)
{
    int value, kind = world_strength_knowledge(w, b, &value);
    if (kind == KNOW_EXACT)
        world_set_strength_knowledge(w, b, KNOW_AT_MOST, steps_before - 1);
    else if (kind == KNOW_DEFICIT)
        world_set_strength_knowledge(w, b, KNOW_AT_MOST, strongest_candidate(w, b) - value - 1);
}

/* A step went from this block in plain sight (Plague). */
static void seen_loss(struct transition *t, int b)
{
    int value, kind = world_strength_knowledge(t->w, b, &value);
    if (kind == KNOW_DEFICIT && value < 3)
        world_set_strength_knowledge(t->w, b, KNOW_DEFICIT, value + 1);
    else if (kind == KNOW_AT_MOST && value > 0)
        world_set_strength_knowledge(t->w, b, KNOW_AT_MOST, value - 1);
    t->changed[world_observer(t->w, b)] = true;
}

/* A block that stayed on the map: what its change of strength told the observer. */
static void update_strength(struct transition *t, int b)
{
    struct world *w = t->w;
    int before = world_steps(t->before, b), after = world_steps(w, b);
    bool plagued = t->plague_area != AREA_NONE && (t->before->at[t->plague_area] & block_bit(b));
    if (t->new_campaign)
        world_set_strength_knowledge(w, b, w->know.label[b] ? KNOW_DEFICIT : KNOW_EXACT, 0);
    else if (plagued && after == before - 1)
        seen_loss(t, b);
    else if (t->struck & block_bit(b))
        blur(w, b, before);
    else if (after != before)
        world_set_strength_knowledge(w, b, KNOW_AT_MOST, 3); /* a change nobody saw: anything up to 4 */
}

/* Keeps the candidates of a hidden piece that pass a test; says whether any went. */
static bool narrow(struct world *w, int b, bool (*fits)(const struct world *, int c, int b, int area), int area)
{
    int observer = world_observer(w, b);
    uint32_t kept = 0;
    for (uint32_t left = w->know.cand[b]; left; left &= left - 1)
        if (fits(w, __builtin_ctz(left) + knowledge_base(observer), b, area))
            kept |= left & -left;
    bool narrowed = kept != w->know.cand[b];
    w->know.cand[b] = kept;
    return narrowed;
}

/* 8.1: candidate c would have done what b does now, standing where b stands. */
static bool same_fate(const struct world *w, int c, int b, int here)
{
    (void)w;
    return disband_place(c, here) == disband_place(b, here);
}

void knowledge_political_begins(struct world *w)
{
    if (w->flags & WORLD_NO_KNOWLEDGE)
        return;
    bool narrowed[SIDE_COUNT] = {false, false};
    for (int here = 0; here < AREA_COUNT; here++)
        for (blockset left = w->at[here]; left; left &= left - 1) {
            int b = __builtin_ctzll(left);
            if (w->know.label[b] && narrow(w, b, same_fate, here))
                narrowed[world_observer(w, b)] = true;
        }
    for (int s = 0; s < SIDE_COUNT; s++)
        if (narrowed[s])
            knowledge_tighten(w, s);
}

static bool may_go_home_to(const struct world *w, int c, int b, int area)
{
    (void)b;
    return home_areas(w, c) >> area & 1;
}

void knowledge_goes_home(struct world *w, int block, int area)
{
    if (!(w->flags & WORLD_NO_KNOWLEDGE) && w->know.label[block] && narrow(w, block, may_go_home_to, area))
        knowledge_tighten(w, world_observer(w, block));
}

static void update_block(struct transition *t, int b)
{
    struct world *w = t->w;
    if (!(t->on_map_after & block_bit(b))) {
        if (w->know.label[b]) /* a hidden piece eliminated names one more placed block */
            t->changed[world_observer(w, b)] = true;
        world_forget(w, b);
    } else if (!(t->on_map_before & block_bit(b))) {
        appear(t, b, world_location(w, b));
    } else if (in_plain_sight(w, b)) {
        if (w->know.label[b])
            t->changed[world_observer(w, b)] = true;
        world_forget(w, b);
    } else {
        update_strength(t, b);
        if (!w->know.label[b] && world_strength_knowledge(w, b, &(int){0}) == KNOW_DEFICIT)
            world_set_strength_knowledge(w, b, KNOW_EXACT, 0); /* known block: full less k is exact */
    }
}

static blockset held(const struct world *w) { return w->prisoner == BLOCK_NONE ? 0 : block_bit(w->prisoner); }

/* The blocks the update must look at: moved, changed strength, came into
 * sight, or stood where steps were lost. Most decisions touch one or none. */
static blockset touched(const struct transition *t)
{
    const struct world *a = t->before, *b = t->w;
    if (t->new_campaign)
        return t->on_map_before | t->on_map_after;
    blockset set = (a->pool ^ b->pool) | (a->minor ^ b->minor) | (a->other_side ^ b->other_side) | (a->dead ^ b->dead) |
                   (held(a) ^ held(b)) | (a->step_lo ^ b->step_lo) | (a->step_hi ^ b->step_hi);
    set |= world_moved_between(a, b);
    set |= (b->revealed | b->face_down | b->defected) & ~(a->revealed | a->face_down | a->defected);
    if (t->plague_area != AREA_NONE)
        set |= a->at[t->plague_area];
    set |= t->struck;
    return set;
}

void knowledge_update(const struct world *before, decision d, struct world *after)
{
    if (after->flags & WORLD_NO_KNOWLEDGE)
        return;
    int kind = decision_kind(d);
    struct transition t = {
        .before = before,
        .w = after,
        .d = d,
        .new_campaign = after->campaign != before->campaign,
        .plague_area = kind == DECIDE_PLAGUE ? decision_arg(d) : AREA_NONE,
        .on_map_before = world_on_map(before),
        .on_map_after = world_on_map(after),
    };
    if (kind == DECIDE_LOSE) {
        int loser = decision_arg(d);
        t.struck = supply_counted(before, world_location(before, loser)) &
                   before->side_blocks[world_block_side(before, loser)];
    }
    for (blockset left = touched(&t); left; left &= left - 1)
        update_block(&t, __builtin_ctzll(left));
    for (int s = 0; s < SIDE_COUNT; s++)
        if (t.changed[s])
            knowledge_tighten(after, s);
}
