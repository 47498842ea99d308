/*
 * value_fit.c: see value_fit.h. The gradient is back-propagated by hand
 * through the two clipped layers; tests/test_value_fit.c checks it against
 * finite differences.
 */
#include "tuning/fit/value_fit.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "tuning/report/workers.h"

_Static_assert(VALUE_THREADS_MOST <= WORKERS_MAX, "a worker each");

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPSILON 1e-8
#define W2_MOST ((float)NET_W2_MOST / NET_QB) /* the int16 copy's range of a second-layer weight */

double value_cross_entropy(double logit, double target)
{
    /* -(t ln p + (1 - t) ln(1 - p)) with p = logistic(logit), without overflow */
    return fmax(logit, 0) - logit * target + log1p(exp(-fabs(logit)));
}

static double base_of(const struct value_data *d, long i) { return d->base ? d->base[i] : 0; }

double value_logit(const struct net *n, const struct value_data *d, long i)
{
    return net_logit(n, d->index + d->first[i], d->count[i], NULL, NULL) + n->base * base_of(d, i);
}

/* Adds sample i's gradient into g; its loss. */
static double backward(const struct net *n, const struct value_data *d, long i, struct net *g)
{
    float h1[NET_HIDDEN], h2[NET_HIDDEN2], d1[NET_HIDDEN] = {0};
    const uint16_t *index = d->index + d->first[i];
    int count = d->count[i];
    double base = base_of(d, i), target = d->target[i];
    double logit = net_logit(n, index, count, h1, h2) + n->base * base;
    float out = (float)(1 / (1 + exp(-logit)) - target); /* d loss / d logit */
    g->base += out * (float)base;
    g->b3 += out;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        g->w3[v] += out * h2[v];
        if (h2[v] <= 0 || h2[v] >= 1)
            continue; /* clipped: no gradient through it */
        float d2 = out * n->w3[v];
        g->b2[v] += d2;
        for (int u = 0; u < NET_HIDDEN; u++) {
            g->w2[v][u] += d2 * h1[u];
            d1[u] += d2 * n->w2[v][u];
        }
    }
    for (int u = 0; u < NET_HIDDEN; u++)
        if (h1[u] <= 0 || h1[u] >= 1)
            d1[u] = 0;
    for (int u = 0; u < NET_HIDDEN; u++)
        g->b1[u] += d1[u];
    for (int k = 0; k < count; k++)
        for (int u = 0; u < NET_HIDDEN; u++)
            g->w1[index[k]][u] += d1[u];
    return value_cross_entropy(logit, target);
}

double value_loss(const struct net *n, const struct value_data *d, struct net *gradient)
{
    double sum = 0;
    for (long i = 0; i < d->samples; i++)
        sum += gradient ? backward(n, d, i, gradient) : value_cross_entropy(value_logit(n, d, i), d->target[i]);
    return d->samples ? sum / (double)d->samples : 0;
}

static float uniform(uint64_t *rng, float half)
{
    return (float)((double)(random_next(rng) >> 11) * 0x1p-53 * 2 - 1) * half;
}

void value_init(struct net *n, uint64_t seed)
{
    uint64_t rng = seed;
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int u = 0; u < NET_HIDDEN; u++)
            n->w1[f][u] = uniform(&rng, 0.02f);
    for (int u = 0; u < NET_HIDDEN; u++)
        n->b1[u] = 0.5f; /* the units start inside [0, 1], where gradients pass */
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++)
            n->w2[v][u] = uniform(&rng, 1.0f / 16); /* small: 1 / sqrt(256), the first networks' width */
        n->b2[v] = 0.5f;
        n->w3[v] = uniform(&rng, 0.01f); /* nearly silent: the start is the 17 weights' value */
    }
    n->b3 = 0;
    n->base = 1;
}

/* ---- Adam ---- */

struct adam {
    struct net m, v; /* the moments; a first-layer row's stand still while no minibatch uses it */
    long t;
};

/* One parameter's step from its minibatch's mean gradient g. */
static void adam_step(float *w, float *m, float *v, float g, double rate, double correction1, double correction2)
{
    *m = (float)(ADAM_BETA1 * *m + (1 - ADAM_BETA1) * g);
    *v = (float)(ADAM_BETA2 * *v + (1 - ADAM_BETA2) * g * g);
    *w -= (float)(rate * (*m / correction1) / (sqrt(*v / correction2) + ADAM_EPSILON));
}

/* Updates every parameter of the dense layers, and the first layer's rows in used[0..rows), by the
 * gradient g summed over the minibatch's samples. */
static void adam_update(struct net *n, struct adam *a, const struct net *g, const uint16_t *used, int rows, double rate,
                        long samples)
{
    a->t++;
    double c1 = 1 - pow(ADAM_BETA1, (double)a->t), c2 = 1 - pow(ADAM_BETA2, (double)a->t);
    float mean = 1.0f / (float)samples; /* g is summed over the minibatch: the mean where it is read */
    for (int r = 0; r < rows; r++)
        for (int u = 0; u < NET_HIDDEN; u++)
            adam_step(&n->w1[used[r]][u], &a->m.w1[used[r]][u], &a->v.w1[used[r]][u], g->w1[used[r]][u] * mean, rate,
                      c1, c2);
    for (int u = 0; u < NET_HIDDEN; u++)
        adam_step(&n->b1[u], &a->m.b1[u], &a->v.b1[u], g->b1[u] * mean, rate, c1, c2);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++) {
            adam_step(&n->w2[v][u], &a->m.w2[v][u], &a->v.w2[v][u], g->w2[v][u] * mean, rate, c1, c2);
            n->w2[v][u] = fmaxf(-W2_MOST, fminf(W2_MOST, n->w2[v][u]));
        }
        adam_step(&n->b2[v], &a->m.b2[v], &a->v.b2[v], g->b2[v] * mean, rate, c1, c2);
        adam_step(&n->w3[v], &a->m.w3[v], &a->v.w3[v], g->w3[v] * mean, rate, c1, c2);
    }
    adam_step(&n->b3, &a->m.b3, &a->v.b3, g->b3 * mean, rate, c1, c2);
    adam_step(&n->base, &a->m.base, &a->v.base, g->base * mean, rate, c1, c2);
}

/* ---- the epochs ---- */

/* One thread's share of a minibatch: the gradient of its samples and the
 * first-layer rows they touched. */
struct worker {
    const struct net *n;
    const struct value_data *d;
    const long *order;
    long from, to;
    struct net *gradient; /* all zero between minibatches */
    bool *row_used;       /* by feature */
    uint16_t *used;       /* the rows touched, rows of them */
    int rows;
    double loss;
};

static void work(void *context, int worker)
{
    struct worker *w = &((struct worker *)context)[worker];
    w->loss = 0;
    for (long k = w->from; k < w->to; k++) {
        long i = w->order[k];
        const uint16_t *index = w->d->index + w->d->first[i];
        w->loss += backward(w->n, w->d, i, w->gradient);
        for (int j = 0; j < w->d->count[i]; j++)
            if (!w->row_used[index[j]])
                w->row_used[index[j]] = true, w->used[w->rows++] = index[j];
    }
}

struct trainer {
    struct adam adam;
    struct net best;
    long *order;
    int threads;
    struct worker worker[VALUE_THREADS_MOST];
};

static void shuffle(long *order, long count, uint64_t *rng)
{
    for (long i = count - 1; i > 0; i--) {
        long j = (long)random_mod(random_next(rng), (uint64_t)i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
}

/* The floats of a net after the first layer's rows: the dense part. */
#define DENSE_FLOATS ((sizeof(struct net) - offsetof(struct net, b1)) / sizeof(float))

/* Adds worker k's gradient into worker 0's, rows and dense part. */
static void merge(struct worker *into, const struct worker *from)
{
    for (int r = 0; r < from->rows; r++) {
        int row = from->used[r];
        for (int u = 0; u < NET_HIDDEN; u++)
            into->gradient->w1[row][u] += from->gradient->w1[row][u];
        if (!into->row_used[row])
            into->row_used[row] = true, into->used[into->rows++] = (uint16_t)row;
    }
    float *to = into->gradient->b1;
    const float *add = from->gradient->b1;
    for (size_t i = 0; i < DENSE_FLOATS; i++)
        to[i] += add[i];
}

/* A worker's gradient back to zero where it was touched, not the whole net. */
static void clear(struct worker *w)
{
    for (int r = 0; r < w->rows; r++) {
        w->row_used[w->used[r]] = false;
        memset(w->gradient->w1[w->used[r]], 0, sizeof w->gradient->w1[0]);
    }
    w->rows = 0;
    memset(w->gradient->b1, 0, DENSE_FLOATS * sizeof(float));
}

/* One minibatch, the samples order[from..to) shared among the threads in
 * contiguous parts and their gradients added in thread order (so the same
 * number of threads gives the same network); the sum of their losses
 * before the step. */
static double minibatch(struct net *n, struct trainer *t, const struct value_data *d, long from, long to, double rate)
{
    long count = to - from;
    int parts = count < t->threads ? (int)count : t->threads;
    for (int k = 0; k < parts; k++) {
        struct worker *w = &t->worker[k];
        w->n = n, w->d = d, w->order = t->order;
        w->from = from + count * k / parts, w->to = from + count * (k + 1) / parts;
    }
    workers_run(&(struct workers){.count = parts, .work = work, .context = t->worker});
    double loss = t->worker[0].loss;
    for (int k = 1; k < parts; k++) {
        merge(&t->worker[0], &t->worker[k]);
        loss += t->worker[k].loss;
    }
    adam_update(n, &t->adam, t->worker[0].gradient, t->worker[0].used, t->worker[0].rows, rate, count);
    for (int k = 0; k < parts; k++)
        clear(&t->worker[k]);
    return loss;
}

static void trainer_free(struct trainer *t)
{
    if (!t)
        return;
    for (int k = 0; k < VALUE_THREADS_MOST; k++) {
        free(t->worker[k].gradient);
        free(t->worker[k].row_used);
        free(t->worker[k].used);
    }
    free(t->order);
    free(t);
}

static struct trainer *trainer_new(long samples, int threads)
{
    struct trainer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->threads = threads < 1 ? 1 : threads > VALUE_THREADS_MOST ? VALUE_THREADS_MOST : threads;
    bool ok = (t->order = malloc((size_t)(samples ? samples : 1) * sizeof *t->order)) != NULL;
    for (int k = 0; k < t->threads && ok; k++) {
        struct worker *w = &t->worker[k];
        ok = (w->gradient = calloc(1, sizeof *w->gradient)) && (w->row_used = calloc(FEATURE_COUNT, sizeof(bool))) &&
             (w->used = malloc(FEATURE_COUNT * sizeof *w->used));
    }
    if (!ok)
        trainer_free(t), t = NULL;
    return t;
}

bool value_train(struct net *n, const struct value_data *train, const struct value_data *validation,
                 const struct value_options *o, struct value_epoch *history, int *epochs)
{
    struct trainer *t = trainer_new(train->samples, o->threads);
    if (!t)
        return false;
    uint64_t rng = o->seed ^ 0x5851f42d4c957f2dull;
    double best = value_loss(n, validation, NULL); /* the start is kept if no epoch beats it */
    int since_best = 0;
    for (long i = 0; i < train->samples; i++)
        t->order[i] = i;
    t->best = *n;
    *epochs = 0;
    for (int e = 0; e < o->epochs && since_best < o->patience; e++) {
        double train_loss = 0;
        shuffle(t->order, train->samples, &rng);
        for (long from = 0; from < train->samples; from += o->batch)
            train_loss += minibatch(n, t, train, from,
                                    from + o->batch < train->samples ? from + o->batch : train->samples, o->rate);
        /* the training loss is the minibatches' as they came, as trainers report it: no second pass */
        history[e] = (struct value_epoch){train->samples ? train_loss / (double)train->samples : 0,
                                          value_loss(n, validation, NULL)};
        *epochs = e + 1;
        if (history[e].validation < best)
            best = history[e].validation, t->best = *n, since_best = 0;
        else
            since_best++;
    }
    *n = t->best;
    trainer_free(t);
    return true;
}
