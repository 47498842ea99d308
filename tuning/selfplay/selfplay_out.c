/*
 * selfplay_out.c: see selfplay_out.h. The signal handler only unlinks the
 * one temporary file (async-signal-safe) and dies of the signal as it would
 * have; gzip, if any, reads the end of its input and exits.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/selfplay/selfplay_out.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/fail.h"
#include "engine/io/whole_file.h"

/* The signal handler's state, the module's since a handler takes no context
 * pointer: the file it removes while one is open, and the handlers it stood
 * in for. So one selfplay output is open at a time. */
static char removing[SELFPLAY_PATH_MAX + 8];
enum { SIGNALS = 3 };
static struct sigaction previous[SIGNALS];
static const int SIGNAL[SIGNALS] = {SIGINT, SIGTERM, SIGHUP};

static void remove_and_die(int signal_number)
{
    if (removing[0])
        unlink(removing);
    struct sigaction fallback = {.sa_handler = SIG_DFL};
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void guard(const char *tmp, bool on)
{
    if (on) {
        snprintf(removing, sizeof removing, "%s", tmp);
        struct sigaction handler = {.sa_handler = remove_and_die};
        sigemptyset(&handler.sa_mask);
        for (int i = 0; i < SIGNALS; i++) {
            sigaction(SIGNAL[i], NULL, &previous[i]);
            if (SIGNAL[i] != SIGHUP || previous[i].sa_handler != SIG_IGN) /* nohup's stays ignored */
                sigaction(SIGNAL[i], &handler, NULL);
        }
    } else {
        for (int i = 0; i < SIGNALS; i++)
            sigaction(SIGNAL[i], &previous[i], NULL);
        removing[0] = '\0';
    }
}

static bool gzipped(const char *path)
{
    size_t n = strlen(path);
    return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* gzip -c from a pipe into the file 'into'; o->f the pipe's end to write. */
static bool start_gzip(struct selfplay_out *o, FILE *into)
{
    int ends[2];
    if (pipe(ends))
        return false;
    fflush(into);
    o->gzip = fork();
    if (o->gzip == 0) {
        dup2(ends[0], 0);
        dup2(fileno(into), 1);
        close(ends[0]), close(ends[1]);
        execlp("gzip", "gzip", "-c", (char *)NULL);
        _exit(127);
    }
    close(ends[0]);
    if (o->gzip < 0 || !(o->f = fdopen(ends[1], "w"))) {
        close(ends[1]);
        return false;
    }
    signal(SIGPIPE, SIG_IGN); /* a gzip that died is a write error, not the end of r3 */
    return true;
}

bool selfplay_out_open(struct selfplay_out *o, const char *path, char *why, size_t size)
{
    *o = (struct selfplay_out){.gzip = -1};
    if (strlen(path) >= SELFPLAY_PATH_MAX)
        return fail(why, size, "the path '%.60s...' is too long", path);
    snprintf(o->path, sizeof o->path, "%s", path);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp", path);
    FILE *file = fopen(o->tmp, "w");
    if (!file)
        return fail(why, size, "cannot write '%s': %s", o->tmp, strerror(errno));
    guard(o->tmp, true);
    if (!gzipped(path)) {
        o->f = file;
        return true;
    }
    bool started = start_gzip(o, file);
    fclose(file); /* gzip holds it now */
    if (!started) {
        selfplay_out_abandon(o);
        return fail(why, size, "cannot start gzip for '%s': %s", path, strerror(errno));
    }
    return true;
}

/* Closes the stream and waits for gzip; false if either failed. */
static bool close_all(struct selfplay_out *o)
{
    bool ok = o->f && !ferror(o->f);
    if (o->f && fclose(o->f) != 0)
        ok = false;
    o->f = NULL;
    if (o->gzip > 0) {
        int status;
        ok = waitpid(o->gzip, &status, 0) == o->gzip && WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
        o->gzip = -1;
    }
    return ok;
}

bool selfplay_out_commit(struct selfplay_out *o, char *why, size_t size)
{
    if (!close_all(o)) {
        snprintf(why, size, "writing '%s' failed%s", o->tmp, gzipped(o->path) ? " (or gzip did)" : "");
        selfplay_out_abandon(o);
        return false;
    }
    if (!whole_file_rename(o->tmp, o->path)) {
        snprintf(why, size, "cannot rename '%s' to '%s': %s", o->tmp, o->path, strerror(errno));
        selfplay_out_abandon(o);
        return false;
    }
    guard(o->tmp, false);
    return true;
}

void selfplay_out_abandon(struct selfplay_out *o)
{
    close_all(o);
    unlink(o->tmp);
    guard(o->tmp, false);
}
