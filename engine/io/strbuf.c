/* strbuf.c: see strbuf.h. */
#include "engine/io/strbuf.h"

#include <stdio.h>

void strbuf_init(struct strbuf *sb, char *data, size_t size)
{
    sb->data = data;
    sb->size = size;
    sb->length = 0;
    if (size)
        data[0] = '\0';
}

void strbuf_vadd(struct strbuf *sb, const char *fmt, va_list ap)
{
    size_t room = sb->length < sb->size ? sb->size - sb->length : 0;
    int n = vsnprintf(room ? sb->data + sb->length : NULL, room, fmt, ap);
    if (n > 0)
        sb->length += (size_t)n;
}

void strbuf_add(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vadd(sb, fmt, ap);
    va_end(ap);
}

bool strbuf_overflowed(const struct strbuf *sb) { return sb->length >= sb->size; }
