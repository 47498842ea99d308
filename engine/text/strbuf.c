/* strbuf.c: see strbuf.h. */
#include "engine/text/strbuf.h"

#include <stdarg.h>
#include <stdio.h>

void strbuf_init(struct strbuf *sb, char *data, size_t size)
{
    sb->data = data;
    sb->size = size;
    sb->length = 0;
    if (size)
        data[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const char *fmt, ...)
{
    size_t room = sb->length < sb->size ? sb->size - sb->length : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? sb->data + sb->length : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb->length += (size_t)n;
}

bool strbuf_overflowed(const struct strbuf *sb)
{
    return sb->length >= sb->size;
}
