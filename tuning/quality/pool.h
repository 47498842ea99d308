/*
 * pool.h: the suite's work, item by item on worker threads: the references
 * of each position, or a player's searches of each. Items are handed out in
 * order and each writes only its own result, so the results do not depend
 * on the number of workers. A progress line with the time left goes out
 * every 10 s.
 */
#ifndef R3_POOL_H
#define R3_POOL_H

#include <stdbool.h>
#include <stdio.h>

#define POOL_MAX_WORKERS 64

struct pool_job {
    long items;
    int workers;
    /* Does item i; false stops the pool (the first failure's why stays). */
    bool (*run)(void *context, long item, int worker, char *why, size_t size);
    void *context;
    const char *what; /* "quality: 12/300 positions" names its items: "positions" */
    const char *name; /* the command, first on each progress line */
    FILE *report;     /* the progress lines, or NULL */
};

/* Runs every item, C at a time; true, or false with the first failure's why. */
bool pool_run(const struct pool_job *job, char *why, size_t size);

#endif
