/*
 * strbuf.h: appending formatted text to a fixed caller-owned buffer. Writers of
 * positions and boards use it so that they never allocate and never overflow:
 * past the end, text is cut and the buffer remembers that it overflowed.
 */
#ifndef R3_STRBUF_H
#define R3_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct strbuf {
    char *data;
    size_t size;   /* bytes available, including the final NUL */
    size_t length; /* bytes written so far (may exceed size - 1 on overflow) */
};

void strbuf_init(struct strbuf *sb, char *data, size_t size);
void strbuf_add(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the arguments of a caller's own format ('...'). */
void strbuf_vadd(struct strbuf *sb, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
bool strbuf_overflowed(const struct strbuf *sb);

#endif
