/*
 * spawn.c: see spawn.h. posix_spawn starts each host: nothing of the
 * server is left in it (every descriptor past standard error closed, the
 * signals the server catches or ignores back to their defaults), so that a
 * host ends at a broken pipe or a Ctrl-C as it would in a terminal.
 */
/* gnulib's configuration first: _GNU_SOURCE, for pipe2 and addclosefrom_np. */
#include <config.h>

#include "protocol/web/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void forget(struct spawn_hosts *h, int i) { h->live[i] = h->live[--h->lives]; }

/* The host's file actions and attributes: its pipes as 0 and 1, the rest closed, signals reset. */
static bool prepare(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes, int input, int output)
{
    sigset_t defaults, none;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGCHLD);
    return !posix_spawn_file_actions_adddup2(actions, input, 0) &&
           !posix_spawn_file_actions_adddup2(actions, output, 1) &&
           !posix_spawn_file_actions_addclosefrom_np(actions, 3) &&
           !posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) &&
           !posix_spawnattr_setsigdefault(attributes, &defaults) && !posix_spawnattr_setsigmask(attributes, &none);
}

/* r3 host's words: "--restricted", and its settings where given; argv points into idle and line. */
struct host_words {
    char *argv[8];
    char idle[24], line[24];
};

static void host_words(const struct spawn_hosts *h, struct host_words *w)
{
    int n = 0;
    w->argv[n++] = "r3", w->argv[n++] = "host", w->argv[n++] = "--restricted";
    snprintf(w->idle, sizeof w->idle, "%ld", h->idle_s);
    snprintf(w->line, sizeof w->line, "%ld", h->line_limit_s);
    if (h->idle_s > 0)
        w->argv[n++] = "--idle", w->argv[n++] = w->idle;
    if (h->line_limit_s > 0)
        w->argv[n++] = "--line-limit", w->argv[n++] = w->line;
    w->argv[n] = NULL;
}

static pid_t start(const struct spawn_hosts *h, int input, int output)
{
    struct host_words words;
    host_words(h, &words);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    pid_t pid = -1;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    int error = prepare(&actions, &attributes, input, output)
                    ? posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, words.argv, environ)
                    : ENOMEM;
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error) {
        errno = error;
        return -1;
    }
    return pid;
}

pid_t spawn_host(struct spawn_hosts *h, int *to_host, int *from_host)
{
    int in[2], out[2];
    if (h->lives == SPAWN_MOST) {
        errno = EAGAIN;
        return -1;
    }
    if (pipe2(in, O_CLOEXEC))
        return -1;
    if (pipe2(out, O_CLOEXEC)) {
        int e = errno;
        close(in[0]), close(in[1]);
        errno = e;
        return -1;
    }
    pid_t pid = start(h, in[0], out[1]);
    int e = errno;
    close(in[0]), close(out[1]);
    if (pid < 0) {
        close(in[1]), close(out[0]);
        errno = e;
        return -1;
    }
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    *to_host = in[1];
    *from_host = out[0];
    h->live[h->lives++] = pid;
    return pid;
}

int spawn_live(const struct spawn_hosts *h) { return h->lives; }

void spawn_reap(struct spawn_hosts *h)
{
    for (int i = h->lives - 1; i >= 0; i--)
        if (waitpid(h->live[i], NULL, WNOHANG) == h->live[i])
            forget(h, i);
}

void spawn_stop_all(struct spawn_hosts *h)
{
    for (int i = 0; i < h->lives; i++)
        kill(h->live[i], SIGTERM);
    while (h->lives) {
        while (waitpid(h->live[h->lives - 1], NULL, 0) < 0 && errno == EINTR)
            ;
        h->lives--;
    }
}
