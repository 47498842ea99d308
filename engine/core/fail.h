/*
 * fail.h: the one way a check explains itself. Checks that can fail (the world
 * invariants, the rule audit, the readers of files) take a caller's buffer
 * 'why' of 'size' bytes,
 * write the reason there and return false, so that a caller can write
 * `return fail(why, size, "...", ...)` on the spot.
 */
#ifndef R3_FAIL_H
#define R3_FAIL_H

#include <stdbool.h>
#include <stddef.h>

/* Formats the reason into why[size] (cut to fit) and returns false. */
bool fail(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
