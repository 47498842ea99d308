/*
 * observe.c: see observe.h. The observations of a transition are read off the
 * world before and after it: the decision as the side saw it made, then every
 * piece that moved, showed its face or strength, and the announcements. A
 * face is named only where the side's knowledge after the transition (or
 * before it, for a piece that leaves) says the side has seen it.
 */
#include "observe.h"

#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "tables.h"

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
    return __builtin_popcount(w->hand[SIDE_YORK]) < HAND_SIZE ? SIDE_YORK : SIDE_LANCASTER;
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

void observe(const struct world *before, decision d, const struct world *after, int side, struct observations *out)
{
    out->count = 0;
    observe_decision(before, d, after, side, out);
    if (after->campaign != before->campaign)
        add(out, OBS_CAMPAIGN, BLOCK_NONE, after->campaign, 0, 0);
    for (int b = 0; b < BLOCK_COUNT; b++)
        observe_block(before, after, side, decision_kind(d) == DECIDE_PLAGUE, b, out);
    if (after->king != before->king)
        add(out, OBS_KING, BLOCK_NONE, after->king, 0, 0);
    if (after->pretender != before->pretender)
        add(out, OBS_PRETENDER, BLOCK_NONE, after->pretender, 0, 0);
    if (after->winner != before->winner)
        add(out, OBS_WINNER, BLOCK_NONE, after->winner, 0, 0);
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
    case OBS_LOSS_UNSEEN: place_word(o->a, to, sizeof to); snprintf(text, size, "lose ? %s", to); break;
    case OBS_CARDS: snprintf(text, size, "cards %d %d", o->a, o->b); break;
    case OBS_SHOWS_HAND: cards_text(o, text, size); break;
    case OBS_MOVE:
        place_word(o->a, from, sizeof from);
        place_word(o->b, to, sizeof to);
        snprintf(text, size, "move %s %s %s", piece, from, to);
        break;
    case OBS_APPEAR: place_word(o->a, to, sizeof to); snprintf(text, size, "appear %s %s", piece, to); break;
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
