/*
 * infer.c: see infer.h.
 */
#include "search/infer.h"

#include <math.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/hidden/view.h"
#include "engine/rules/action.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "search/policy.h"

const struct inference INFERENCE_DEFAULT = {.draws = 4, .power = 2, .recruit_power = 1, .surprise = 0.2};

/* A piece's odds never fall below this (a log-weight), however unlikely the
 * model finds what it did: the enemy is not the model. */
#define LEAST_LOG_WEIGHT (-6.0f)

/* The chance the model gives what the enemy was seen to do in w: the weight
 * of the decisions that fit the first observation over all the legal ones'. */
static double likelihood(const struct world *w, int side, const struct observation *first,
                         const struct policy_table *model, const struct inference *f)
{
    struct decisions legal;
    bool fits[MAX_DECISIONS];
    rules_legal(w, &legal);
    if (legal.count == 0 || rules_actor(w) != 1 - side)
        return 0;
    int n = belief_fitting(w, side, first, &legal, fits);
    double fitting = 0, total = 0;
    for (int i = 0; i < legal.count; i++) {
        double weight = policy_weight(model, w, legal.list[i]);
        total += weight;
        fitting += fits[i] ? weight : 0;
    }
    return (1 - f->surprise) * fitting / total + f->surprise * n / legal.count;
}

struct named_pieces {
    int enemy;
    uint32_t labels; /* bit l: label l + 1 */
};

/* Notes each of the enemy's face-down pieces a decision names. */
static int note_piece(int ref, const void *context)
{
    const struct named_pieces *n = context;
    if ((ref & 0x80) && (ref >> 5 & 1) == n->enemy)
        ((struct named_pieces *)n)->labels |= 1u << (ref & 31);
    return ref;
}

/* The labels of the enemy's pieces the transition is about: those its
 * decision names, the piece moving and the piece fighting, by bit. */
static uint32_t pieces_concerned(const struct view *v, const struct observation *first)
{
    struct named_pieces n = {1 - v->side, 0};
    if (first->kind != OBS_DECISION)
        return 0;
    decision_masked(first->value, note_piece, &n);
    if (v->moving_label)
        n.labels |= 1u << (v->moving_label - 1);
    if (v->actor_label)
        n.labels |= 1u << (v->actor_label - 1);
    return n.labels;
}

/* The mean likelihood of what was seen over worlds of v with piece l fixed
 * to candidate c and the rest drawn by the odds; -1 if no world has it so. */
static double likelihood_as(const struct view *v, int l, int c, const struct odds *odds,
                            const struct observation *first, const struct inference *f, uint64_t *rng)
{
    const struct policy_table *model = f->model ? f->model : policy_table_prior();
    struct view fixed = *v;
    struct sampler s;
    struct world w;
    fixed.piece[l].cand = 1u << c;
    if (!sampler_init(&s, &fixed, rng))
        return -1;
    sampler_weigh(&s, odds);
    double sum = 0;
    for (int d = 0; d < f->draws; d++) {
        sampler_draw(&s, rng, &w);
        sum += likelihood(&w, v->side, first, model, f);
    }
    return sum / f->draws;
}

/* Multiplies piece l's odds by the likelihood, as infer.h says. */
static void weigh_piece(const struct view *v, int l, struct odds *odds, const struct observation *first,
                        const struct inference *f, uint64_t *rng)
{
    double like[32];
    double most = 0;
    uint32_t cand = v->piece[l].cand;
    for (uint32_t left = cand; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        like[c] = likelihood_as(v, l, c, odds, first, f, rng);
        most = like[c] > most ? like[c] : most;
    }
    if (most <= 0)
        return; /* the model finds it impossible for every block: it says nothing */
    float *row = odds->log_weight[l], top = -INFINITY;
    for (uint32_t left = cand; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        if (like[c] >= 0)
            row[c] += (float)(f->power * log(fmax(like[c], 1e-9) / most));
        top = row[c] > top ? row[c] : top;
    }
    for (uint32_t left = cand; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        row[c] = fmaxf(row[c] - top, LEAST_LOG_WEIGHT);
    }
}

/* ---- a block recruited unseen ---- */

/* Brings a row of log-weights to its most at 0, none below the least. */
static void normalise(float *row, uint32_t cand)
{
    float top = -INFINITY;
    for (uint32_t left = cand; left; left &= left - 1)
        top = fmaxf(top, row[__builtin_ctz(left)]);
    for (uint32_t left = cand; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        row[c] = fmaxf(row[c] - top, LEAST_LOG_WEIGHT);
    }
}

/* The enemy's recruit was seen as "recruit ?": each block's odds are the
 * model's chance of recruiting it, over the worlds drawn from the view in
 * which its pool offers it. Whether it is in the pool at all is the other
 * pieces' identities, which the sampler already weighs. */
static void weigh_recruit_choice(const struct view *v, struct odds *odds, const struct inference *f, uint64_t *rng)
{
    const struct policy_table *model = f->model ? f->model : policy_table_prior();
    struct sampler s;
    struct decisions legal;
    struct world w;
    double chance[32] = {0};
    int offered[32] = {0};
    uint32_t seen = 0;
    int base = knowledge_base(v->side);
    if (!sampler_init(&s, v, rng))
        return;
    sampler_weigh(&s, odds);
    for (int d = 0; d < f->draws; d++) {
        sampler_draw(&s, rng, &w);
        rules_legal(&w, &legal);
        double total = 0, uniform = f->surprise / legal.count;
        for (int i = 0; i < legal.count; i++)
            total += policy_weight(model, &w, legal.list[i]);
        for (int i = 0; i < legal.count; i++)
            if (decision_kind(legal.list[i]) == DECIDE_RECRUIT) {
                int c = (decision_arg(legal.list[i]) - base) & 31;
                chance[c] += (1 - f->surprise) * policy_weight(model, &w, legal.list[i]) / total + uniform;
                offered[c]++;
                seen |= 1u << c;
            }
    }
    for (int c = 0; c < 32; c++)
        odds->recruiting[c] = seen >> c & 1 ? (float)(f->recruit_power * log(fmax(chance[c] / offered[c], 1e-9))) : 0;
    normalise(odds->recruiting, seen);
}

/* The enemy placed the block it recruited unseen: a block that may not go
 * there (5.4) is ruled out. Only that: how the enemy chooses among a block's
 * places the model does not know (the chance of each, taken as the model's,
 * lost 10 to 20 points of the bits saved in r3 quality-belief). */
static void weigh_recruit_place(const struct view *v, struct odds *odds, const struct observation *first,
                                const struct inference *f, uint64_t *rng)
{
    const struct policy_table *model = f->model ? f->model : policy_table_prior();
    struct sampler s;
    struct world w;
    double like[32] = {0};
    int offered[32] = {0};
    uint32_t tried = 0;
    int base = knowledge_base(v->side), enemy = 1 - v->side;
    if (!sampler_init(&s, v, rng))
        return;
    sampler_weigh(&s, odds);
    for (int d = 0; d < f->draws; d++) {
        sampler_draw(&s, rng, &w);
        for (blockset left = w.pool & w.side_blocks[enemy] & ~w.face_down; left; left &= left - 1) {
            int b = __builtin_ctzll(left);
            if (!recruitable(&w, b))
                continue;
            w.move.block = (uint8_t)b;
            like[(b - base) & 31] += likelihood(&w, v->side, first, model, f) > 0; /* may it go there */
            offered[(b - base) & 31]++;
            tried |= 1u << ((b - base) & 31);
        }
    }
    for (uint32_t left = tried; left; left &= left - 1) {
        int c = __builtin_ctz(left);
        odds->recruiting[c] += (float)(f->power * log(fmax(like[c] / offered[c], 1e-9)));
    }
    normalise(odds->recruiting, tried);
}

/* The piece the recruit put on the map takes the recruit's odds. */
static void label_recruit(struct belief *b, const struct view *before, struct odds *odds)
{
    struct view v;
    view_of(&b->w, b->side, &v);
    for (int l = 0; l < MAX_LABELS; l++)
        if (v.piece[l].cand && !before->piece[l].cand) {
            for (uint32_t left = v.piece[l].cand; left; left &= left - 1) {
                int c = __builtin_ctz(left);
                odds->log_weight[l][c] = odds->recruiting[c];
            }
            normalise(odds->log_weight[l], v.piece[l].cand);
        }
    memset(odds->recruiting, 0, sizeof odds->recruiting);
}

/* ---- the enemy's decision ---- */

static bool places_recruit(const struct view *v, const struct observation *first)
{
    return v->enemy_recruiting && first->kind == OBS_DECISION && decision_kind(first->value) == DECIDE_AT;
}

/* The odds the enemy's decision in the belief's world, seen as 'seen', gives. */
static void weigh_decision(const struct belief *b, const struct view *before, const struct observations *seen,
                           const struct inference *f, struct odds *odds)
{
    const struct view v = *before;
    uint64_t rng = view_key(&v) ^ ((uint64_t)b->transitions * 0x9e3779b97f4a7c15ull);
    if (seen->list[0].kind == OBS_RECRUIT_UNSEEN) {
        weigh_recruit_choice(&v, odds, f, &rng);
        return;
    }
    if (places_recruit(&v, &seen->list[0])) {
        weigh_recruit_place(&v, odds, &seen->list[0], f, &rng);
        return;
    }
    uint32_t concerned = pieces_concerned(&v, &seen->list[0]);
    for (; concerned; concerned &= concerned - 1) {
        int l = __builtin_ctz(concerned);
        uint32_t cand = v.piece[l].cand;
        if (cand & (cand - 1)) /* a piece the side can name already says nothing new */
            weigh_piece(&v, l, odds, &seen->list[0], f, &rng);
    }
}

/* A label no piece holds any more starts afresh when one takes it. */
static void forget_gone_pieces(const struct belief *b, struct odds *odds)
{
    struct view v;
    view_of(&b->w, b->side, &v);
    for (int l = 0; l < MAX_LABELS; l++)
        if (!v.piece[l].cand)
            memset(odds->log_weight[l], 0, sizeof odds->log_weight[l]);
}

bool infer_observe(struct belief *b, const struct observations *seen, const struct inference *f, char *error,
                   size_t error_size)
{
    if (!f || seen->count == 0)
        return belief_observe(b, seen, error, error_size);
    struct odds odds = b->odds;
    struct view before;
    view_of(&b->w, b->side, &before);
    bool enemy = rules_actor(&b->w) == 1 - b->side;
    if (enemy)
        weigh_decision(b, &before, seen, f, &odds);
    if (!belief_observe(b, seen, error, error_size))
        return false;
    forget_gone_pieces(b, &odds);
    if (enemy && places_recruit(&before, &seen->list[0]))
        label_recruit(b, &before, &odds);
    b->odds = odds;
    return true;
}
