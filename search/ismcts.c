/*
 * ismcts.c: see ismcts.h.
 *
 * Keys, not decisions, name the edges: where the searching side cannot tell
 * the enemy's decisions apart ("play ?", "recruit ?"), they share one edge,
 * and the enemy's pick among them is drawn uniformly. So the searching
 * side's later nodes never depend on what it could not have seen.
 */
#include "search/ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/hidden/observe.h"
#include "engine/rules/rules.h"
#include "eval/eval.h"
#include "search/evaluate.h"
#include "search/komi.h"
#include "search/level.h"
#include "search/policy.h"
#include "search/select.h"

#define PLAYOUT_BOUND 20000 /* decisions in one playout; a real game is about a tenth of that */

const struct ismcts_options ISMCTS_DEFAULT = {
    .kind = ISMCTS_INFORMATION_SET,
    .exploration = 0.2,
    .first_play = 10.0,
    .playout_turns = 2,
    .weights = &EVAL_DEFAULT,
    .playout_policy = POLICY_HEURISTIC, /* stronger than random playouts in matches (docs/search.md) */
    .prior = 0.5,                       /* PUCT: 170-30 against UCB1 at equal time in 1460 (docs/history/strength.md) */
    .widening = 0.3,                    /* of the enemy's nodes; with exploration 0.2 (docs/history/strength.md) */
    .komi = 1.0}; /* wins the losing side more games against random and flat MC (docs/history/strength.md) */

static bool same_weights(const struct eval_weights *a, const struct eval_weights *b)
{
    return a == b || (a && b && memcmp(a, b, sizeof *a) == 0);
}

static bool same_policy(const struct policy_table *a, const struct policy_table *b)
{
    a = a ? a : policy_table_builtin();
    b = b ? b : policy_table_builtin();
    return a == b || memcmp(a, b, sizeof *a) == 0;
}

/* The table the priors are drawn from. */
static const struct policy_table *prior_table(const struct ismcts_options *o)
{
    return o->prior_policy ? o->prior_policy : policy_table_prior();
}

bool ismcts_options_equal(const struct ismcts_options *a, const struct ismcts_options *b)
{
    return a->kind == b->kind && a->exploration == b->exploration && a->first_play == b->first_play &&
           a->playout_turns == b->playout_turns && same_weights(a->weights, b->weights) &&
           a->playout_policy == b->playout_policy && same_policy(a->policy, b->policy) && a->widening == b->widening &&
           a->komi == b->komi && a->prior == b->prior && a->rave == b->rave && a->mixed_card == b->mixed_card &&
           same_policy(prior_table(a), prior_table(b)) && (a->value != NULL) == (b->value != NULL) &&
           (!a->value || a->value_id == b->value_id) && !a->peek && !b->peek;
}

/* A fresh sampler of the view of w. */
static bool sampler_of(struct ismcts *s, const struct world *w, uint64_t *rng)
{
    struct view v;
    view_of(w, s->side, &v);
    if (!sampler_init(&s->sampler, &v, rng))
        return false;
    sampler_weigh(&s->sampler, s->options.odds);
    return true;
}

/* The leaves' evaluation, with the root's komi (search/komi.h); a
 * determinized tree has its one world. */
static void set_komi(struct ismcts *s, uint64_t *rng)
{
    s->eval = (struct evaluation){s->options.weights, s->options.value, 0};
    if (s->options.komi <= 0 || !s->can_sample)
        return;
    struct sampler *sampler = s->options.kind == ISMCTS_DETERMINIZED ? NULL : &s->sampler;
    s->eval.komi = komi_of_root(s->options.komi, &s->eval, sampler, &s->fixed, rng);
}

/* The root's card play (search/card_root.h), which only the information-set
 * tree settles: the baselines keep the enemy's card as drawn. */
static void begin_card_root(struct ismcts *s, const struct world *w)
{
    bool information_set = s->options.kind == ISMCTS_INFORMATION_SET;
    card_root_begin(&s->card, w, s->side, information_set && s->options.mixed_card,
                    information_set ? s->options.peek : NULL);
}

bool ismcts_begin(struct ismcts *s, const struct world *w, int side, const struct ismcts_options *o,
                  size_t memory_bytes, uint64_t *rng)
{
    s->options = *o;
    if (!s->options.policy)
        s->options.policy = policy_table_builtin(); /* asked once here, never in a playout */
    if (!s->options.prior_policy)
        s->options.prior_policy = policy_table_prior();
    if (!tree_begin(&s->tree, memory_bytes, 1 - side))
        return false;
    s->side = side;
    s->lock = NULL;
    s->root = *w;
    s->iterations = s->nodes = s->replies = 0;
    amaf_clear(&s->amaf);
    begin_card_root(s, w);
    s->can_sample = sampler_of(s, w, rng);
    if (s->can_sample && o->kind == ISMCTS_DETERMINIZED)
        sampler_draw(&s->sampler, rng, &s->fixed); /* PIMC: this tree's one world */
    set_komi(s, rng);
    return true;
}

bool ismcts_begin_on(struct ismcts *s, const struct world *w, const struct world *truth, int side,
                     const struct ismcts_options *o, size_t memory_bytes, uint64_t *rng)
{
    struct ismcts_options determinized = *o;
    determinized.kind = ISMCTS_DETERMINIZED;
    if (!ismcts_begin(s, w, side, &determinized, memory_bytes, rng))
        return false;
    s->fixed = *truth;
    s->can_sample = true;
    set_komi(s, rng);
    return true;
}

bool ismcts_reroot(struct ismcts *s, const struct world *w, const decision *keys, int count, bool through_enemy,
                   uint64_t *rng)
{
    uint32_t at = 0;
    for (int i = 0; i < count; i++)
        if (!(at = tree_child(&s->tree, at, keys[i])) || (s->tree.node[at].mover != s->side && !through_enemy))
            return false; /* an enemy's decision: the counts below it are stale (driver.c) */
    if (at && !tree_keep_subtree(&s->tree, at))
        return false;
    s->root = *w;
    s->iterations = s->nodes = s->replies = 0;
    amaf_clear(&s->amaf);
    begin_card_root(s, w);
    s->can_sample = sampler_of(s, w, rng);
    set_komi(s, rng);
    return true;
}

void ismcts_end(struct ismcts *s) { tree_end(&s->tree); }

/* ---- one step down the tree ---- */

/* A decision of w with this key, drawn uniformly among those that have it. */
static decision decision_with_key(const struct ismcts_scratch *st, decision key, uint64_t *rng)
{
    int matches = 0, pick = 0;
    for (int i = 0; i < st->legal.count; i++)
        if (st->key[i] == key && random_below(rng, ++matches) == 0)
            pick = i;
    return st->legal.list[pick];
}

/* A shared tree's nodes are read and written under its lock; the rules'
 * work between (the legal decisions, their keys, applying them) is done
 * outside it. */
static void lock(const struct ismcts *s)
{
    if (s->lock)
        pthread_spin_lock(s->lock);
}

static void unlock(const struct ismcts *s)
{
    if (s->lock)
        pthread_spin_unlock(s->lock);
}

/* A shared tree's virtual loss: the node taken counts its visit at once,
 * with no reward yet, so its mean falls until the playout's result comes
 * and the other threads spread over other paths meanwhile. */
static void count_virtual_visit(const struct ismcts *s, struct ismcts_tree *t, uint32_t node)
{
    if (s->lock && node)
        t->node[node].visits++;
}

/* The selection rules of this search (search/select.h). */
static struct select_rules rules_of(const struct ismcts *s)
{
    const struct ismcts_options *o = &s->options;
    return (struct select_rules){.flat = o->kind == ISMCTS_FLAT,
                                 .exploration = o->exploration,
                                 .first_play = o->first_play,
                                 .prior = o->prior,
                                 .widening = o->widening,
                                 .rave = o->rave,
                                 .policy = o->policy,
                                 .prior_policy = o->prior_policy,
                                 .amaf = &s->amaf,
                                 .side = s->side};
}

/* Chooses at 'parent' for the actor of w by the rules and returns the
 * decision; *child is the child taken (0 when the tree is full and nothing
 * was added), and *expanded is set if it is new. */
static decision choose(struct ismcts *s, const struct select_rules *rules, struct ismcts_scratch *st, uint32_t parent,
                       const struct world *w, uint64_t *rng, uint32_t *child, bool *expanded)
{
    struct select_node n;
    struct ismcts_tree *t = &s->tree;
    decision key;
    rules_legal(w, &st->legal);
    if (s->options.kind == ISMCTS_DETERMINIZED) /* nothing hidden */
        memcpy(st->key, st->legal.list, (size_t)st->legal.count * sizeof *st->key);
    else
        observe_keys(w, &st->legal, s->side, st->key);
    select_prepare(rules, &n, w, &st->legal, st->key);
    lock(s);
    uint32_t best = select_child(rules, &n, t, parent, rng, &key);
    if (!best && tree_has_room(t)) {
        best = tree_add_child(t, parent, key, n.actor);
        *expanded = true;
    }
    count_virtual_visit(s, t, best);
    unlock(s);
    *child = best;
    return decision_with_key(st, key, rng);
}

/* MixedCard at a card root: the side's card is regret matching's, drawn
 * before the descent (search/card_root.h); its child is found or added as
 * choose() would. */
static decision take_own_card(struct ismcts *s, struct ismcts_scratch *st, uint32_t *child, bool *expanded)
{
    struct ismcts_tree *t = &s->tree;
    decision card = st->pick.own;
    lock(s);
    uint32_t c = tree_child(t, 0, card);
    if (c)
        t->node[c].available++;
    else if (tree_has_room(t))
        c = tree_add_child(t, 0, card, s->side), *expanded = true;
    count_virtual_visit(s, t, c);
    unlock(s);
    *child = c;
    return card;
}

/* ---- playout and back-up ---- */

/* Plays w on by the options' policy (search/policy.h) for the options'
 * turns, counting the decisions in *nodes. */
static void play_on(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes, struct amaf_notes *notes,
                    struct card_pick *pick)
{
    struct decisions legal;
    int turns = 0, last_turn = w->campaign * 16 + w->turn;
    w->flags |= WORLD_NO_KNOWLEDGE; /* below the tree nobody's knowledge is asked */
    for (long n = 0; w->phase != PHASE_OVER && n < PLAYOUT_BOUND; n++) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        if (actor == ACTOR_CHANCE) {
            rules_apply(w, rules_chance(w, random_next(rng)));
        } else {
            rules_legal(w, &legal);
            decision d = card_root_enemy_play(
                pick, w, s->side, policy_decide(s->options.playout_policy, s->options.policy, w, &legal, rng));
            if (notes && actor == s->side)
                amaf_note(notes, d);
            rules_apply(w, d);
        }
        ++*nodes;
        int now = w->campaign * 16 + w->turn;
        if (now != last_turn && s->options.playout_turns && ++turns >= s->options.playout_turns)
            break;
        last_turn = now;
    }
}

/* York's result of an iteration from w, where the descent stopped: the
 * evaluation (search/evaluate.h) where the playout ends. */
static double playout(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes, struct amaf_notes *notes,
                      struct card_pick *pick)
{
    play_on(s, w, rng, nodes, notes, pick);
    return evaluate(w, SIDE_YORK, &s->eval);
}

static bool go_down(struct ismcts_descent *d, uint32_t child)
{
    if (!child)
        return false; /* the tree is full: play out from here */
    d->at = d->path[d->depth++] = child;
    return true;
}

/* Down the tree from the root to the first new node, a full tree or the
 * game's end, choosing and applying on w; chance is drawn and applied with
 * no node. The decisions applied are counted in *nodes. */
static void descend(struct ismcts *s, struct ismcts_scratch *scratch, struct world *w, uint64_t *rng, long *nodes,
                    bool *replied)
{
    const struct select_rules rules = rules_of(s);
    struct ismcts_descent *down = &scratch->down;
    down->at = 0;
    down->depth = 0;
    bool expanded = false;
    while (!expanded && w->phase != PHASE_OVER && down->depth < ISMCTS_MAX_DEPTH) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        ++*nodes;
        if (actor == ACTOR_CHANCE) {
            rules_apply(w, rules_chance(w, random_next(rng)));
            continue;
        }
        uint32_t child;
        decision d = down->depth == 0 && scratch->pick.own
                         ? take_own_card(s, scratch, &child, &expanded)
                         : card_root_enemy_play(&scratch->pick, w, s->side,
                                                choose(s, &rules, scratch, down->at, w, rng, &child, &expanded));
        if (s->options.rave > 0 && actor == s->side)
            amaf_note(&scratch->notes, d); /* the side's own keys are its decisions */
        rules_apply(w, d);
        *replied |= child && actor != s->side;
        if (!go_down(down, child) || s->options.kind == ISMCTS_FLAT)
            break; /* a full tree, or (flat) no tree below the root's children */
    }
}

long ismcts_iterate_shared(struct ismcts *s, struct sampler *sampler, struct ismcts_scratch *scratch, uint64_t *rng)
{
    long nodes = 0;
    struct world w;
    if (!s->can_sample)
        return 0;
    if (s->options.kind == ISMCTS_DETERMINIZED)
        world_copy(&w, &s->fixed);
    else
        sampler_draw(sampler, rng, &w);
    lock(s);
    card_root_deal(&s->card, &w, &scratch->pick, rng);
    unlock(s);
    bool replied = false;
    struct amaf_notes *notes = s->options.rave > 0 ? &scratch->notes : NULL;
    scratch->notes.count = 0;
    descend(s, scratch, &w, rng, &nodes, &replied);
    double york = playout(s, &w, rng, &nodes, notes, &scratch->pick);
    lock(s);
    if (notes)
        amaf_count(&s->amaf, notes, (uint32_t)s->iterations + 1, york);
    tree_back_up(&s->tree, scratch->down.path, scratch->down.depth, york, s->lock != NULL);
    card_root_learn(&s->card, &scratch->pick, york);
    s->iterations++;
    s->replies += replied;
    s->nodes += nodes;
    unlock(s);
    return nodes;
}

long ismcts_iterate(struct ismcts *s, uint64_t *rng) { return ismcts_iterate_shared(s, &s->sampler, &s->scratch, rng); }

struct root_total {
    decision key;
    double visits, reward;
};

/* The root's children of every tree, summed by key, for the keys legal in the belief. */
static int root_totals(const struct ismcts *trees, int count, struct root_total *out)
{
    struct decisions legal;
    rules_legal(&trees[0].root, &legal);
    for (int i = 0; i < legal.count; i++) /* only decisions legal in the side's own belief */
        out[i] = (struct root_total){legal.list[i], 0, 0};
    for (int t = 0; t < count; t++)
        for (uint32_t c = trees[t].tree.node[0].child; c; c = trees[t].tree.node[c].sibling)
            for (int i = 0; i < legal.count; i++)
                if (out[i].key == trees[t].tree.node[c].key) {
                    out[i].visits += trees[t].tree.node[c].visits;
                    out[i].reward += trees[t].tree.node[c].reward;
                }
    return legal.count;
}

decision ismcts_best(const struct ismcts *trees, int count, double *value)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    double most = total[best].visits;
    if (trees[0].options.kind == ISMCTS_FLAT) /* visits are even by design: choose by value */
        for (int i = 0; i < n; i++)
            if (total[i].visits * 10 >= most && total[i].visits > 0 &&
                total[i].reward / total[i].visits > total[best].reward / total[best].visits)
                best = i;
    if (value)
        *value = total[best].visits > 0 ? total[best].reward / total[best].visits : 0.5;
    return total[best].key;
}

decision ismcts_pick(const struct ismcts *trees, int count, double temperature, double floor, uint64_t *rng)
{
    struct root_total total[MAX_DECISIONS];
    double value[MAX_DECISIONS];
    long visits[MAX_DECISIONS];
    int n = root_totals(trees, count, total);
    for (int i = 0; i < n; i++) {
        visits[i] = (long)total[i].visits;
        value[i] = total[i].visits > 0 ? total[i].reward / total[i].visits : 0;
    }
    return total[level_draw(value, visits, n, temperature, floor, rng)].key;
}

int ismcts_root_visits(const struct ismcts *trees, int count, decision *legal, long *visits)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total);
    for (int i = 0; i < n; i++) {
        legal[i] = total[i].key;
        visits[i] = (long)total[i].visits;
    }
    return n;
}

/* The untaken total with the most visits (the first of equals), or -1. */
static int most_visited(const struct root_total *total, int n, const bool *taken)
{
    int most = -1;
    for (int i = 0; i < n; i++)
        if (!taken[i] && (most < 0 || total[i].visits > total[most].visits))
            most = i;
    return most;
}

static struct ismcts_line line_of(const struct root_total *t)
{
    return (struct ismcts_line){t->key, (long)t->visits, t->visits > 0 ? t->reward / t->visits : 0.5};
}

int ismcts_root_lines(const struct ismcts *trees, int count, decision first, struct ismcts_line *out, int max)
{
    struct root_total total[MAX_DECISIONS];
    bool taken[MAX_DECISIONS] = {false};
    int n = root_totals(trees, count, total), lines = 0;
    for (int i = 0; i < n && max > 0; i++)
        if (total[i].key == first) { /* the search's choice leads, whatever its visits */
            taken[i] = true;
            out[lines++] = line_of(&total[i]);
            break;
        }
    for (int next; lines < max && (next = most_visited(total, n, taken)) >= 0; lines++) {
        taken[next] = true;
        out[lines] = line_of(&total[next]);
    }
    return lines;
}

bool ismcts_card_strategy(const struct ismcts *trees, int count, struct card_strategy *out)
{
    double total[CARD_COUNT + 1] = {0};
    if (!trees[0].card.mixed)
        return false;
    for (int t = 0; t < count; t++)
        for (int card = 1; card <= CARD_COUNT; card++)
            total[card] += trees[t].card.total[card];
    card_strategy_make(total, trees[0].card.hand, out);
    return true;
}

/* The most visited root child of one tree, among the decisions legal in the belief. */
static decision tree_choice(const struct ismcts *tree)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(tree, 1, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    return total[best].key;
}

decision ismcts_vote(const struct ismcts *trees, int count)
{
    struct root_total total[MAX_DECISIONS];
    int votes[MAX_DECISIONS] = {0};
    int n = root_totals(trees, count, total), best = 0;
    for (int t = 0; t < count; t++) {
        decision choice = tree_choice(&trees[t]);
        for (int i = 0; i < n; i++)
            votes[i] += total[i].key == choice;
    }
    for (int i = 1; i < n; i++)
        if (votes[i] > votes[best] || (votes[i] == votes[best] && total[i].visits > total[best].visits))
            best = i;
    return total[best].key;
}
