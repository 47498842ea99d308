/*
 * world.c: the accessors and invariants of struct world. Everything that keeps
 * the redundant parts of the state (area sets, side sets, bit planes) in step
 * lives here, so the rest of the engine cannot get them out of step.
 */
#include "engine/core/world.h"

#include <stddef.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/fail.h"
#include "engine/core/masks.h"
#include "engine/core/tables.h"

const char *const PHASE_NAME[PHASE_COUNT] = {"deal",   "mulligan", "cards",     "action",
                                             "battle", "supply",   "political", "over"};
const char *const MOVE_KIND_NAME[MOVE_KIND_COUNT] = {"-", "land", "sea", "muster", "recruit"};
const char *const BATTLE_FLAG_NAME[BATTLE_FLAG_COUNT] = {"swapped", "king-rolled", "pretender-rolled", "warwick-rolled",
                                                         "treason-asked"};

const char BLOCK_FLAG_LETTER[BLOCK_FLAG_COUNT + 1] = "mpfrdvs";
const char *const BLOCK_FLAG_NAME[BLOCK_FLAG_COUNT] = {"moved",    "pinned",  "face-down", "revealed",
                                                       "defected", "reserve", "by-sea"};
/* world_flag_set() finds flag f's set at f words after moved. */
#define FLAG_AT(field, flag) \
    (offsetof(struct world, field) == offsetof(struct world, moved) + (flag) * sizeof(blockset))
_Static_assert(FLAG_AT(pinned, FLAG_PINNED) && FLAG_AT(face_down, FLAG_FACE_DOWN) && FLAG_AT(revealed, FLAG_REVEALED) &&
                   FLAG_AT(defected, FLAG_DEFECTED) && FLAG_AT(reserve, FLAG_RESERVE) && FLAG_AT(by_sea, FLAG_BY_SEA),
               "the flag sets lie in enum block_flag's order, one word each");

volatile size_t WORLD_BYTES = sizeof(struct world);

#define ALL_BLOCKS (block_bit(BLOCK_COUNT) - 1)
#define ALL_BORDERS (((uint64_t)1 << BORDER_COUNT) - 1)
#define ALL_CARDS (((uint32_t)1 << (CARD_COUNT + 1)) - 2)

static void clear_move(struct move *m)
{
    m->kind = MOVE_NONE;
    m->from = AREA_NONE;
    m->block = BLOCK_NONE;
    m->via = AREA_NONE;
    m->came_from = AREA_NONE;
    m->steps = 0;
    m->target = AREA_NONE;
}

static void clear_battle(struct world *w)
{
    memset(&w->battle, 0, sizeof w->battle);
    w->battle.area = AREA_NONE;
    w->battle.attacker = SIDE_NONE;
    w->battle.actor = BLOCK_NONE;
    w->battle.target = BLOCK_NONE;
}

void world_clear(struct world *w)
{
    memset(w, 0, sizeof *w);
    w->king = BLOCK_NONE;
    w->pretender = BLOCK_NONE;
    w->prisoner = BLOCK_NONE;
    w->player1 = SIDE_NONE;
    w->winner = SIDE_NONE;
    w->side_blocks[SIDE_YORK] = blocks_of_side(SIDE_YORK);
    w->side_blocks[SIDE_LANCASTER] = blocks_of_side(SIDE_LANCASTER);
    clear_move(&w->move);
    clear_battle(w);
}

/* The off-map sets, indexed by location - AREA_COUNT; NULL for the prisoner,
 * who is a single byte rather than a set. */
static blockset *offmap_set(struct world *w, int location)
{
    switch (location) {
    case LOC_POOL: return &w->pool;
    case LOC_MINOR: return &w->minor;
    case LOC_OTHER_SIDE: return &w->other_side;
    case LOC_DEAD: return &w->dead;
    default: return NULL;
    }
}

int world_location(const struct world *w, int block)
{
    blockset bit = block_bit(block);
    if (w->pool & bit)
        return LOC_POOL;
    if (w->minor & bit)
        return LOC_MINOR;
    if (w->other_side & bit)
        return LOC_OTHER_SIDE;
    if (w->dead & bit)
        return LOC_DEAD;
    if (w->prisoner == block)
        return LOC_PRISONER;
    for (int a = 0; a < AREA_COUNT; a++)
        if (w->at[a] & bit)
            return a;
    return AREA_NONE;
}

void world_place(struct world *w, int block, int location)
{
    blockset bit = block_bit(block);
    for (int a = 0; a + 1 < AREA_COUNT; a += 2) { /* two at a time, for the vector unit */
        w->at[a] &= ~bit;
        w->at[a + 1] &= ~bit;
    }
    w->at[AREA_COUNT - 1] &= ~bit;
    w->pool &= ~bit;
    w->minor &= ~bit;
    w->other_side &= ~bit;
    w->dead &= ~bit;
    if (w->prisoner == block)
        w->prisoner = BLOCK_NONE;
    if (location < AREA_COUNT)
        w->at[location] |= bit;
    else if (location == LOC_PRISONER)
        w->prisoner = (uint8_t)block;
    else
        *offmap_set(w, location) |= bit;
}

void world_set_steps(struct world *w, int block, int steps)
{
    blockset bit = block_bit(block);
    int code = steps - 1;
    w->step_lo = (code & 1) ? (w->step_lo | bit) : (w->step_lo & ~bit);
    w->step_hi = (code & 2) ? (w->step_hi | bit) : (w->step_hi & ~bit);
}

static blockset with_bit(blockset set, blockset bit, bool on) { return on ? set | bit : set & ~bit; }

int world_strength_knowledge(const struct world *w, int block, int *value)
{
    const struct knowledge *k = &w->know;
    *value = (int)(k->value_lo >> block & 1) | (int)(k->value_hi >> block & 1) << 1;
    if (!(k->vague >> block & 1))
        return KNOW_EXACT;
    return k->relative >> block & 1 ? KNOW_DEFICIT : KNOW_AT_MOST;
}

void world_set_strength_knowledge(struct world *w, int block, int kind, int value)
{
    struct knowledge *k = &w->know;
    blockset bit = block_bit(block);
    if (kind == KNOW_EXACT)
        value = 0;
    k->vague = with_bit(k->vague, bit, kind != KNOW_EXACT);
    k->relative = with_bit(k->relative, bit, kind == KNOW_DEFICIT);
    k->value_lo = with_bit(k->value_lo, bit, value & 1);
    k->value_hi = with_bit(k->value_hi, bit, value & 2);
}

void world_forget(struct world *w, int block)
{
    w->know.label[block] = 0;
    w->know.cand[block] = 0;
    world_set_strength_knowledge(w, block, KNOW_EXACT, 0);
}

void world_set_pretender_side(struct world *w, int side)
{
    blockset rebel = block_bit(BLOCK_R_REBEL);
    w->pretender = BLOCK_NONE;
    w->side_blocks[SIDE_YORK] &= ~rebel;
    w->side_blocks[SIDE_LANCASTER] &= ~rebel;
    w->side_blocks[side] |= rebel;
}

void world_set_pretender(struct world *w, int block)
{
    if (block != BLOCK_NONE)
        world_set_pretender_side(w, BLOCK_INFO[block].side);
    w->pretender = (uint8_t)block;
}

int world_pretender_side(const struct world *w) { return world_block_side(w, BLOCK_R_REBEL); }

void world_set_crossed(struct world *w, int border, int count)
{
    uint64_t bit = (uint64_t)1 << border;
    for (int plane = 0; plane < 3; plane++)
        w->crossed[plane] = (count >> plane & 1) ? (w->crossed[plane] | bit) : (w->crossed[plane] & ~bit);
}

int world_retreats(const struct world *w, int side, int neighbour_index)
{
    return w->battle.retreats[side][neighbour_index / 2] >> (4 * (neighbour_index % 2)) & 15;
}

void world_set_retreats(struct world *w, int side, int neighbour_index, int count)
{
    uint8_t *byte = &w->battle.retreats[side][neighbour_index / 2];
    int shift = 4 * (neighbour_index % 2);
    *byte = (uint8_t)((*byte & ~(15 << shift)) | (count & 15) << shift);
}

uint64_t borders_entered_into(const struct world *w, int side, int area)
{
    return (w->entered[side][0] & MASKS.borders_into[0][area]) | (w->entered[side][1] & MASKS.borders_into[1][area]);
}

bool attacked_by(const struct world *w, int side, int area)
{
    return borders_entered_into(w, side, area) || (blocks_in(w, side, area) & w->by_sea);
}

uint64_t world_hash(const struct world *w) { return XXH3_64bits(w, sizeof *w); }

/* --- invariants ------------------------------------------------------------ */

static bool check_places(const struct world *w, char *why, size_t size)
{
    blockset seen = w->pool | w->minor | w->other_side | w->dead;
    int total = bits_count(w->pool) + bits_count(w->minor) + bits_count(w->other_side) + bits_count(w->dead);
    for (int a = 0; a < AREA_COUNT; a++) {
        seen |= w->at[a];
        total += bits_count(w->at[a]);
    }
    if (w->prisoner != BLOCK_NONE) {
        if (w->prisoner >= BLOCK_COUNT)
            return fail(why, size, "prisoner %d is not a block", w->prisoner);
        seen |= block_bit(w->prisoner);
        total++;
    }
    if (seen & ~ALL_BLOCKS)
        return fail(why, size, "a place holds a block number above %d", BLOCK_COUNT - 1);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (!(seen & block_bit(b)))
            return fail(why, size, "block %s is nowhere", BLOCK_INFO[b].id);
    if (total != BLOCK_COUNT)
        return fail(why, size, "a block is in two places at once");
    return true;
}

static bool check_blocks(const struct world *w, char *why, size_t size)
{
    blockset flags = w->step_lo | w->step_hi | w->moved | w->pinned | w->face_down | w->revealed | w->defected |
                     w->reserve | w->by_sea | w->acted;
    if (flags & ~ALL_BLOCKS)
        return fail(why, size, "a block flag is set for a block number above %d", BLOCK_COUNT - 1);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (world_steps(w, b) > BLOCK_INFO[b].steps)
            return fail(why, size, "%s has strength %d but only %d steps", BLOCK_INFO[b].id, world_steps(w, b),
                        BLOCK_INFO[b].steps);
    return true;
}

static bool check_crowns(const struct world *w, char *why, size_t size)
{
    if (w->king != BLOCK_NONE && (w->king >= BLOCK_COUNT || BLOCK_INFO[w->king].type != BLOCK_HEIR))
        return fail(why, size, "the King must be an heir");
    if (w->pretender != BLOCK_NONE && (w->pretender >= BLOCK_COUNT || BLOCK_INFO[w->pretender].type != BLOCK_HEIR))
        return fail(why, size, "the Pretender must be an heir");
    if (w->king != BLOCK_NONE && w->pretender != BLOCK_NONE &&
        BLOCK_INFO[w->king].side == BLOCK_INFO[w->pretender].side)
        return fail(why, size, "the King and the Pretender are on the same side");
    blockset rebel = block_bit(BLOCK_R_REBEL);
    int side = world_pretender_side(w);
    if ((w->side_blocks[SIDE_YORK] & ~rebel) != blocks_of_side(SIDE_YORK) ||
        (w->side_blocks[SIDE_LANCASTER] & ~rebel) != blocks_of_side(SIDE_LANCASTER) || side == SIDE_NONE ||
        (w->side_blocks[SIDE_YORK] & w->side_blocks[SIDE_LANCASTER]) ||
        (w->pretender != BLOCK_NONE && side != BLOCK_INFO[w->pretender].side))
        return fail(why, size, "the side sets do not match the Pretender's side");
    if (w->king != BLOCK_NONE && BLOCK_INFO[w->king].side == side)
        return fail(why, size, "the King is on the Pretender's side");
    return true;
}

static bool check_cards(const struct world *w, char *why, size_t size)
{
    uint32_t y = w->hand[SIDE_YORK], l = w->hand[SIDE_LANCASTER], d = w->deck;
    if ((y | l | d) & ~ALL_CARDS)
        return fail(why, size, "a card number outside 1..%d", CARD_COUNT);
    if ((y & l) || (y & d) || (l & d))
        return fail(why, size, "a card is in two places at once");
    for (int s = 0; s < SIDE_COUNT; s++) {
        int c = w->played[s];
        if (c > CARD_COUNT)
            return fail(why, size, "played card %d is outside 1..%d", c, CARD_COUNT);
        if (c && ((y | l | d) >> c & 1))
            return fail(why, size, "played card %d is still in a hand or the deck", c);
    }
    if (w->played[0] && w->played[0] == w->played[1])
        return fail(why, size, "both sides played card %d", w->played[0]);
    return true;
}

static bool check_clock(const struct world *w, char *why, size_t size)
{
    if (w->scenario >= SCENARIO_COUNT)
        return fail(why, size, "scenario %d is unknown", w->scenario);
    if (w->campaign < 1 || w->campaign > 3)
        return fail(why, size, "campaign %d is not 1..3", w->campaign);
    if (w->turn < 1 || w->turn > 7)
        return fail(why, size, "turn %d is not 1..7", w->turn);
    if (w->phase >= PHASE_COUNT)
        return fail(why, size, "phase %d is unknown", w->phase);
    if (w->player1 > SIDE_NONE || w->player1 == SIDE_REBEL)
        return fail(why, size, "player 1 is not a side");
    if (w->winner > SIDE_NONE || w->winner == SIDE_REBEL)
        return fail(why, size, "the winner is not a side");
    if (w->flags >> WORLD_FLAG_COUNT)
        return fail(why, size, "unknown game flags %#x", w->flags);
    if (w->ap_left > 4)
        return fail(why, size, "%d action points left; a card gives 4 at most", w->ap_left);
    if (w->minors_due[0] > 5 || w->minors_due[1] > 5)
        return fail(why, size, "more than 5 minors due");
    if (w->step > 15)
        return fail(why, size, "step %d is above 15", w->step);
    return true;
}

static bool area_or_none(int area) { return area < AREA_COUNT || area == AREA_NONE; }

static bool check_move(const struct world *w, char *why, size_t size)
{
    const struct move *m = &w->move;
    if (m->kind >= MOVE_KIND_COUNT)
        return fail(why, size, "move kind %d is unknown", m->kind);
    if (m->kind == MOVE_NONE) {
        if (m->from != AREA_NONE || m->block != BLOCK_NONE || m->via != AREA_NONE || m->came_from != AREA_NONE ||
            m->steps || m->target != AREA_NONE)
            return fail(why, size, "no move is in progress, yet the move has fields set");
        return true;
    }
    if (m->block != BLOCK_NONE && m->block >= BLOCK_COUNT)
        return fail(why, size, "the moving block is unknown");
    if (!area_or_none(m->from) || !area_or_none(m->via) || !area_or_none(m->came_from) || !area_or_none(m->target))
        return fail(why, size, "the move names an unknown area");
    if (m->steps > 3)
        return fail(why, size, "a block has moved %d areas; 3 is the most (Force March)", m->steps);
    return true;
}

static bool check_battle(const struct world *w, char *why, size_t size)
{
    const struct battle *b = &w->battle;
    if (b->area == AREA_NONE) {
        struct world empty;
        clear_battle(memcpy(&empty, w, sizeof empty));
        if (memcmp(&empty.battle, b, sizeof *b) != 0)
            return fail(why, size, "no battle is in progress, yet the battle has fields set");
        return true;
    }
    if (b->area >= AREA_COUNT)
        return fail(why, size, "the battle area is unknown");
    if (b->round < 1 || b->round > 4)
        return fail(why, size, "battle round %d is not 1..4", b->round);
    if (b->attacker >= SIDE_COUNT)
        return fail(why, size, "the attacker is not York or Lancaster");
    if (b->actor != BLOCK_NONE && b->actor >= BLOCK_COUNT)
        return fail(why, size, "the acting block is unknown");
    if (b->target != BLOCK_NONE && b->target >= BLOCK_COUNT)
        return fail(why, size, "the target block is unknown");
    if (b->dice > 4)
        return fail(why, size, "%d dice to roll; a block has 4 steps at most", b->dice);
    if (b->flags >> BATTLE_FLAG_COUNT)
        return fail(why, size, "unknown battle flags %#x", b->flags);
    int degree = AREA_NEIGHBOURS[b->area].count;
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int i = degree; i < MAX_NEIGHBOURS; i++)
            if (world_retreats(w, s, i))
                return fail(why, size, "retreats counted over a border the battle area lacks");
    return true;
}

/* A hidden piece: on the map, a label unique to its observer, candidates that hold the truth. */
static bool check_hidden_piece(const struct world *w, int b, uint64_t used[2], char *why, size_t size)
{
    const struct knowledge *k = &w->know;
    int observer = world_observer(w, b), label = k->label[b];
    if (world_location(w, b) >= AREA_COUNT)
        return fail(why, size, "%s is off the map but hidden as piece %d", BLOCK_INFO[b].id, label);
    if (label > MAX_LABELS)
        return fail(why, size, "%s has label %d; labels are 1..%d", BLOCK_INFO[b].id, label, MAX_LABELS);
    if (used[observer] >> label & 1)
        return fail(why, size, "two hidden pieces share label %d", label);
    used[observer] |= (uint64_t)1 << label;
    if (!(cand_blocks(k->cand[b], observer) & block_bit(b)))
        return fail(why, size, "%s is hidden, but its candidates leave it out", BLOCK_INFO[b].id);
    if (cand_blocks(k->cand[b], observer) & ~w->side_blocks[1 - observer])
        return fail(why, size, "%s's candidates include a block of the other side", BLOCK_INFO[b].id);
    return true;
}

static bool check_strength_knowledge(const struct world *w, int b, char *why, size_t size)
{
    int value, kind = world_strength_knowledge(w, b, &value), steps = world_steps(w, b);
    bool on_map = world_location(w, b) < AREA_COUNT;
    if (kind != KNOW_EXACT && !on_map)
        return fail(why, size, "%s is off the map but its strength is vague", BLOCK_INFO[b].id);
    if (kind == KNOW_DEFICIT && (w->know.label[b] == 0 || steps != BLOCK_INFO[b].steps - value))
        return fail(why, size, "%s is known as full less %d, which is not its strength %d (or it is not hidden)",
                    BLOCK_INFO[b].id, value, steps);
    if (kind == KNOW_AT_MOST && steps > value + 1)
        return fail(why, size, "%s is known as at most %d, yet has strength %d", BLOCK_INFO[b].id, value + 1, steps);
    return true;
}

static bool check_knowledge(const struct world *w, char *why, size_t size)
{
    const struct knowledge *k = &w->know;
    uint64_t used[SIDE_COUNT] = {0, 0};
    blockset bits = k->vague | k->relative | k->value_lo | k->value_hi;
    if ((bits & ~k->vague) || (k->vague & ~ALL_BLOCKS) || k->spare)
        return fail(why, size, "strength knowledge is set where no strength is vague");
    for (int b = 0; b < BLOCK_COUNT; b++) {
        if (k->label[b] && !check_hidden_piece(w, b, used, why, size))
            return false;
        if (!k->label[b] && k->cand[b])
            return fail(why, size, "%s has candidates but no label", BLOCK_INFO[b].id);
        if (!check_strength_knowledge(w, b, why, size))
            return false;
    }
    return true;
}

bool world_check(const struct world *w, char *why, size_t size)
{
    if ((w->crossed[0] | w->crossed[1] | w->crossed[2] | w->entered[0][0] | w->entered[0][1] | w->entered[1][0] |
         w->entered[1][1] | w->main_attack) &
        ~ALL_BORDERS)
        return fail(why, size, "a border number above %d is set", BORDER_COUNT - 1);
    return check_places(w, why, size) && check_blocks(w, why, size) && check_crowns(w, why, size) &&
           check_cards(w, why, size) && check_clock(w, why, size) && check_move(w, why, size) &&
           check_battle(w, why, size) && ((w->flags & WORLD_NO_KNOWLEDGE) || check_knowledge(w, why, size));
}
