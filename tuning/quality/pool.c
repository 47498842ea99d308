/* pool.c: see pool.h. */
#include "tuning/quality/pool.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "engine/core/clock.h"
#include "tuning/report/progress.h"

#define PROGRESS_EVERY_S 10

struct pool {
    const struct pool_job *job;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    long next, done;
    int workers_left, worker_count;
    bool failed;
    char why[1000];
    double start;
};

struct worker {
    struct pool *p;
    int index;
};

static void *work(void *arg)
{
    struct worker *w = arg;
    struct pool *p = w->p;
    char why[sizeof p->why];
    pthread_mutex_lock(&p->lock);
    while (!p->failed && p->next < p->job->items) {
        long item = p->next++;
        pthread_mutex_unlock(&p->lock);
        bool ok = p->job->run(p->job->context, item, w->index, why, sizeof why);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (!ok && !p->failed) {
            p->failed = true;
            memcpy(p->why, why, sizeof why);
        }
    }
    p->workers_left--;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static void print_progress(const struct pool *p)
{
    double seconds = clock_seconds() - p->start;
    fprintf(p->job->report, "%s: %ld/%ld %s (%.1f%%)", p->job->name, p->done, p->job->items, p->job->what,
            100.0 * (double)p->done / (double)p->job->items);
    if (p->done)
        progress_print_time_left(p->job->report, seconds / (double)p->done * (double)(p->job->items - p->done));
    fputc('\n', p->job->report);
    fflush(p->job->report);
}

/* Progress every PROGRESS_EVERY_S seconds until the last worker is gone. */
static void watch(struct pool *p)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += PROGRESS_EVERY_S;
    pthread_mutex_lock(&p->lock);
    while (p->workers_left > 0)
        if (pthread_cond_timedwait(&p->changed, &p->lock, &deadline) == ETIMEDOUT) {
            if (p->job->report)
                print_progress(p);
            deadline.tv_sec += PROGRESS_EVERY_S;
        }
    pthread_mutex_unlock(&p->lock);
}

bool pool_run(const struct pool_job *job, char *why, size_t size)
{
    static struct pool p;
    pthread_t thread[POOL_MAX_WORKERS];
    struct worker worker[POOL_MAX_WORKERS];
    int workers = job->workers < job->items ? job->workers : (int)job->items, started = 0;
    p = (struct pool){.job = job, .workers_left = workers, .start = clock_seconds()};
    pthread_mutex_init(&p.lock, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&p.changed, &monotonic);
    pthread_condattr_destroy(&monotonic);
    for (int i = 0; i < workers; i++) {
        worker[started] = (struct worker){&p, started};
        if (pthread_create(&thread[started], NULL, work, &worker[started]) == 0)
            started++;
    }
    pthread_mutex_lock(&p.lock); /* the workers that could not be made leave no share behind */
    p.workers_left -= workers - started;
    pthread_mutex_unlock(&p.lock);
    if (!started) { /* no thread to be had: the work is done here */
        p.workers_left = 1;
        worker[0] = (struct worker){&p, 0};
        work(&worker[0]);
    }
    watch(&p);
    for (int i = 0; i < started; i++)
        pthread_join(thread[i], NULL);
    pthread_cond_destroy(&p.changed);
    pthread_mutex_destroy(&p.lock);
    if (p.failed)
        snprintf(why, size, "%s", p.why);
    return !p.failed;
}
