/*
 * sample.c: see sample.h. Every hidden fact written here comes from the view
 * and the generator, never from the world the view was taken of.
 */
#include "engine/hidden/sample.h"

#include <math.h>

#include "engine/core/places.h"
#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/action.h"
#include "engine/rules/supply.h"

static int nth_bit(uint64_t mask, int n)
{
    while (n--)
        mask &= mask - 1;
    return __builtin_ctzll(mask);
}

static int random_bit(uint64_t mask, uint64_t *rng) { return nth_bit(mask, random_below(rng, bits_count(mask))); }

static int enemy_of(const struct sampler *s) { return 1 - s->view.side; }

/* One step of the chain: piece p tries identity c; it takes c if c is free,
 * or swaps with c's holder if that one may be p's identity. The proposal is
 * symmetric, so the chain's stationary distribution is uniform; with odds,
 * the step is taken with the Metropolis probability min(1, the ratio of the
 * weights after to before), and the stationary distribution is the odds'. */
static bool single(uint32_t set) { return !(set & (set - 1)); }

static bool metropolis_accepts(const struct sampler *s, double after, double before, uint64_t *rng)
{
    if (!s->weighted || after >= before)
        return true;
    return (double)(random_next(rng) >> 11) * 0x1p-53 * before < after;
}

static void chain_step(struct sampler *s, uint64_t *rng)
{
    int p = random_below(rng, s->pieces);
    if (single(s->cand[p])) { /* it can only try its own identity: nothing moves */
        random_skip(rng, 1);
        return;
    }
    int c = random_bit(s->cand[p], rng);
    int mine = s->match[p], q = s->owner[c];
    if (q < 0) {
        if (!metropolis_accepts(s, s->weight[p][c], s->weight[p][mine], rng))
            return;
        s->owner[mine] = -1;
    } else if (q != p && (s->cand[q] >> mine & 1)) {
        if (!metropolis_accepts(s, (double)s->weight[p][c] * s->weight[q][mine],
                                (double)s->weight[p][mine] * s->weight[q][c], rng))
            return;
        s->match[q] = (int8_t)mine;
        s->owner[mine] = (int8_t)q;
    } else {
        return;
    }
    s->match[p] = (int8_t)c;
    s->owner[c] = (int8_t)p;
}

/* The candidates of a mask from bit 'start' upwards, then those below it. */
static int next_candidate(uint32_t *left, int start)
{
    uint32_t high = *left & (~0u << start);
    int c = __builtin_ctz(high ? high : *left);
    *left &= ~(1u << c);
    return c;
}

/* Kuhn's augmenting path for piece p, trying candidates from a random one on. */
static bool find_assignment(struct sampler *s, int p, uint32_t *visited, uint64_t *rng)
{
    for (uint32_t left = s->cand[p] & ~*visited; left;) {
        int c;
        if (single(left)) { /* where the draw starts does not matter */
            random_skip(rng, 1);
            c = next_candidate(&left, 0);
        } else {
            c = next_candidate(&left, random_below(rng, 32));
        }
        *visited |= 1u << c;
        left &= ~*visited;
        if (s->owner[c] < 0 || find_assignment(s, s->owner[c], visited, rng)) {
            s->owner[c] = (int8_t)p;
            s->match[p] = (int8_t)c;
            return true;
        }
    }
    return false;
}

/* A fresh one-to-one assignment, built with the candidates tried in random
 * order. Every assignment can come out of it (each piece may try its own
 * identity in it first), which the chain alone cannot promise: its moves and
 * swaps never turn a cycle of three or more pieces, each of which may be the
 * next one's identity, from one way round to the other. */
static bool random_assignment(struct sampler *s, uint64_t *rng)
{
    for (int c = 0; c < 32; c++)
        s->owner[c] = -1;
    for (int p = 0; p < s->pieces; p++) {
        uint32_t visited = 0;
        if (!find_assignment(s, p, &visited, rng))
            return false;
    }
    return true;
}

bool sampler_init(struct sampler *s, const struct view *v, uint64_t *rng)
{
    s->view = *v;
    s->pieces = 0;
    int enemy = enemy_of(s);
    const struct world *w = &v->w;
    uint32_t open = cand_mask(w->pool & ~w->face_down & w->side_blocks[enemy], v->side);
    for (int l = 0; l < MAX_LABELS; l++)
        if (v->piece[l].cand) {
            s->label[s->pieces] = (uint8_t)(l + 1);
            s->cand[s->pieces++] = v->piece[l].cand & open;
        }
    s->steps = 6 * s->pieces + 10;
    s->weighted = s->recruit_weighted = false;
    s->all_single = s->pieces > 0; /* with no pieces the chain takes no steps at all */
    for (int i = 0; i < s->pieces; i++)
        s->all_single = s->all_single && single(s->cand[i]);
    return random_assignment(s, rng);
}

void sampler_weigh(struct sampler *s, const struct odds *o)
{
    bool any = false;
    for (int i = 0; o && i < s->pieces; i++)
        for (int c = 0; c < 32; c++) {
            float log_weight = (s->cand[i] >> c & 1) ? o->log_weight[s->label[i] - 1][c] : 0;
            s->weight[i][c] = expf(log_weight); /* once here, so that a step only multiplies */
            any |= log_weight != 0;
        }
    s->recruit_weighted = false;
    for (int c = 0; o && c < 32; c++) {
        s->recruit_weight[c] = o->recruiting[c];
        s->recruit_weighted |= o->recruiting[c] != 0;
    }
    /* As many steps as without odds: the chain leans to them from an
     * assignment drawn without regard to them, short of forgetting it all.
     * Three times the steps, nearer the odds' own distribution, saved no more
     * bits in r3 quality-belief (13.4% against 17.5%, seed 41) and made a
     * draw take 1.8 times as long. */
    s->weighted = any;
}

static int random_strength(int kind, int value, int full, uint64_t *rng)
{
    if (kind == KNOW_DEFICIT)
        return full - value;
    int most = value + 1 < full ? value + 1 : full;
    return kind == KNOW_AT_MOST ? 1 + random_below(rng, most) : full;
}

/* Known enemy blocks whose strength the side saw only as "at most". */
static void draw_known_strengths(const struct sampler *s, struct world *out, uint64_t *rng)
{
    for (blockset left = out->know.vague & out->side_blocks[enemy_of(s)]; left; left &= left - 1) {
        int b = __builtin_ctzll(left), value, kind = world_strength_knowledge(out, b, &value);
        world_set_steps(out, b, random_strength(kind, value, BLOCK_INFO[b].steps, rng));
    }
}

static void place_piece(const struct sampler *s, int i, struct world *out, uint64_t *rng)
{
    const struct view *v = &s->view;
    const struct view_piece *p = &v->piece[s->label[i] - 1];
    int b = s->match[i] + knowledge_base(v->side);
    world_place(out, b, p->area);
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        world_set_flag(out, b, f, p->flags >> f & 1);
    if (p->acted)
        out->acted |= block_bit(b);
    out->know.label[b] = s->label[i];
    out->know.cand[b] = p->cand;
    world_set_strength_knowledge(out, b, p->strength_kind, p->strength_value);
    world_set_steps(out, b, random_strength(p->strength_kind, p->strength_value, BLOCK_INFO[b].steps, rng));
    if (v->moving_label == s->label[i])
        out->move.block = (uint8_t)b;
    if (v->actor_label == s->label[i])
        out->battle.actor = (uint8_t)b;
    if (v->target_label == s->label[i])
        out->battle.target = (uint8_t)b;
}

static uint32_t take_cards(uint32_t *from, int count, uint64_t *rng)
{
    uint32_t taken = 0;
    for (int i = 0; i < count && *from; i++) {
        uint32_t card = (uint32_t)1 << random_bit(*from, rng);
        taken |= card;
        *from &= ~card;
    }
    return taken;
}

static void draw_cards(const struct sampler *s, struct world *out, uint64_t *rng)
{
    const struct view *v = &s->view;
    int enemy = enemy_of(s);
    uint32_t unseen = v->unseen_cards;
    if (v->enemy_card_down)
        out->played[enemy] = (uint8_t)__builtin_ctz(take_cards(&unseen, 1, rng));
    if (!out->hand[enemy]) /* unless shown for a redeal */
        out->hand[enemy] = take_cards(&unseen, v->enemy_hand, rng);
    out->deck = unseen;
}

/* The enemy's steps lost this supply phase went to blocks the side did not see (7.1). */
static void draw_supply_losses(const struct sampler *s, struct world *out, uint64_t *rng)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        if (!s->view.supply_losses[a])
            continue;
        blockset open = supply_counted(out, a) & out->side_blocks[enemy_of(s)] & ~out->acted;
        for (int k = 0; k < s->view.supply_losses[a] && open; k++) {
            blockset pick = block_bit(random_bit(open, rng));
            out->acted |= pick;
            open &= ~pick;
        }
    }
}

static blockset recruitable_pool(const struct sampler *s, const struct world *out)
{
    blockset set = 0;
    for (blockset left = out->pool & out->side_blocks[enemy_of(s)] & ~out->face_down; left; left &= left - 1)
        if (recruitable(out, __builtin_ctzll(left)))
            set |= left & -left;
    return set;
}

/* A block of 'choices' drawn in proportion to exp(its recruit weight). */
static int weighted_bit(const struct sampler *s, blockset choices, uint64_t *rng)
{
    int base = knowledge_base(s->view.side), last = -1;
    double total = 0, weight[BLOCK_COUNT];
    for (blockset left = choices; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        total += weight[b] = exp(s->recruit_weight[(b - base) & 31]);
    }
    double pick = (double)(random_next(rng) >> 11) * 0x1p-53 * total;
    for (blockset left = choices; left; left &= left - 1) {
        last = __builtin_ctzll(left);
        if ((pick -= weight[last]) < 0)
            break;
    }
    return last;
}

static void draw_once(struct sampler *s, uint64_t *rng, struct world *out)
{
    random_assignment(s, rng); /* cannot fail: sampler_init found one */
    if (s->all_single)         /* no step can move anything: only the generator moves on, two draws a step */
        random_skip(rng, 2 * (uint64_t)s->steps);
    else
        for (int i = 0; s->pieces && i < s->steps; i++)
            chain_step(s, rng);
    world_copy(out, &s->view.w);
    draw_known_strengths(s, out, rng);
    for (int i = 0; i < s->pieces; i++)
        place_piece(s, i, out, rng);
    draw_cards(s, out, rng);
    draw_supply_losses(s, out, rng);
}

void sampler_draw(struct sampler *s, uint64_t *rng, struct world *out)
{
    draw_once(s, rng, out);
    if (!s->view.enemy_recruiting)
        return;
    /* The enemy chose a block to recruit: one that can be recruited, drawn
     * from the pool this assignment leaves. */
    blockset choices = recruitable_pool(s, out);
    for (int tries = 0; !choices && tries < 100; tries++) {
        draw_once(s, rng, out);
        choices = recruitable_pool(s, out);
    }
    if (choices)
        out->move.block = (uint8_t)(s->recruit_weighted ? weighted_bit(s, choices, rng) : random_bit(choices, rng));
}

bool sample_world(const struct world *w, int side, uint64_t *rng, struct world *out)
{
    struct sampler s;
    struct view v;
    view_of(w, side, &v);
    if (!sampler_init(&s, &v, rng))
        return false;
    sampler_draw(&s, rng, out);
    return true;
}
