/*
 * observe.c: see observe.h. The observations of a transition are read off the
 * world before and after it: the decision as the side saw it made, then every
 * piece that moved, showed its face or strength, and the announcements. A
 * face is named only where the side's knowledge after the transition (or
 * before it, for a piece that leaves) says the side has seen it.
 */
#include "engine/hidden/observe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "engine/rules/cards.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"

struct observer {
    const struct world *w;
    int side;
};

static void add(struct observations *out, int kind, int piece, int a, int b, uint32_t value)
{
    if (out->count < MAX_OBSERVATIONS)
        out->list[out->count++] = (struct observation){(uint8_t)kind, (uint8_t)piece, (uint8_t)a, (uint8_t)b, value};
}

/* How the side names a block standing in w: its id, or its piece reference. */
static int name_in(const struct world *w, int side, int block)
{
    if (world_block_side(w, block) == side || !w->know.label[block])
        return block;
    return piece_ref(world_block_side(w, block), w->know.label[block]);
}

static int name_for(int block, const void *context)
{
    const struct observer *o = context;
    return name_in(o->w, o->side, block);
}

/* Can the side see where this block is? Its own always; the enemy's on the
 * map (as pieces) and in the public off-map places. */
static bool in_view(const struct world *w, int side, int b)
{
    int where = world_location(w, b);
    if (world_block_side(w, b) == side || where < AREA_COUNT)
        return true;
    return where != LOC_POOL || (w->face_down & block_bit(b));
}

/* The hand the next card dealt goes to: York's until seven, then Lancaster's. */
static int hand_filling(const struct world *w)
{
    return bits_count(w->hand[SIDE_YORK]) < HAND_SIZE ? SIDE_YORK : SIDE_LANCASTER;
}

/* observe_key, with the actor at 'before' given. */
static decision key_of(const struct world *before, int actor, decision d, int side)
{
    int kind = decision_kind(d);
    struct observer o = {before, side};
    if (actor == side || actor == ACTOR_CHANCE)
        return d;
    bool card_face_down = kind == DECIDE_PLAY && before->phase == PHASE_CARDS && before->step == CARDS_YORK_PLAYS;
    if (card_face_down || kind == DECIDE_RECRUIT) /* the second card is revealed with the first */
        return decision_make(kind, OBSERVE_KEY_UNSEEN);
    if (kind == DECIDE_LOSE)
        return decision_make(kind, OBSERVE_KEY_UNSEEN | world_location(before, decision_arg(d)));
    return decision_masked(d, name_for, &o);
}

decision observe_named(const struct world *w, decision d, int side)
{
    struct observer o = {w, side};
    return decision_masked(d, name_for, &o);
}

decision observe_key(const struct world *before, decision d, int side)
{
    return key_of(before, rules_actor(before), d, side);
}

void observe_keys(const struct world *before, const struct decisions *legal, int side, decision *keys)
{
    int actor = rules_actor(before); /* one actor for the whole list */
    for (int i = 0; i < legal->count; i++)
        keys[i] = key_of(before, actor, legal->list[i], side);
}

static void observe_decision(const struct world *before, decision d, const struct world *after, int side,
                             struct observations *out)
{
    int actor = rules_actor(before), kind = decision_kind(d);
    struct observer o = {before, side};
    if (actor == side || (actor == ACTOR_CHANCE && (kind != DECIDE_DEAL || hand_filling(before) == side)))
        add(out, OBS_DECISION, BLOCK_NONE, 0, 0, d);
    else if (actor == ACTOR_CHANCE)
        add(out, OBS_DEALT_UNSEEN, BLOCK_NONE, 0, 0, 0);
    else if (kind == DECIDE_PLAY && after->phase == PHASE_CARDS)
        add(out, OBS_PLAYED_UNSEEN, BLOCK_NONE, 0, 0, 0);
    else if (kind == DECIDE_RECRUIT)
        add(out, OBS_RECRUIT_UNSEEN, BLOCK_NONE, 0, 0, 0);
    else if (kind == DECIDE_LOSE)
        add(out, OBS_LOSS_UNSEEN, BLOCK_NONE, world_location(before, decision_arg(d)), 0, 0);
    else
        add(out, OBS_DECISION, BLOCK_NONE, 0, 0, decision_masked(d, name_for, &o));
    if (kind == DECIDE_PLAY && before->step == CARDS_LANCASTER_PLAYS)
        add(out, OBS_CARDS, BLOCK_NONE, after->played[SIDE_YORK], after->played[SIDE_LANCASTER], 0);
    if (kind == DECIDE_MULLIGAN)
        add(out, OBS_SHOWS_HAND, BLOCK_NONE, actor, 0, before->hand[actor]);
}

static bool now_revealed(const struct world *before, const struct world *after, int side, int b)
{
    if (world_block_side(after, b) == side || !in_view(after, side, b))
        return false;
    bool was_hidden = before->know.label[b] && world_location(before, b) < AREA_COUNT;
    bool newly_shown = (after->revealed & ~before->revealed & block_bit(b)) != 0;
    return (was_hidden && !after->know.label[b]) || newly_shown;
}

static void observe_block(const struct world *before, const struct world *after, int side, bool plague, int b,
                          struct observations *out)
{
    int from = world_location(before, b), to = world_location(after, b);
    bool seen_before = in_view(before, side, b), seen_after = in_view(after, side, b);
    int was = name_in(before, side, b), is = name_in(after, side, b);
    if (now_revealed(before, after, side, b))
        add(out, OBS_REVEAL, was, b, world_steps(after, b), 0);
    bool homed_in_place = from == to && to < AREA_COUNT && (after->acted & ~before->acted & block_bit(b)) &&
                          (before->phase == PHASE_POLITICAL || after->phase == PHASE_POLITICAL);
    if (homed_in_place) /* going home to where it stands is announced, though nothing moves (8.3, 8.4) */
        add(out, OBS_MOVE, is, from, to, 0);
    if (from != to && (seen_before || seen_after)) {
        if (from >= AREA_COUNT && is != b)
            add(out, OBS_APPEAR, is, to, 0, 0);
        else
            add(out, OBS_MOVE, seen_before ? was : is, seen_before ? from : LOC_POOL, seen_after ? to : LOC_POOL, 0);
    }
    int steps = world_steps(after, b), value;
    if (to >= AREA_COUNT || steps == world_steps(before, b) || after->campaign != before->campaign ||
        now_revealed(before, after, side, b))
        return;
    int kind = world_block_side(after, b) == side ? KNOW_EXACT : world_strength_knowledge(after, b, &value);
    if (kind == KNOW_EXACT)
        add(out, OBS_STRENGTH, is, 0, steps, 0);
    else if (plague)
        add(out, OBS_STEP_LOST, is, 0, 0, 0); /* seen, though the strength is not */
}

/* The blocks in the order the side tells them apart: those it can name by id,
 * then its enemy's face-down pieces by label. Block ids would give away which
 * of two pieces that leave together is which. */
static void seen_order(const struct world *before, const struct world *after, int side, int *order)
{
    int key[BLOCK_COUNT];
    for (int b = 0; b < BLOCK_COUNT; b++) { /* insertion sort, by the name the side knows it by first */
        int name = in_view(before, side, b) ? name_in(before, side, b) : name_in(after, side, b);
        key[b] = name & 0x80 ? BLOCK_COUNT + name : b;
        int i = b;
        for (; i > 0 && key[order[i - 1]] > key[b]; i--)
            order[i] = order[i - 1];
        order[i] = b;
    }
}

/* Everything that changed from one world to the next, the phase aside. */
static void observe_changes(const struct world *before, const struct world *after, int side, bool plague,
                            struct observations *out)
{
    if (after->campaign != before->campaign)
        add(out, OBS_CAMPAIGN, BLOCK_NONE, after->campaign, 0, 0);
    int order[BLOCK_COUNT];
    seen_order(before, after, side, order);
    for (int i = 0; i < BLOCK_COUNT; i++)
        observe_block(before, after, side, plague, order[i], out);
    if (after->king != before->king)
        add(out, OBS_KING, BLOCK_NONE, after->king, 0, 0);
    if (after->pretender != before->pretender)
        add(out, OBS_PRETENDER, BLOCK_NONE, after->pretender, 0, 0);
    if (after->winner != before->winner)
        add(out, OBS_WINNER, BLOCK_NONE, after->winner, 0, 0);
}

/* Only a transition that leaves turn 7 for the political turn can have more
 * stages than one (rules_apply_stage); the game may end in it, or the next
 * campaign begin. */
static bool may_end_campaign(const struct world *before, const struct world *after)
{
    return before->turn == 7 && before->phase != PHASE_POLITICAL &&
           (after->phase == PHASE_POLITICAL || after->phase == PHASE_OVER || after->campaign != before->campaign);
}

void observe(const struct world *before, decision d, const struct world *after, int side, struct observations *out)
{
    struct world start, end; /* of one stage */
    bool plague = decision_kind(d) == DECIDE_PLAGUE;
    const struct world *from = before;
    out->count = 0;
    observe_decision(before, d, after, side, out);
    if (may_end_campaign(before, after)) {
        /* Each stage is seen on its own: a block that fell to a supply loss, one
         * that disbanded (8.1) and one that went home to the pool (8.3) all end
         * there, but not alike. The last stage ends in 'after'. */
        start = *before;
        for (end = start; rules_apply_stage(&end, d); start = end) {
            observe_changes(&start, &end, side, plague, out);
            add(out, OBS_PHASE, BLOCK_NONE, end.phase, end.step, end.move.kind);
            plague = false;
        }
        from = &start;
    }
    observe_changes(from, after, side, plague, out);
    if (after->phase != before->phase || after->step != before->step || after->move.kind != before->move.kind)
        add(out, OBS_PHASE, BLOCK_NONE, after->phase, after->step, after->move.kind);
}

/* ---- text ---- */

static void place_word(int place, char *word, size_t size)
{
    const char *name = place < AREA_COUNT ? AREA_INFO[place].name : LOCATION_NAME[place - AREA_COUNT];
    snprintf(word, size, "%s", name);
    for (char *p = word; *p; p++)
        if (*p == ' ')
            *p = '-';
}

static void crown_text(const char *what, int block, char *text, size_t size)
{
    snprintf(text, size, "%s %s", what, block == BLOCK_NONE ? "-" : BLOCK_INFO[block].id);
}

static void cards_text(const struct observation *o, char *text, size_t size)
{
    int n = snprintf(text, size, "shows %c", o->a == SIDE_YORK ? 'Y' : 'L');
    for (int c = 1; c <= CARD_COUNT && n > 0 && (size_t)n < size; c++)
        if (o->value >> c & 1)
            n += snprintf(text + n, size - (size_t)n, " %d", c);
}

void observation_text(const struct observation *o, char *text, size_t size)
{
    char piece[32] = "", from[32], to[32];
    if (o->piece != BLOCK_NONE)
        block_word(o->piece, piece, sizeof piece);
    switch (o->kind) {
    case OBS_DECISION: decision_text(o->value, text, size); break;
    case OBS_DEALT_UNSEEN: snprintf(text, size, "deal ?"); break;
    case OBS_PLAYED_UNSEEN: snprintf(text, size, "play ?"); break;
    case OBS_RECRUIT_UNSEEN: snprintf(text, size, "recruit ?"); break;
    case OBS_LOSS_UNSEEN:
        place_word(o->a, to, sizeof to);
        snprintf(text, size, "lose ? %s", to);
        break;
    case OBS_CARDS: snprintf(text, size, "cards %d %d", o->a, o->b); break;
    case OBS_SHOWS_HAND: cards_text(o, text, size); break;
    case OBS_MOVE:
        place_word(o->a, from, sizeof from);
        place_word(o->b, to, sizeof to);
        snprintf(text, size, "move %s %s %s", piece, from, to);
        break;
    case OBS_APPEAR:
        place_word(o->a, to, sizeof to);
        snprintf(text, size, "appear %s %s", piece, to);
        break;
    case OBS_REVEAL: snprintf(text, size, "reveal %s %s %d", piece, BLOCK_INFO[o->a].id, o->b); break;
    case OBS_STRENGTH: snprintf(text, size, "strength %s %d", piece, o->b); break;
    case OBS_STEP_LOST: snprintf(text, size, "step-lost %s", piece); break;
    case OBS_KING: crown_text("king", o->a, text, size); break;
    case OBS_PRETENDER: crown_text("pretender", o->a, text, size); break;
    case OBS_CAMPAIGN: snprintf(text, size, "campaign %d", o->a); break;
    case OBS_WINNER: snprintf(text, size, "winner %s", SIDE_NAME[o->a]); break;
    default:
        snprintf(text, size, "phase %s %d %s", PHASE_NAME[o->a], o->b, o->value ? MOVE_KIND_NAME[o->value] : "-");
        break;
    }
}

/* ---- reading ---- */

bool observation_opens_transition(const struct observation *o) { return o->kind <= OBS_LOSS_UNSEEN; }

static int place_read(const char *word)
{
    for (int i = 0; i < LOC_COUNT - AREA_COUNT; i++)
        if (strcmp(word, LOCATION_NAME[i]) == 0)
            return AREA_COUNT + i;
    return area_by_name(word, (int)strlen(word));
}

static bool number_read(const char *word, int min, int max, int *out)
{
    long long value;
    if (!number_whole(word, min, max, &value))
        return false;
    *out = (int)value;
    return true;
}

static bool crown_read(const char *word, int *out)
{
    if (strcmp(word, "-") == 0) {
        *out = BLOCK_NONE;
        return true;
    }
    *out = block_by_id(word, (int)strlen(word));
    return *out >= 0;
}

static int name_index(const char *word, const char *const names[], int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(word, names[i]) == 0)
            return i;
    return -1;
}

/* The words of the non-decision observations: kind, count of words after it. */
static const struct {
    const char *word;
    uint8_t kind, words;
} READ[] = {
    {"cards", OBS_CARDS, 2},   {"move", OBS_MOVE, 3},           {"appear", OBS_APPEAR, 2},
    {"reveal", OBS_REVEAL, 3}, {"strength", OBS_STRENGTH, 2},   {"step-lost", OBS_STEP_LOST, 1},
    {"king", OBS_KING, 1},     {"pretender", OBS_PRETENDER, 1}, {"campaign", OBS_CAMPAIGN, 1},
    {"winner", OBS_WINNER, 1}, {"phase", OBS_PHASE, 3},
};

static bool read_fields(int kind, char w[][48], struct observation *o)
{
    int x = 0, y = 0, z = 0, p = 0;
    switch (kind) {
    case OBS_CARDS:
        return number_read(w[0], 1, CARD_COUNT, &x) && number_read(w[1], 1, CARD_COUNT, &y) &&
               (o->a = (uint8_t)x, o->b = (uint8_t)y, true);
    case OBS_MOVE:
        x = place_read(w[1]), y = place_read(w[2]);
        return block_read(w[0], &p) && x >= 0 && y >= 0 &&
               (o->piece = (uint8_t)p, o->a = (uint8_t)x, o->b = (uint8_t)y, true);
    case OBS_APPEAR:
        x = area_by_name(w[1], (int)strlen(w[1]));
        return block_read(w[0], &p) && x >= 0 && (o->piece = (uint8_t)p, o->a = (uint8_t)x, true);
    case OBS_REVEAL:
        return block_read(w[0], &p) && crown_read(w[1], &x) && x != BLOCK_NONE && number_read(w[2], 1, 4, &y) &&
               (o->piece = (uint8_t)p, o->a = (uint8_t)x, o->b = (uint8_t)y, true);
    case OBS_STRENGTH:
        return block_read(w[0], &p) && number_read(w[1], 1, 4, &y) && (o->piece = (uint8_t)p, o->b = (uint8_t)y, true);
    case OBS_STEP_LOST: return block_read(w[0], &p) && (o->piece = (uint8_t)p, true);
    case OBS_KING:
    case OBS_PRETENDER: return crown_read(w[0], &x) && (o->a = (uint8_t)x, true);
    case OBS_CAMPAIGN: return number_read(w[0], 1, 3, &x) && (o->a = (uint8_t)x, true);
    case OBS_WINNER: x = name_index(w[0], SIDE_NAME, SIDE_COUNT); return x >= 0 && (o->a = (uint8_t)x, true);
    default:
        x = name_index(w[0], PHASE_NAME, PHASE_COUNT);
        z = strcmp(w[2], "-") == 0 ? MOVE_NONE : name_index(w[2], MOVE_KIND_NAME, MOVE_KIND_COUNT);
        return x >= 0 && number_read(w[1], 0, 15, &y) && z >= 0 &&
               (o->a = (uint8_t)x, o->b = (uint8_t)y, o->value = (uint32_t)z, true);
    }
}

/* "shows Y 1 2 3 ..." and the unseen decisions: "deal ?", "lose ? AREA". */
static bool read_special(const char *text, struct observation *o)
{
    char side, area[48];
    int n = 0;
    if (strcmp(text, "deal ?") == 0)
        o->kind = OBS_DEALT_UNSEEN;
    else if (strcmp(text, "play ?") == 0)
        o->kind = OBS_PLAYED_UNSEEN;
    else if (strcmp(text, "recruit ?") == 0)
        o->kind = OBS_RECRUIT_UNSEEN;
    else if (sscanf(text, "lose ? %47s%n", area, &n) == 1 && !text[n]) {
        o->kind = OBS_LOSS_UNSEEN;
        int a = area_by_name(area, (int)strlen(area));
        o->a = (uint8_t)a;
        return a >= 0;
    } else if (sscanf(text, "shows %c%n", &side, &n) == 1 && (side == 'Y' || side == 'L')) {
        o->kind = OBS_SHOWS_HAND;
        o->a = side == 'Y' ? SIDE_YORK : SIDE_LANCASTER;
        for (const char *p = text + n; *p;) {
            int card, used;
            if (sscanf(p, " %d%n", &card, &used) != 1 || card < 1 || card > CARD_COUNT)
                return false;
            o->value |= (uint32_t)1 << card;
            p += used;
        }
        return o->value != 0;
    } else
        return false;
    return true;
}

bool observation_read(const char *text, struct observation *out, char *error, size_t error_size)
{
    char w[5][48];
    struct observation o = {OBS_DECISION, BLOCK_NONE, 0, 0, 0};
    int n = sscanf(text, "%47s %47s %47s %47s %47s", w[0], w[1], w[2], w[3], w[4]);
    for (size_t i = 0; n >= 1 && i < sizeof READ / sizeof READ[0]; i++) {
        if (strcmp(w[0], READ[i].word) != 0)
            continue;
        o.kind = READ[i].kind;
        if (n - 1 != READ[i].words || !read_fields(o.kind, w + 1, &o)) {
            return fail(error, error_size, "'%s': expected %s and %d word%s after it (docs/observations.md)", text,
                        READ[i].word, READ[i].words, READ[i].words == 1 ? "" : "s");
        }
        *out = o;
        return true;
    }
    if (read_special(text, &o) || (o.kind = OBS_DECISION, decision_read(text, &o.value, error, error_size))) {
        *out = o;
        return true;
    }
    return false;
}
