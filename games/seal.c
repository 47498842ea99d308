/*
 * seal.c: see seal.h. The sealed bytes are a fresh random nonce followed by
 * the secret encrypted and tagged with the header as associated data, all
 * of it base64 in lines of "sealed " and 64 characters, short enough for
 * any record reader's line limit.
 */
/* gnulib puts its own system headers (unistd.h) first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "games/seal.h"

#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/fail.h"

#define KEY_BYTES crypto_aead_xchacha20poly1305_ietf_KEYBYTES
#define NONCE_BYTES crypto_aead_xchacha20poly1305_ietf_NPUBBYTES
#define TAG_BYTES crypto_aead_xchacha20poly1305_ietf_ABYTES
#define SEALED_WORD "sealed "
#define BASE64_PER_LINE 64
#define PATH_SIZE 4096

/* ---- the key ---- */

/* r3's folder under the user's state directory (the XDG base directory
 * rules: $XDG_STATE_HOME if it is absolute, else ~/.local/state). */
static bool state_folder(char *path, size_t size, char *why, size_t why_size)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int n = state && state[0] == '/' ? snprintf(path, size, "%s/r3", state)
            : home && home[0]        ? snprintf(path, size, "%s/.local/state/r3", home)
                                     : -1;
    if (n < 0)
        return fail(why, why_size, "no place for r3's key: neither XDG_STATE_HOME nor HOME is set");
    return (size_t)n < size || fail(why, why_size, "the path of r3's state folder is too long");
}

/* Makes 'path' and the folders above it that are missing, for the user alone. */
static bool make_folders(char *path, char *why, size_t size)
{
    for (char *slash = strchr(path + 1, '/');; slash = strchr(slash + 1, '/')) {
        if (slash)
            *slash = '\0';
        bool made = mkdir(path, 0700) == 0 || errno == EEXIST;
        if (!made)
            snprintf(why, size, "cannot make the folder '%s' for r3's key: %s", path, strerror(errno));
        if (slash)
            *slash = '/';
        if (!made)
            return false;
        if (!slash)
            return true;
    }
}

/* Reads the key at 'path': a regular file of exactly KEY_BYTES. ENOENT is
 * left in errno when there is none yet. */
static bool read_key(const char *path, unsigned char key[KEY_BYTES], char *why, size_t size)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) {
        int error = errno;
        snprintf(why, size, "cannot read r3's key '%s': %s", path, strerror(error));
        errno = error;
        return false;
    }
    bool whole =
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == KEY_BYTES && read(fd, key, KEY_BYTES) == KEY_BYTES;
    close(fd);
    if (!whole)
        snprintf(why, size, "r3's key '%s' is damaged: not a file of %d bytes", path, KEY_BYTES);
    errno = 0;
    return whole;
}

/* Writes a new key to a file of its own, then links it into place, so that
 * two hosts making the key at once agree on one: the second finds the
 * first's and reads it. */
static bool make_key(const char *path, unsigned char key[KEY_BYTES], char *why, size_t size)
{
    char temporary[PATH_SIZE + 32];
    snprintf(temporary, sizeof temporary, "%s.XXXXXX", path);
    int fd = mkstemp(temporary); /* mode 0600 */
    if (fd < 0)
        return fail(why, size, "cannot make r3's key '%s': %s", path, strerror(errno));
    crypto_aead_xchacha20poly1305_ietf_keygen(key);
    bool written = write(fd, key, KEY_BYTES) == KEY_BYTES && fsync(fd) == 0;
    int error = errno;
    close(fd);
    bool linked = written && link(temporary, path) == 0;
    if (!linked && written)
        error = errno;
    unlink(temporary);
    if (linked)
        return true;
    if (error == EEXIST)
        return read_key(path, key, why, size);
    return fail(why, size, "cannot make r3's key '%s': %s", path, strerror(error));
}

/* This user's key: read, or made on first use when 'make' is set. */
static bool user_key(unsigned char key[KEY_BYTES], bool make, char *why, size_t size)
{
    char folder[PATH_SIZE], path[PATH_SIZE + 16];
    if (sodium_init() < 0)
        return fail(why, size, "libsodium could not start");
    if (!state_folder(folder, sizeof folder, why, size))
        return false;
    snprintf(path, sizeof path, "%s/host.key", folder);
    if (read_key(path, key, why, size))
        return true;
    if (errno != ENOENT)
        return false;
    if (!make)
        return fail(why, size, "it was sealed with r3's key of the user who saved it, and there is no '%s'", path);
    return make_folders(folder, why, size) && make_key(path, key, why, size);
}

/* ---- sealing ---- */

bool seal_write(FILE *out, const char *header, const char *secret, size_t length, char *why, size_t size)
{
    unsigned char key[KEY_BYTES];
    if (!user_key(key, true, why, size))
        return false;
    size_t sealed_length = NONCE_BYTES + length + TAG_BYTES;
    size_t text_size = sodium_base64_ENCODED_LEN(sealed_length, sodium_base64_VARIANT_ORIGINAL);
    unsigned char *sealed = malloc(sealed_length);
    char *text = malloc(text_size);
    if (!sealed || !text) {
        free(sealed), free(text);
        return fail(why, size, "no memory to seal the save");
    }
    randombytes_buf(sealed, NONCE_BYTES);
    crypto_aead_xchacha20poly1305_ietf_encrypt(sealed + NONCE_BYTES, NULL, (const unsigned char *)secret, length,
                                               (const unsigned char *)header, strlen(header), NULL, sealed, key);
    sodium_memzero(key, sizeof key);
    sodium_bin2base64(text, text_size, sealed, sealed_length, sodium_base64_VARIANT_ORIGINAL);
    fputs(header, out);
    for (size_t at = 0, n = strlen(text); at < n; at += BASE64_PER_LINE)
        fprintf(out, SEALED_WORD "%.*s\n", BASE64_PER_LINE, text + at);
    free(sealed), free(text);
    return true;
}

bool seal_is_sealed(const char *text, size_t length)
{
    size_t n = strlen(SEAL_FIRST_LINE);
    return length > n && memcmp(text, SEAL_FIRST_LINE, n) == 0 && (text[n] == '\n' || text[n] == '\r');
}

/* ---- opening ---- */

/* Where the sealed lines begin: the first line that starts with "sealed ". */
static size_t header_length(const char *text, size_t length)
{
    size_t word = strlen(SEALED_WORD);
    for (size_t at = 0; at < length;) {
        if (length - at >= word && memcmp(text + at, SEALED_WORD, word) == 0)
            return at;
        const char *end = memchr(text + at, '\n', length - at);
        if (!end)
            break;
        at = (size_t)(end - text) + 1;
    }
    return length;
}

/* The base64 of the sealed lines joined, or NULL if a line is not one. */
static char *sealed_base64(const char *lines, size_t length)
{
    char *joined = malloc(length + 1);
    size_t n = 0, word = strlen(SEALED_WORD);
    for (size_t at = 0; joined && at < length;) {
        const char *end = memchr(lines + at, '\n', length - at);
        size_t line = end ? (size_t)(end - (lines + at)) : length - at;
        size_t body = line - (line > 0 && lines[at + line - 1] == '\r');
        if (body <= word || memcmp(lines + at, SEALED_WORD, word) != 0) {
            free(joined);
            return NULL;
        }
        memcpy(joined + n, lines + at + word, body - word);
        n += body - word;
        at += line + 1;
    }
    if (joined)
        joined[n] = '\0';
    return joined;
}

/* The sealed bytes from their base64, into *bytes (malloc'd). */
static bool decode(const char *base64, unsigned char **bytes, size_t *length)
{
    size_t most = strlen(base64) / 4 * 3 + 3;
    *bytes = malloc(most);
    if (*bytes && sodium_base642bin(*bytes, most, base64, strlen(base64), NULL, length, NULL,
                                    sodium_base64_VARIANT_ORIGINAL) == 0)
        return true;
    free(*bytes);
    *bytes = NULL;
    return false;
}

/* Decrypts 'sealed' (nonce, then the encrypted secret and its tag) with the
 * header as associated data, into 'secret'. */
static bool decrypt(const unsigned char *sealed, size_t sealed_length, const char *header, size_t header_length,
                    char *secret, size_t *secret_length, char *why, size_t size)
{
    unsigned char key[KEY_BYTES];
    unsigned long long n = 0;
    if (!user_key(key, false, why, size))
        return false;
    int refused = crypto_aead_xchacha20poly1305_ietf_decrypt((unsigned char *)secret, &n, NULL, sealed + NONCE_BYTES,
                                                             sealed_length - NONCE_BYTES, (const unsigned char *)header,
                                                             header_length, sealed, key);
    sodium_memzero(key, sizeof key);
    if (refused)
        return fail(why, size,
                    "the save does not open with this user's key: it was changed after it was "
                    "saved, or sealed by another user");
    secret[n] = '\0';
    *secret_length = (size_t)n;
    return true;
}

bool seal_open(const char *text, size_t length, char **secret, size_t *secret_length, char *why, size_t size)
{
    unsigned char *sealed = NULL;
    size_t header = header_length(text, length), sealed_length = 0;
    char *base64 = sealed_base64(text + header, length - header);
    bool decoded = base64 && header < length && decode(base64, &sealed, &sealed_length);
    free(base64);
    *secret = NULL;
    if (!decoded || sealed_length < NONCE_BYTES + TAG_BYTES) {
        free(sealed);
        return fail(why, size, "the sealed part is damaged: not lines of 'sealed BASE64' to the end");
    }
    *secret = malloc(sealed_length - NONCE_BYTES - TAG_BYTES + 1);
    bool opened = *secret ? decrypt(sealed, sealed_length, text, header, *secret, secret_length, why, size)
                          : fail(why, size, "no memory to open the save");
    free(sealed);
    if (!opened) {
        free(*secret);
        *secret = NULL;
    }
    return opened;
}
