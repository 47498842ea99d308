/* workers.c: see workers.h. */
#include "tuning/report/workers.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <time.h>

struct crew {
    const struct workers *w;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* on the monotonic clock, for the progress deadlines */
    int left;                /* workers not yet done */
};

struct member {
    struct crew *crew;
    int index;
};

static void *run_member(void *arg)
{
    struct member *m = arg;
    struct crew *c = m->crew;
    c->w->work(c->w->context, m->index);
    pthread_mutex_lock(&c->lock);
    c->left--;
    pthread_cond_broadcast(&c->finished);
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

/* Until the last worker is done, with the progress every progress_every_s
 * seconds (not while holding the lock: the callback takes the caller's). */
static void wait_for_all(struct crew *c)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += c->w->progress_every_s;
    pthread_mutex_lock(&c->lock);
    while (c->left > 0)
        if (pthread_cond_timedwait(&c->finished, &c->lock, &deadline) == ETIMEDOUT && c->left > 0) {
            pthread_mutex_unlock(&c->lock);
            c->w->progress(c->w->context);
            pthread_mutex_lock(&c->lock);
            deadline.tv_sec += c->w->progress_every_s;
        }
    pthread_mutex_unlock(&c->lock);
}

static void crew_init(struct crew *c, const struct workers *w)
{
    *c = (struct crew){.w = w, .left = w->count};
    pthread_mutex_init(&c->lock, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&c->finished, &monotonic);
    pthread_condattr_destroy(&monotonic);
}

void workers_run(const struct workers *w)
{
    struct crew c;
    struct member member[WORKERS_MAX];
    pthread_t thread[WORKERS_MAX];
    bool started[WORKERS_MAX] = {false};
    int here = w->progress ? -1 : 0; /* the worker this thread runs, if any */
    crew_init(&c, w);
    for (int i = 0; i < w->count; i++) {
        member[i] = (struct member){&c, i};
        started[i] = i != here && pthread_create(&thread[i], NULL, run_member, &member[i]) == 0;
    }
    for (int i = 0; i < w->count; i++)
        if (!started[i]) /* worker 'here', or no thread to be had: its share is done here */
            run_member(&member[i]);
    if (w->progress)
        wait_for_all(&c);
    for (int i = 0; i < w->count; i++)
        if (started[i])
            pthread_join(thread[i], NULL);
    pthread_cond_destroy(&c.finished);
    pthread_mutex_destroy(&c.lock);
}
