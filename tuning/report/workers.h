/*
 * workers.h: a long run's work shared among threads, with its progress told
 * while they run. Each worker has an index and does its whole share; how the
 * work is shared (a slice each, or items taken in turn) is the caller's, so
 * the results are the same however the threads are scheduled.
 */
#ifndef R3_WORKERS_H
#define R3_WORKERS_H

#define WORKERS_MAX 64

struct workers {
    int count;                               /* 0..WORKERS_MAX */
    void (*work)(void *context, int worker); /* worker's whole share, worker from 0 */
    void *context;
    /* Called on this thread every progress_every_s seconds while any worker
     * runs; NULL for none, and then worker 0 runs on this thread, which
     * would otherwise only wait. */
    void (*progress)(void *context);
    int progress_every_s;
};

/* Runs every worker, each on a thread of its own; a worker whose thread
 * cannot be made runs on this thread once the others have started, so all
 * of the work is done as with every thread. Returns when all are done. */
void workers_run(const struct workers *w);

#endif
