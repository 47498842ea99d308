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

static pid_t live[SPAWN_MOST];
static int lives;

static void forget(int i) { live[i] = live[--lives]; }

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

/* r3 host's words: "--restricted", and its settings where given. */
static char idle_word[24], line_word[24];
static char *argv[8] = {"r3", "host", "--restricted", NULL};

void spawn_configure(long idle_s, long line_limit_s)
{
    int n = 3;
    snprintf(idle_word, sizeof idle_word, "%ld", idle_s);
    snprintf(line_word, sizeof line_word, "%ld", line_limit_s);
    if (idle_s > 0)
        argv[n++] = "--idle", argv[n++] = idle_word;
    if (line_limit_s > 0)
        argv[n++] = "--line-limit", argv[n++] = line_word;
    argv[n] = NULL;
}

static pid_t start(int input, int output)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    pid_t pid = -1;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    int error = prepare(&actions, &attributes, input, output)
                    ? posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, environ)
                    : ENOMEM;
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error) {
        errno = error;
        return -1;
    }
    return pid;
}

pid_t spawn_host(int *to_host, int *from_host)
{
    int in[2], out[2];
    if (lives == SPAWN_MOST) {
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
    pid_t pid = start(in[0], out[1]);
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
    live[lives++] = pid;
    return pid;
}

int spawn_live(void) { return lives; }

void spawn_reap(void)
{
    for (int i = lives - 1; i >= 0; i--)
        if (waitpid(live[i], NULL, WNOHANG) == live[i])
            forget(i);
}

void spawn_stop_all(void)
{
    for (int i = 0; i < lives; i++)
        kill(live[i], SIGTERM);
    while (lives) {
        while (waitpid(live[lives - 1], NULL, 0) < 0 && errno == EINTR)
            ;
        lives--;
    }
}
