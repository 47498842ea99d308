/* text_file.c: see text_file.h. */
/* gnulib puts its own system headers (unistd.h) first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "engine/io/text_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/fail.h"

/* What a path that is not a regular file names, for the message. */
static const char *kind_of(mode_t mode)
{
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISSOCK(mode))
        return "a socket";
    return "something other than a file";
}

/* A regular file no bigger than the bound; false with why otherwise. */
static bool fits(int fd, long long max_bytes, const char *bound_why, char *why, size_t size)
{
    struct stat about;
    if (fstat(fd, &about) != 0)
        return fail(why, size, "cannot read it: %s", strerror(errno));
    if (!S_ISREG(about.st_mode))
        return fail(why, size,
                    "%s, not a regular file: only a regular file is read, which can neither block nor go on for ever",
                    kind_of(about.st_mode));
    if ((long long)about.st_size > max_bytes)
        return fail(why, size, "%lld bytes, over the bound of %lld (%s)", (long long)about.st_size, max_bytes,
                    bound_why);
    return true;
}

/* Back to blocking reads, and a stream on the descriptor. */
static FILE *stream_of(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        return NULL;
    return fdopen(fd, "r");
}

bool text_file_open(const char *path, long long max_bytes, const char *bound_why, FILE **out, char *why, size_t size)
{
    /* O_NONBLOCK: opening a FIFO that nobody writes returns at once instead
     * of waiting for a writer; O_NOCTTY: a terminal named here does not
     * become ours. Blocking reads come back once the file is known to be a
     * regular one. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return fail(why, size, "cannot read it: %s", strerror(errno));
    if (!fits(fd, max_bytes, bound_why, why, size)) {
        close(fd);
        return false;
    }
    if (!(*out = stream_of(fd))) {
        snprintf(why, size, "cannot read it: %s", strerror(errno));
        close(fd);
        return false;
    }
    return true;
}
