/* whole_file.c: see whole_file.h. */
/* gnulib puts its own system headers (unistd.h among them) first on the
 * include path; they need its config.h before anything else. */
#include <config.h>

#include "engine/io/whole_file.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* Not mkstemp: its file is 0600 whatever the umask. Opened exclusively with
 * 0666, the temporary gets the mode of any new file, and the name (the
 * process and a count) is still one no other writer uses. */
FILE *whole_file_open(const char *path, char *temporary, size_t size)
{
    static _Atomic unsigned opened;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
        if ((size_t)snprintf(temporary, size, "%s.tmp-%ld-%u", path, (long)getpid(), opened++) >= size)
            return errno = ENAMETOOLONG, NULL;
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out && fd >= 0) {
        int error = errno;
        close(fd);
        unlink(temporary);
        errno = error;
    }
    return out;
}

bool whole_file_close(FILE *out, bool written, const char *temporary)
{
    written = !ferror(out) && written;
    written = fclose(out) == 0 && written;
    if (!written) {
        int error = errno;
        unlink(temporary);
        errno = error;
    }
    return written;
}

bool whole_file_rename(const char *temporary, const char *path)
{
    if (rename(temporary, path) == 0)
        return true;
    int error = errno;
    unlink(temporary);
    errno = error;
    return false;
}
