/* say.c: see say.h. */
#include "protocol/ai/say.h"

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

/* An error often quotes the client's own words back. Any byte that is not
 * printable ASCII (a control character, DEL, or an 8-bit byte of some other
 * encoding) goes out as \xHH, so the answer is one clean line whatever came in. */
static void escape_unprintable(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c && n + 5 <= size; c++)
        n += (size_t)(*c >= 0x20 && *c < 0x7f ? snprintf(out + n, size - n, "%c", *c)
                                              : snprintf(out + n, size - n, "\\x%02x", *c));
    out[n] = '\0';
}

bool say_error(FILE *out, const char *code, const char *fmt, ...)
{
    char message[600], shown[4 * sizeof message + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    escape_unprintable(message, shown, sizeof shown);
    say(out, "error %s %s", code, shown);
    return false;
}
