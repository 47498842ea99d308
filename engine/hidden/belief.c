/*
 * belief.c: see belief.h. Taking in a transition means finding a world the
 * side thinks possible in which some decision gives exactly the observations
 * seen. The current belief is tried first. Otherwise worlds are drawn from the
 * side's view, narrowed first by what the transition itself shows (faces and
 * strengths revealed, cards shown), and the one that fits is kept. Whatever
 * the observations leave open (the card dealt to the enemy, the block it
 * recruits) is drawn.
 */
#include "engine/hidden/belief.h"

#include <stdio.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/core/knowledge.h"
#include "engine/core/places.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/sample.h"
#include "engine/rules/action.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"

#ifndef BELIEF_TRIES /* the fuzzer builds with fewer, to spend its time on the parser */
#define BELIEF_TRIES 20000
#endif

void belief_start(struct belief *b, int scenario, int side, uint64_t seed)
{
    scenario_setup(&b->w, scenario);
    b->side = side;
    b->rng = seed;
    b->keys = 0;
    b->transitions = 0;
    memset(&b->odds, 0, sizeof b->odds);
}

int belief_keys_since(const struct belief *b, long since, decision *out)
{
    if (since < 0 || since > b->keys || b->keys - since > BELIEF_KEYS)
        return -1;
    for (long i = since; i < b->keys; i++)
        out[i - since] = b->key[i % BELIEF_KEYS];
    return (int)(b->keys - since);
}

/* Notes the decision taken in, as the side saw it, unless chance made it
 * (the search's tree has no chance nodes). */
static void remember(struct belief *b, const struct world *before, decision d)
{
    if (rules_actor(before) == ACTOR_CHANCE)
        return;
    b->key[b->keys % BELIEF_KEYS] = observe_key(before, d, b->side);
    b->keys++;
}

/* ---- naming the decision in a candidate world ---- */

struct resolver {
    const struct world *w;
    int side;
    bool *ok;
};

/* The block that carries a piece reference (or is the block) in w. */
static int resolve(int ref, const void *context)
{
    const struct resolver *r = context;
    if (!(ref & 0x80))
        return ref;
    int block = knowledge_block_with_label(r->w, r->side, (ref & 31) + 1);
    if (block >= 0)
        return block;
    *r->ok = false;
    return 0;
}

static bool fits_first(const struct world *w, decision d, decision wanted, const struct observation *o)
{
    int kind = decision_kind(d);
    switch (o->kind) {
    case OBS_DECISION: return d == wanted;
    case OBS_DEALT_UNSEEN: return kind == DECIDE_DEAL;
    case OBS_PLAYED_UNSEEN: return kind == DECIDE_PLAY;
    case OBS_RECRUIT_UNSEEN: return kind == DECIDE_RECRUIT;
    case OBS_LOSS_UNSEEN: return kind == DECIDE_LOSE && world_location(w, decision_arg(d)) == o->a;
    default: return false;
    }
}

int belief_fitting(const struct world *w, int side, const struct observation *first, const struct decisions *legal,
                   bool *fits)
{
    decision wanted = 0;
    bool ok = true;
    int n = 0;
    if (first->kind == OBS_DECISION) {
        struct resolver r = {w, side, &ok};
        wanted = decision_masked(first->value, resolve, &r);
    }
    for (int i = 0; i < legal->count; i++)
        n += fits[i] = ok && fits_first(w, legal->list[i], wanted, first);
    return n;
}

/* A legal decision in w that the first observation describes, drawn among
 * those it leaves open. */
static bool pick_decision(const struct world *w, int side, const struct observation *first, uint64_t *rng,
                          decision *out)
{
    struct decisions legal;
    bool fits[MAX_DECISIONS];
    rules_legal(w, &legal);
    int n = belief_fitting(w, side, first, &legal, fits);
    if (n == 0)
        return false;
    for (int i = 0, k = random_below(rng, n); i < legal.count; i++)
        if (fits[i] && k-- == 0)
            *out = legal.list[i];
    return true;
}

/* ---- what the transition itself shows ---- */

static bool leaves_map(const struct observations *seen, int piece)
{
    for (int i = 0; i < seen->count; i++)
        if (seen->list[i].kind == OBS_MOVE && seen->list[i].piece == piece && seen->list[i].b >= AREA_COUNT)
            return true;
    return false;
}

/* The area a Plague struck in this transition, if one did: every block there
 * lost a step before any face was shown. */
static int plague_area(const struct observations *seen)
{
    const struct observation *o = &seen->list[0];
    bool plague = o->kind == OBS_DECISION && decision_kind(o->value) == DECIDE_PLAGUE;
    return plague ? decision_arg(o->value) : AREA_NONE;
}

/* Faces revealed by the transition were already true before it, and so were
 * the strengths, but for the step a Plague took. While the transition is
 * still arriving ('prefix'), a revealed block may yet be seen leaving the
 * map, eliminated: its strength is then not its last, so it pins nothing. */
static void narrow_view(struct view *v, const struct observations *seen, bool prefix)
{
    int plagued = plague_area(seen);
    for (int i = 0; i < seen->count; i++) {
        const struct observation *o = &seen->list[i];
        if (o->kind != OBS_REVEAL)
            continue;
        bool stays =
            !prefix && !leaves_map(seen, o->piece); /* an eliminated block shows its face, not its last strength */
        if (o->piece & 0x80) {
            struct view_piece *p = &v->piece[o->piece & 31];
            p->cand = cand_mask(block_bit(o->a), v->side);
            int before = o->b + (p->area == plagued);
            if (stays) {
                p->strength_kind = KNOW_DEFICIT;
                p->strength_value = (uint8_t)(BLOCK_INFO[o->a].steps - before);
            }
        } else if (stays && world_location(&v->w, o->a) < AREA_COUNT) {
            world_set_strength_knowledge(&v->w, o->a, KNOW_EXACT, 0);
            world_set_steps(&v->w, o->a, o->b + (world_location(&v->w, o->a) == plagued));
        }
    }
}

/* Moves one card into place 'want' (a hand or the deck) from wherever the
 * enemy's unseen cards hold it, trading it for one from 'want' outside 'keep'. */
static void bring_card(struct world *w, int enemy, int card, uint32_t *want, uint32_t keep)
{
    uint32_t bit = (uint32_t)1 << card, tradable = *want & ~keep;
    if (*want & bit)
        return;
    uint32_t *from = (w->hand[enemy] & bit) ? &w->hand[enemy] : (w->deck & bit) ? &w->deck : NULL;
    if (!from || !tradable)
        return;
    uint32_t back = tradable & -tradable;
    *from = (*from & ~bit) | back;
    *want = (*want & ~back) | bit;
}

/* Cards the transition shows: one dealt to the side, the enemy's card on
 * the reveal, a hand shown for a redeal. */
static void place_shown_cards(struct world *w, int side, const struct observations *seen)
{
    int enemy = 1 - side;
    for (int i = 0; i < seen->count; i++) {
        const struct observation *o = &seen->list[i];
        if (o->kind == OBS_DECISION && decision_kind(o->value) == DECIDE_DEAL) {
            bring_card(w, enemy, decision_arg(o->value), &w->deck, 0);
        } else if (o->kind == OBS_CARDS && w->played[enemy]) {
            int card = enemy == SIDE_YORK ? o->a : o->b;
            uint32_t played = (uint32_t)1 << w->played[enemy];
            bring_card(w, enemy, card, &played, 0);
            w->played[enemy] = (uint8_t)__builtin_ctz(played);
        } else if (o->kind == OBS_SHOWS_HAND && o->a == enemy) {
            for (uint32_t left = o->value; left; left &= left - 1)
                bring_card(w, enemy, __builtin_ctz(left), &w->hand[enemy], o->value);
        }
    }
}

/* While the enemy recruits unseen, the sampler draws the block from its pool
 * at random; where the transition shows the area it went to (5.4), draw it
 * among the blocks that may go there instead, which saves most tries. */
static void recruit_that_fits(struct world *w, const struct view *v, const struct observation *first, uint64_t *rng)
{
    if (!v->enemy_recruiting || first->kind != OBS_DECISION || decision_kind(first->value) != DECIDE_AT)
        return;
    int area = decision_arg(first->value), enemy = 1 - v->side, n = 0, fits[BLOCK_COUNT];
    for (blockset left = w->pool & w->side_blocks[enemy] & ~w->face_down; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        if (recruitable(w, b) && recruit_place_ok(w, b, area))
            fits[n++] = b;
    }
    if (n)
        w->move.block = (uint8_t)fits[random_below(rng, n)];
}

/* ---- taking in a transition ---- */

/* Whether 'mine' is 'seen' exactly, or (for a transition still arriving)
 * begins with it. */
static bool fits_seen(const struct observations *mine, const struct observations *seen, bool prefix)
{
    if (prefix ? mine->count < seen->count : mine->count != seen->count)
        return false;
    return memcmp(mine->list, seen->list, sizeof seen->list[0] * (size_t)seen->count) == 0;
}

/* A world the side thinks possible that gives what was seen: the world
 * before the transition, the decision made in it, the world after, and
 * whether the transition shows no more than what was seen there. */
struct fitting_world {
    struct world before, after;
    decision made;
    bool whole;
};

/* Tries f->before, one candidate world: on success, f holds the rest. */
static bool try_world(struct belief *b, const struct observations *seen, bool prefix, struct fitting_world *f)
{
    struct observations mine;
    place_shown_cards(&f->before, b->side, seen);
    if (!pick_decision(&f->before, b->side, &seen->list[0], &b->rng, &f->made))
        return false;
    f->after = f->before;
    rules_apply(&f->after, f->made);
    observe(&f->before, f->made, &f->after, b->side, &mine);
    f->whole = mine.count == seen->count;
    return fits_seen(&mine, seen, prefix);
}

/* Looks for a world the side thinks possible that gives 'seen' (or, with
 * 'prefix', observations that begin with it): the belief first, then draws
 * from the side's view. On success, *found holds that world and what came
 * of it. */
static bool find_world(struct belief *b, const struct observations *seen, bool prefix, struct fitting_world *found,
                       char *error, size_t error_size)
{
    struct sampler sampler;
    struct view v;
    if (seen->count == 0) {
        return fail(error, error_size, "no observations: a transition shows at least its decision");
    }
    found->before = b->w;
    if (try_world(b, seen, prefix, found))
        return true;
    view_of(&b->w, b->side, &v);
    narrow_view(&v, seen, prefix);
    if (!sampler_init(&sampler, &v, &b->rng)) {
        return fail(error, error_size, "the faces revealed contradict what the side knew");
    }
    for (int tries = 0; tries < BELIEF_TRIES; tries++) {
        sampler_draw(&sampler, &b->rng, &found->before);
        recruit_that_fits(&found->before, &v, &seen->list[0], &b->rng);
        if (try_world(b, seen, prefix, found))
            return true;
    }
    return fail(error, error_size, "no world the side thinks possible gives these observations (%d tried)",
                BELIEF_TRIES);
}

bool belief_observe(struct belief *b, const struct observations *seen, char *error, size_t error_size)
{
    struct fitting_world found;
    uint64_t rng = b->rng;
    if (!find_world(b, seen, false, &found, error, error_size)) {
        b->rng = rng; /* unchanged, its random stream too */
        return false;
    }
    remember(b, &found.before, found.made);
    b->transitions++;
    b->w = found.after;
    return true;
}

bool belief_could_begin(const struct belief *b, const struct observations *seen, bool *whole, char *error,
                        size_t error_size)
{
    struct fitting_world found;
    struct belief trial = *b; /* its random stream too: the belief's own draws are left as they were */
    if (!find_world(&trial, seen, true, &found, error, error_size))
        return false;
    *whole = found.whole;
    return true;
}
