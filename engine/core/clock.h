/*
 * clock.h: the monotonic clock in microseconds, for search deadlines, time
 * limits and speed reports. One definition, so every timer agrees.
 */
#ifndef R3_CLOCK_H
#define R3_CLOCK_H

#include <time.h>

static inline long clock_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static inline double clock_seconds(void) { return (double)clock_us() / 1e6; }

#endif
