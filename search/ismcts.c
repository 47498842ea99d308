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
#include "search/policy.h"

#define MAX_DEPTH 1024      /* decisions in one descent; the tree is far shallower in practice */
#define PLAYOUT_BOUND 20000 /* decisions in one playout; a real game is about a tenth of that */

const struct ismcts_options ISMCTS_DEFAULT = {
    .kind = ISMCTS_INFORMATION_SET,
    .exploration = 0.2,
    .first_play = 10.0,
    .robust_choice = true,
    .playout_turns = 2,
    .weights = &EVAL_DEFAULT,
    .playout_policy = POLICY_HEURISTIC, /* stronger than random playouts in matches (docs/search.md) */
    .widening = 0.3,                    /* of the enemy's nodes; with exploration 0.2 (docs/STRENGTH.md) */
    .komi = 1.0}; /* wins the losing side more games against random and flat MC (docs/STRENGTH.md) */

#define KOMI_WORLDS \
    16 /* worlds whose evaluations make the root's mean: enough for a centre, cheap beside 1 iteration */

/* Dynamic komi (as in Go programs): York's mean evaluation logit over worlds
 * drawn from the root, times options.komi. Where one side is far ahead, every
 * playout's evaluation sits near 0 or 1 and the differences between
 * decisions drown in the noise and the exploration term; taking the root's
 * own level off spreads them around 1/2 again. A determinized tree has its
 * one world. */
static void set_komi(struct ismcts *s, uint64_t *rng)
{
    double sum = 0;
    s->komi_logit = 0;
    if (s->options.komi <= 0 || !s->can_sample)
        return;
    int worlds = s->options.kind == ISMCTS_DETERMINIZED ? 1 : KOMI_WORLDS;
    for (int i = 0; i < worlds; i++) {
        static _Thread_local struct world drawn;
        const struct world *w = &s->fixed;
        if (s->options.kind != ISMCTS_DETERMINIZED)
            sampler_draw(&s->sampler, rng, &drawn), w = &drawn;
        sum += eval_york_logit(w, s->options.weights);
    }
    s->komi_logit = s->options.komi * sum / worlds;
}

bool ismcts_begin(struct ismcts *s, const struct world *w, int side, const struct ismcts_options *o,
                  size_t memory_bytes, uint64_t *rng)
{
    struct view v;
    int trees = o->kind == ISMCTS_MULTIPLE_OBSERVER ? 2 : 1;
    size_t capacity = memory_bytes / trees / sizeof(struct ismcts_node);
    s->options = *o;
    if (!s->options.policy)
        s->options.policy = policy_table_builtin(); /* asked once here, never in a playout */
    s->tree[1] = (struct ismcts_tree){0};
    for (int i = 0; i < trees; i++) {
        struct ismcts_tree *t = &s->tree[i];
        t->capacity = capacity > UINT32_MAX ? UINT32_MAX : capacity < 1 ? 1 : (uint32_t)capacity;
        t->node = malloc((size_t)t->capacity * sizeof *t->node);
        if (!t->node) {
            ismcts_end(s);
            return false;
        }
        t->node[0] = (struct ismcts_node){.mover = (uint8_t)(1 - side)};
        t->count = 1;
    }
    s->side = side;
    s->lock = NULL;
    s->root = *w;
    s->iterations = s->nodes = 0;
    view_of(w, side, &v);
    s->can_sample = sampler_init(&s->sampler, &v, rng);
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

static uint32_t child_with_key(const struct ismcts_tree *t, uint32_t parent, decision key)
{
    for (uint32_t c = t->node[parent].child; c; c = t->node[c].sibling)
        if (t->node[c].key == key)
            return c;
    return 0;
}

/* Copies the subtree under 'top' into a fresh arena, breadth first, 'top'
 * becoming node 0; false if there is no memory for the copy. */
static bool keep_subtree(struct ismcts *s, uint32_t top)
{
    struct ismcts_node *fresh = malloc((size_t)s->capacity * sizeof *fresh);
    uint32_t *from = malloc((size_t)s->capacity * sizeof *from); /* each new node's old index */
    if (!fresh || !from) {
        free(fresh);
        free(from);
        return false;
    }
    uint32_t count = 1;
    from[0] = top;
    fresh[0] = s->node[top];
    fresh[0].sibling = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t last = 0;
        fresh[i].child = 0;
        for (uint32_t c = s->node[from[i]].child; c; c = s->node[c].sibling) {
            from[count] = c;
            fresh[count] = s->node[c];
            fresh[count].sibling = 0;
            if (last)
                fresh[last].sibling = count;
            else
                fresh[i].child = count;
            last = count++;
        }
    }
    free(from);
    free(s->node);
    s->node = fresh;
    s->count = count;
    return true;
}

bool ismcts_reroot(struct ismcts *s, const struct world *w, const decision *keys, int count, bool through_enemy,
                   uint64_t *rng)
{
    struct view v;
    uint32_t at = 0;
    for (int i = 0; i < count; i++)
        if (!(at = child_with_key(&s->tree[0], at, keys[i])) ||
            (s->tree[0].node[at].mover != s->side && !through_enemy))
            return false; /* an enemy's decision: the counts below it are stale (driver.c) */
    if (at && !keep_subtree(s, at))
        return false;
    s->root = *w;
    s->iterations = s->nodes = 0;
    view_of(w, s->side, &v);
    s->can_sample = sampler_init(&s->sampler, &v, rng);
    set_komi(s, rng);
    return true;
}

void ismcts_end(struct ismcts *s)
{
    for (int i = 0; i < 2; i++) {
        free(s->tree[i].node);
        s->tree[i].node = NULL;
    }
}

/* ---- one step down the tree ---- */

struct step {
    struct decisions legal;
    decision key[MAX_DECISIONS];
};

/* Keys in increasing order: an insertion sort, since a node has a few dozen
 * at most, and qsort's calls through a pointer cost more than the moves. */
static void sort_keys(decision *keys, int n)
{
    for (int i = 1; i < n; i++) {
        decision key = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > key; j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

/* A key in a sorted list, or NULL. Where a key is listed twice this halves
 * the range exactly as glibc's bsearch does, so it finds the same copy. */
static const decision *find_key(decision key, const decision *sorted, int n)
{
    int low = 0, high = n;
    while (low < high) {
        int middle = (low + high) / 2;
        if (key < sorted[middle])
            high = middle;
        else if (key > sorted[middle])
            low = middle + 1;
        else
            return &sorted[middle];
    }
    return NULL;
}

static double ucb(const struct ismcts *s, const struct ismcts_node *n)
{
    if (s->options.kind == ISMCTS_FLAT) /* uniform allocation: the least tried first */
        return n->visits ? -(double)n->visits : s->options.first_play;
    if (!n->visits)
        return s->options.first_play;
    double mean = n->reward / n->visits;
    return mean + s->options.exploration * sqrt(log((double)n->available) / n->visits);
}

/* One pass over the children at 'parent': counts the availability of those
 * whose keys are legal in this world and returns the best of them by UCB (0
 * if none), its value in *best_value; the legal keys no child has yet go into
 * 'fresh', their number into *nfresh. */
static uint32_t survey(const struct ismcts *s, struct ismcts_tree *t, uint32_t parent, const decision *sorted,
                       int count, decision *fresh, int *nfresh, double *best_value, int *navailable)
{
    static _Thread_local bool taken[MAX_DECISIONS];
    uint32_t best = 0;
    memset(taken, 0, (size_t)count);
    *best_value = -1e300;
    *navailable = 0;
    for (uint32_t c = t->node[parent].child; c; c = t->node[c].sibling) {
        const decision *at = find_key(t->node[c].key, sorted, count);
        if (!at)
            continue;
        t->node[c].available++;
        ++*navailable;
        taken[at - sorted] = true;
        double value = ucb(s, &t->node[c]);
        if (value > *best_value)
            *best_value = value, best = c;
    }
    *nfresh = 0;
    for (int i = 0; i < count; i++)
        if (!taken[i] && (i == 0 || sorted[i] != sorted[i - 1]))
            fresh[(*nfresh)++] = sorted[i];
    return best;
}

/* A decision of w with this key, drawn uniformly among those that have it. */
static decision decision_with_key(const struct step *st, decision key, uint64_t *rng)
{
    int matches = 0, pick = 0;
    for (int i = 0; i < st->legal.count; i++)
        if (st->key[i] == key && random_below(rng, ++matches) == 0)
            pick = i;
    return st->legal.list[pick];
}

static uint32_t add_child(struct ismcts_tree *t, uint32_t parent, decision key, int mover)
{
    uint32_t c = t->count++;
    t->node[c] =
        (struct ismcts_node){.sibling = t->node[parent].child, .key = key, .available = 1, .mover = (uint8_t)mover};
    t->node[parent].child = c;
    return c;
}

/* The side whose sight keys tree i's edges: the searching side's, or (MO) the enemy's. */
static int viewer(const struct ismcts *s, int i) { return i ? 1 - s->side : s->side; }

/* Flat Monte Carlo tries every child in turn, so it never widens. */
static bool widens(const struct ismcts *s) { return s->options.widening > 0 && s->options.kind != ISMCTS_FLAT; }

/* Progressive widening: may a node where 'actor' decides, seen 'visits'
 * times, with 'available' children legal in this world, take one more? Only
 * the enemy's nodes are narrowed: narrowing the side's own kept good but
 * unlikely moves out of its plans (docs/STRENGTH.md), where the enemy's
 * replies are better modelled by the few the policy likes. With the exponent
 * at 0, or at the side's own nodes, it always may, and first-play urgency
 * decides. */
static bool may_widen(const struct ismcts *s, int actor, uint32_t visits, int available)
{
    if (!widens(s) || actor == s->side)
        return true;
    return available < (int)ceil(pow((double)visits + 1.0, s->options.widening));
}

/* A fresh key to expand: uniform, or (with widening) drawn by the playout
 * policy's weights of the decisions that have it, so that a node seen
 * seldom plays as the playouts would rather than at random. At the side's
 * own nodes, which are not narrowed, this orders the first tries. */
static decision fresh_key(const struct ismcts *s, const struct world *w, const struct step *st, const decision *fresh,
                          int nfresh, uint64_t *rng)
{
    if (!widens(s))
        return fresh[random_below(rng, nfresh)];
    unsigned weight[MAX_DECISIONS] = {0};
    for (int i = 0; i < st->legal.count; i++) {
        const decision *at = find_key(st->key[i], fresh, nfresh);
        if (at)
            weight[at - fresh] += policy_weight(s->options.policy, w, st->legal.list[i]);
    }
    return fresh[policy_draw(weight, nfresh, rng)];
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

/* Chooses at 'parent' of tree i for the actor of w and returns the decision;
 * *child is the child taken (0 when the tree is full and nothing was added),
 * and *expanded is set if it is new. */
static decision choose(struct ismcts *s, int i, uint32_t parent, const struct world *w, uint64_t *rng, uint32_t *child,
                       bool *expanded)
{
    static _Thread_local struct step st;
    decision sorted[MAX_DECISIONS], fresh[MAX_DECISIONS];
    struct ismcts_tree *t = &s->tree[i];
    rules_legal(w, &st.legal);
    if (s->options.kind == ISMCTS_DETERMINIZED) /* nothing hidden */
        memcpy(st.key, st.legal.list, (size_t)st.legal.count * sizeof *st.key);
    else
        observe_keys(w, &st.legal, viewer(s, i), st.key);
    memcpy(sorted, st.key, (size_t)st.legal.count * sizeof *sorted);
    sort_keys(sorted, st.legal.count);
    int nfresh, navailable;
    double best_value;
    lock(s);
    uint32_t best = survey(s, t, parent, sorted, st.legal.count, fresh, &nfresh, &best_value, &navailable);
    if (nfresh && best_value <= s->options.first_play &&
        may_widen(s, rules_actor(w), t->node[parent].visits, navailable))
        best = 0; /* a key never tried is worth first_play */
    decision key;
    if (best) {
        key = t->node[best].key;
    } else {
        key = fresh_key(s, w, &st, fresh, nfresh, rng);
        if (t->count < t->capacity) {
            best = add_child(t, parent, key, rules_actor(w));
            *expanded = true;
        }
    }
    count_virtual_visit(s, t, best);
    unlock(s);
    *child = best;
    return decision_with_key(&st, key, rng);
}

/* MO: the tree that did not choose follows decision d down the edge its side
 * sees, adding it if new; 0 when the tree is full. */
static uint32_t follow(struct ismcts *s, int i, uint32_t parent, const struct world *w, decision d, bool *expanded)
{
    struct ismcts_tree *t = &s->tree[i];
    decision key = observe_key(w, d, viewer(s, i));
    lock(s);
    uint32_t c = child_with_key(t, parent, key);
    if (!c && t->count < t->capacity) {
        c = add_child(t, parent, key, rules_actor(w));
        *expanded = true;
    }
    count_virtual_visit(s, t, c);
    unlock(s);
    return c;
}

/* ---- playout and back-up ---- */

/* Plays w on by the options' policy (search/policy.h), counting the
 * decisions in *nodes; York's result in [0, 1], the komi taken off unless the
 * game is over: a win stays a win. */
static double playout(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes)
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
            rules_apply(w, policy_decide(s->options.playout_policy, s->options.policy, w, &legal, rng));
        }
        ++*nodes;
        int now = w->campaign * 16 + w->turn;
        if (now != last_turn && s->options.playout_turns && ++turns >= s->options.playout_turns)
            break;
        last_turn = now;
    }
    if (w->phase == PHASE_OVER || s->komi_logit == 0)
        return eval_win_probability(w, SIDE_YORK, s->options.weights);
    return 1.0 / (1.0 + exp(s->komi_logit - eval_york_logit(w, s->options.weights)));
}

/* One tree's way down in an iteration. */
struct descent {
    uint32_t at, path[MAX_DEPTH];
    int depth;
};

static bool go_down(struct descent *d, uint32_t child)
{
    if (!child)
        return false; /* the tree is full: play out from here */
    d->at = d->path[d->depth++] = child;
    return true;
}

/* Adds the result to the path's nodes; their visits too, unless the descent
 * counted them already (counted: a shared tree's virtual loss). */
static void back_up(struct ismcts_tree *t, const struct descent *d, double york, bool counted)
{
    for (int i = 0; i < d->depth; i++) {
        struct ismcts_node *n = &t->node[d->path[i]];
        n->visits += !counted;
        n->reward += (float)(n->mover == SIDE_YORK ? york : 1.0 - york);
    }
    t->node[0].visits++;
}

/* Down the tree(s) from the root to the first new node, a full tree or the
 * game's end, choosing and applying on w; the decisions applied are counted
 * in *nodes. */
static void descend(struct ismcts *s, struct descent down[2], int trees, struct world *w, uint64_t *rng, long *nodes)
{
    down[0].at = down[1].at = 0;
    down[0].depth = down[1].depth = 0;
    bool expanded = false, room = true;
    while (!expanded && room && w->phase != PHASE_OVER && down[0].depth < MAX_DEPTH && down[1].depth < MAX_DEPTH) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        ++*nodes;
        if (actor == ACTOR_CHANCE) {
            rules_apply(w, rules_chance(w, random_next(rng)));
            continue;
        }
        int chooser = trees == 2 && actor != s->side; /* MO: each side chooses in its own tree */
        uint32_t child;
        decision d = choose(s, chooser, down[chooser].at, w, rng, &child, &expanded);
        if (trees == 2)
            room = go_down(&down[!chooser], follow(s, !chooser, down[!chooser].at, w, d, &expanded));
        rules_apply(w, d);
        room = go_down(&down[chooser], child) && room;
        if (s->options.kind == ISMCTS_FLAT)
            break; /* no tree below the root's children */
    }
}

long ismcts_iterate_shared(struct ismcts *s, struct sampler *sampler, uint64_t *rng)
{
    static _Thread_local struct descent down[2];
    int trees = s->options.kind == ISMCTS_MULTIPLE_OBSERVER ? 2 : 1;
    long nodes = 0;
    struct world w;
    if (!s->can_sample)
        return 0;
    if (s->options.kind == ISMCTS_DETERMINIZED)
        world_copy(&w, &s->fixed);
    else
        sampler_draw(sampler, rng, &w);
    descend(s, down, trees, &w, rng, &nodes);
    double york = playout(s, &w, rng, &nodes);
    lock(s);
    for (int i = 0; i < trees; i++)
        back_up(&s->tree[i], &down[i], york, s->lock != NULL);
    s->iterations++;
    s->nodes += nodes;
    unlock(s);
    return nodes;
}

long ismcts_iterate(struct ismcts *s, uint64_t *rng) { return ismcts_iterate_shared(s, &s->sampler, rng); }

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
        for (uint32_t c = trees[t].node[0].child; c; c = trees[t].node[c].sibling)
            for (int i = 0; i < legal.count; i++)
                if (out[i].key == trees[t].node[c].key) {
                    out[i].visits += trees[t].node[c].visits;
                    out[i].reward += trees[t].node[c].reward;
                }
    return legal.count;
}

decision ismcts_best(const struct ismcts *trees, int count, double *value)
{
    static _Thread_local struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    double most = total[best].visits;
    if (!trees[0].options.robust_choice)
        for (int i = 0; i < n; i++)
            if (total[i].visits * 10 >= most && total[i].visits > 0 &&
                total[i].reward / total[i].visits > total[best].reward / total[best].visits)
                best = i;
    if (value)
        *value = total[best].visits > 0 ? total[best].reward / total[best].visits : 0.5;
    return total[best].key;
}

int ismcts_root_visits(const struct ismcts *trees, int count, decision *legal, long *visits)
{
    static _Thread_local struct root_total total[MAX_DECISIONS];
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
    static _Thread_local struct root_total total[MAX_DECISIONS];
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

int ismcts_pv(const struct ismcts *s, decision first, decision *pv, int max)
{
    const struct ismcts_tree *t = &s->tree[0];
    int length = 0;
    if (max < 1)
        return 0;
    pv[length++] = first;
    for (uint32_t node = child_with_key(t, 0, first); node && length < max;) {
        uint32_t most = 0;
        for (uint32_t c = t->node[node].child; c; c = t->node[c].sibling)
            if (!most || t->node[c].visits > t->node[most].visits)
                most = c;
        if (!most || t->node[most].visits < ISMCTS_PV_MIN_VISITS)
            break;
        pv[length++] = t->node[most].key;
        node = most;
    }
    return length;
}

/* The most visited root child of one tree, among the decisions legal in the belief. */
static decision tree_choice(const struct ismcts *tree)
{
    static _Thread_local struct root_total total[MAX_DECISIONS];
    int n = root_totals(tree, 1, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    return total[best].key;
}

decision ismcts_vote(const struct ismcts *trees, int count)
{
    static _Thread_local struct root_total total[MAX_DECISIONS];
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
