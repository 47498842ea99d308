/*
 * relay.h: the bytes between a WebSocket and its r3 host, in both
 * directions, as r3 web turns one into the other (docs/web.md). Messages
 * become lines: a text message is one line, a newline inside it made a
 * control character the host refuses (so one message is never two lines);
 * a binary message is the line "binary-frame N", which the host refuses in
 * its turn. Lines become messages: each line of the host's output is one
 * text message, sent in pieces when it is long. Nothing here knows the
 * socket or the process: these are queues of bytes.
 */
#ifndef R3_RELAY_H
#define R3_RELAY_H

#include <stdbool.h>
#include <stddef.h>

/* A queue of bytes: appended at its end, taken from its start. */
struct relay_bytes {
    unsigned char *data;
    size_t start, length, capacity;
};

/* Whether the bytes could be appended (false: out of memory, nothing appended). */
bool relay_append(struct relay_bytes *q, const void *bytes, size_t size);
/* Takes size bytes off the start. */
void relay_consume(struct relay_bytes *q, size_t size);
/* The bytes waiting, from the start. */
static inline const unsigned char *relay_head(const struct relay_bytes *q) { return q->data + q->start; }
void relay_free(struct relay_bytes *q);

/* What stands in the host's line for a newline inside a text message: SUB,
 * a control character, which the host refuses with bad-bytes. */
#define RELAY_NEWLINE_STANDIN 0x1a

/* One direction, socket to host: the pieces of a message as they come. */
struct relay_message {
    bool binary;
    unsigned long long size; /* the message's bytes so far */
};

/* A piece of a message (first: the first piece; final: its last), appended
 * to the host's input q as its line. False when out of memory. */
bool relay_to_host(struct relay_bytes *q, struct relay_message *m, bool binary, bool first, bool final,
                   const void *bytes, size_t size);

/* The other, host to socket: the next piece of a message to send from the
 * host's output q. At most 'most' bytes; 'final' says whether it ends its
 * line (the newline is then taken too, but is not in the piece); 'ended'
 * says the host's output is over, so a last line without its newline is
 * whole. Returns the piece's size and takes it off q, or -1 when no piece
 * is ready (q empty, or a line shorter than 'most' still coming). */
long relay_from_host(struct relay_bytes *q, size_t most, bool ended, unsigned char *piece, bool *final);

#endif
