/*
 * seal.h: the hidden part of a game saved during play, sealed. A save of a
 * game still going on holds what its players must not see yet: the engine's
 * hand and face-down plays, and the seed that gives every future deal and
 * die. r3 host writes that part encrypted and authenticated (libsodium's
 * XChaCha20-Poly1305) under a key of this user's own, kept where r3 keeps
 * its state ($XDG_STATE_HOME/r3/host.key, else ~/.local/state/r3/host.key,
 * made on first use, readable by the user alone). The file stays text: a
 * clear header a person may read, then the sealed bytes as base64 lines.
 * Opening checks the header and the sealed bytes together, so a change to
 * either, or another user's key, is refused.
 */
#ifndef R3_SEAL_H
#define R3_SEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "games/record_file.h"

/* The first line of a sealed save. */
#define SEAL_FIRST_LINE RECORD_SEALED_FIRST_LINE

/* The most bytes of a sealed save's clear header. */
#define SEAL_HEADER_MAX 1024

/* The most bytes a sealed save of a secret of at most 'secret' bytes takes:
 * its header, then the nonce, the secret and its tag (40 bytes) as base64,
 * 4 characters for 3 bytes, in lines of 72 bytes for 64 characters. */
#define SEAL_FILE_MAX(secret) (SEAL_HEADER_MAX + ((long long)(secret) + 40 + 2) / 3 * 4 / 64 * 72 + 72)

/* Writes 'header' (lines of text, the first SEAL_FIRST_LINE, each ending in
 * a newline) to 'out', then 'secret' sealed; false with why (no key could
 * be read or made, no memory). */
bool seal_write(FILE *out, const char *header, const char *secret, size_t length, char *why, size_t size);

/* Whether 'text' is a sealed save (its first line is SEAL_FIRST_LINE). */
bool seal_is_sealed(const char *text, size_t length);

/* Opens the sealed save 'text': the secret, in *secret (malloc'd, with a
 * NUL after its *length bytes). False with why: no key, a damaged file, or
 * a header or seal that does not open with this user's key. */
bool seal_open(const char *text, size_t length, char **secret, size_t *secret_length, char *why, size_t size);

#endif
