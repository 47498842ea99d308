/* fail.c: see fail.h. */
#include "engine/core/fail.h"

#include <stdarg.h>
#include <stdio.h>

bool fail(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}
