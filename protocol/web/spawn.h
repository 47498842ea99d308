/*
 * spawn.h: the r3 host processes of r3 web, one a game: started from this
 * very binary with pipes for their input and output, counted while they
 * live, reaped when they end, and stopped all at once when the server stops.
 * The server owns them as a struct spawn_hosts.
 */
#ifndef R3_SPAWN_H
#define R3_SPAWN_H

#include <sys/types.h>

/* The most hosts that can live at once, whatever --max-games says. */
#define SPAWN_MOST 256

/* A server's hosts. Set idle_s and line_limit_s, zero the rest, before the first spawn_host. */
struct spawn_hosts {
    /* What every host is told besides --restricted: its idle time and its
     * line limit in seconds, as r3 host's --idle and --line-limit take them
     * (0: the host's own default). */
    long idle_s, line_limit_s;
    pid_t live[SPAWN_MOST]; /* the hosts started and not yet reaped */
    int lives;
};

/* Starts `r3 host --restricted` (this binary, /proc/self/exe) with its
 * standard input and output on pipes, and stores the server's ends, both
 * non-blocking and closed on exec: to_host (its input) and from_host (its
 * output). Its standard error is the server's. Its pid, or -1 with errno
 * set (and nothing left open) when it could not start or SPAWN_MOST live. */
pid_t spawn_host(struct spawn_hosts *h, int *to_host, int *from_host);

/* How many started hosts have not been reaped. */
int spawn_live(const struct spawn_hosts *h);

/* Reaps every host that has ended, without waiting. */
void spawn_reap(struct spawn_hosts *h);

/* Stops every live host (SIGTERM) and waits until each has ended. */
void spawn_stop_all(struct spawn_hosts *h);

#endif
