/*
 * relay.c: see relay.h.
 */
#include "protocol/web/relay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for size more bytes: the waiting bytes moved to the front first, then the block grown. */
static bool make_room(struct relay_bytes *q, size_t size)
{
    if (q->start && q->start + q->length + size > q->capacity) {
        memmove(q->data, q->data + q->start, q->length);
        q->start = 0;
    }
    if (q->length + size <= q->capacity)
        return true;
    size_t capacity = q->capacity ? q->capacity : 4096;
    while (capacity < q->length + size)
        capacity *= 2;
    unsigned char *data = realloc(q->data, capacity);
    if (!data)
        return false;
    q->data = data;
    q->capacity = capacity;
    return true;
}

bool relay_append(struct relay_bytes *q, const void *bytes, size_t size)
{
    if (!make_room(q, size))
        return false;
    if (size)
        memcpy(q->data + q->start + q->length, bytes, size);
    q->length += size;
    return true;
}

void relay_consume(struct relay_bytes *q, size_t size)
{
    q->start += size;
    q->length -= size;
    if (!q->length)
        q->start = 0;
}

void relay_free(struct relay_bytes *q)
{
    free(q->data);
    *q = (struct relay_bytes){0};
}

/* A text piece, its newlines replaced as it is copied. */
static bool append_text(struct relay_bytes *q, const unsigned char *bytes, size_t size)
{
    if (!make_room(q, size))
        return false;
    unsigned char *to = q->data + q->start + q->length;
    for (size_t i = 0; i < size; i++)
        to[i] = bytes[i] == '\n' ? RELAY_NEWLINE_STANDIN : bytes[i];
    q->length += size;
    return true;
}

bool relay_to_host(struct relay_bytes *q, struct relay_message *m, bool binary, bool first, bool final,
                   const void *bytes, size_t size)
{
    if (first)
        *m = (struct relay_message){.binary = binary};
    m->size += size;
    if (!m->binary && !append_text(q, bytes, size))
        return false;
    if (!final)
        return true;
    if (!m->binary)
        return relay_append(q, "\n", 1);
    char line[48];
    int n = snprintf(line, sizeof line, "binary-frame %llu\n", m->size);
    return relay_append(q, line, (size_t)n);
}

long relay_from_host(struct relay_bytes *q, size_t most, bool ended, unsigned char *piece, bool *final)
{
    size_t take = q->length < most ? q->length : most;
    const unsigned char *end = memchr(relay_head(q), '\n', take);
    if (end)
        take = (size_t)(end - relay_head(q));
    else if (take < most && !(ended && take))
        return -1; /* the line goes on past what came so far */
    *final = end || (ended && take == q->length);
    memcpy(piece, relay_head(q), take);
    relay_consume(q, take + (end != NULL));
    return (long)take;
}
