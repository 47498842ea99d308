/* pool.c: see pool.h. */
#include "tuning/quality/pool.h"

#include <pthread.h>
#include <string.h>

#include "engine/core/clock.h"
#include "tuning/report/progress.h"
#include "tuning/report/workers.h"

_Static_assert(POOL_MAX_WORKERS <= WORKERS_MAX, "a worker each");

#define PROGRESS_EVERY_S 10

struct pool {
    const struct pool_job *job;
    pthread_mutex_t lock;
    long next, done;
    bool failed;
    char why[1000];
    double start;
};

static void work(void *context, int worker)
{
    struct pool *p = context;
    char why[sizeof p->why];
    pthread_mutex_lock(&p->lock);
    while (!p->failed && p->next < p->job->items) {
        long item = p->next++;
        pthread_mutex_unlock(&p->lock);
        bool ok = p->job->run(p->job->context, item, worker, why, sizeof why);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (!ok && !p->failed) {
            p->failed = true;
            memcpy(p->why, why, sizeof why);
        }
    }
    pthread_mutex_unlock(&p->lock);
}

static void print_progress(void *context)
{
    struct pool *p = context;
    pthread_mutex_lock(&p->lock);
    double seconds = clock_seconds() - p->start;
    fprintf(p->job->report, "%s: %ld/%ld %s (%.1f%%)", p->job->name, p->done, p->job->items, p->job->what,
            100.0 * (double)p->done / (double)p->job->items);
    if (p->done)
        progress_print_time_left(p->job->report, seconds / (double)p->done * (double)(p->job->items - p->done));
    fputc('\n', p->job->report);
    fflush(p->job->report);
    pthread_mutex_unlock(&p->lock);
}

bool pool_run(const struct pool_job *job, char *why, size_t size)
{
    int workers = job->workers < job->items ? job->workers : (int)job->items;
    struct pool p = {.job = job, .start = clock_seconds()};
    pthread_mutex_init(&p.lock, NULL);
    workers_run(&(struct workers){.count = workers,
                                  .work = work,
                                  .context = &p,
                                  .progress = job->report ? print_progress : NULL,
                                  .progress_every_s = PROGRESS_EVERY_S});
    pthread_mutex_destroy(&p.lock);
    if (p.failed)
        snprintf(why, size, "%s", p.why);
    return !p.failed;
}
