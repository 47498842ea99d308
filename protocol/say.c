/* say.c: see say.h. */
#include "protocol/say.h"

#include <stdarg.h>

void say(FILE *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    flockfile(out);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    fflush(out);
    funlockfile(out);
    va_end(ap);
}
