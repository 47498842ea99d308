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

bool say_error(FILE *out, const char *code, const char *fmt, ...)
{
    char message[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    say(out, "error %s %s", code, message);
    return false;
}
