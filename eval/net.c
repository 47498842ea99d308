/*
 * net.c: see net.h. The file is written in the host's byte order, which
 * must be little-endian (x86-64, arm64): a big-endian build would need to
 * swap, and none is made.
 */
#include "eval/net.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/fail.h"
#include "engine/text/text_file.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "net files are little-endian");

/* The header of a net file, 32 bytes. */
struct net_header {
    char magic[8];
    uint32_t version, hidden, hidden2, features;
    uint64_t feature_set;
};
_Static_assert(sizeof(struct net_header) == 32, "the header has no padding");

#define NET_FILE_BYTES (sizeof(struct net_header) + sizeof(struct net) + sizeof(uint64_t))

static inline float clip01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

double net_logit(const struct net *n, const uint16_t *index, int count, float *h1, float *h2)
{
    float a[NET_HIDDEN], b[NET_HIDDEN2];
    memcpy(a, n->b1, sizeof a);
    for (int i = 0; i < count; i++)
        for (int u = 0; u < NET_HIDDEN; u++)
            a[u] += n->w1[index[i]][u];
    for (int u = 0; u < NET_HIDDEN; u++)
        a[u] = clip01(a[u]);
    double out = n->b3;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        float sum = n->b2[v];
        for (int u = 0; u < NET_HIDDEN; u++)
            sum += n->w2[v][u] * a[u];
        b[v] = clip01(sum);
        out += n->w3[v] * b[v];
    }
    if (h1)
        memcpy(h1, a, sizeof a);
    if (h2)
        memcpy(h2, b, sizeof b);
    return out;
}

static long quantum(double x, long least, long most)
{
    long q = lround(x);
    return q < least ? least : q > most ? most : q;
}

void net_quantize(const struct net *n, struct net_q *q)
{
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int u = 0; u < NET_HIDDEN; u++)
            q->w1[f][u] = (int16_t)quantum(n->w1[f][u] * NET_QA, INT16_MIN, INT16_MAX);
    for (int u = 0; u < NET_HIDDEN; u++)
        q->b1[u] = (int16_t)quantum(n->b1[u] * NET_QA, INT16_MIN, INT16_MAX);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++)
            q->w2[v][u] = (int16_t)quantum(n->w2[v][u] * NET_QB, -NET_W2_MOST, NET_W2_MOST);
        q->b2[v] = (int32_t)quantum((double)n->b2[v] * NET_QA * NET_QB, INT32_MIN, INT32_MAX);
        q->w3[v] = (int16_t)quantum(n->w3[v] * NET_QB, INT16_MIN, INT16_MAX);
    }
    q->b3 = (int32_t)quantum((double)n->b3 * NET_QA * NET_QB, INT32_MIN, INT32_MAX);
}

double net_q_logit(const struct net_q *q, const uint16_t *index, int count)
{
    int32_t a[NET_HIDDEN];
    int16_t h[NET_HIDDEN];
    for (int u = 0; u < NET_HIDDEN; u++)
        a[u] = q->b1[u];
    for (int i = 0; i < count; i++)
        for (int u = 0; u < NET_HIDDEN; u++)
            a[u] += q->w1[index[i]][u];
    for (int u = 0; u < NET_HIDDEN; u++)
        h[u] = (int16_t)(a[u] < 0 ? 0 : a[u] > NET_QA ? NET_QA : a[u]);
    int64_t out = q->b3;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        int32_t sum = q->b2[v];
        for (int u = 0; u < NET_HIDDEN; u++)
            sum += h[u] * q->w2[v][u];
        sum = sum < 0 ? 0 : (sum + NET_QB / 2) / NET_QB; /* back to the units' scale, rounded */
        out += (int64_t)(sum > NET_QA ? NET_QA : sum) * q->w3[v];
    }
    return (double)out / (NET_QA * NET_QB);
}

/* ---- the file ---- */

static struct net_header header_of_this_build(void)
{
    struct net_header h = {.version = NET_VERSION,
                           .hidden = NET_HIDDEN,
                           .hidden2 = NET_HIDDEN2,
                           .features = FEATURE_COUNT,
                           .feature_set = features_set_hash()};
    memcpy(h.magic, NET_MAGIC, sizeof h.magic);
    return h;
}

bool net_write(const struct net *n, const char *path, char *why, size_t size)
{
    char tmp[4200];
    struct net_header h = header_of_this_build();
    XXH3_state_t *state = XXH3_createState();
    XXH3_64bits_reset(state);
    XXH3_64bits_update(state, &h, sizeof h);
    XXH3_64bits_update(state, n, sizeof *n);
    uint64_t checksum = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return fail(why, size, "cannot write '%s': %s", tmp, strerror(errno));
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(n, sizeof *n, 1, f) == 1 &&
              fwrite(&checksum, sizeof checksum, 1, f) == 1;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        int error = errno;
        remove(tmp);
        return fail(why, size, "cannot write '%s': %s", path, strerror(error));
    }
    return true;
}

/* What differs between a file's header and this build's, or NULL. */
static bool header_fits(const struct net_header *h, char *why, size_t size)
{
    const struct net_header want = header_of_this_build();
    if (memcmp(h->magic, want.magic, sizeof h->magic) != 0)
        return fail(why, size, "not a net file (its first bytes are not r3's net magic)");
    if (h->version != want.version)
        return fail(why, size, "a net file of version %u; this r3 reads version %u", h->version, want.version);
    if (h->feature_set != want.feature_set || h->features != want.features)
        return fail(
            why, size, "trained on another feature set (%u features, hash %016llx); this r3's has %u, hash %016llx",
            h->features, (unsigned long long)h->feature_set, want.features, (unsigned long long)want.feature_set);
    if (h->hidden != want.hidden || h->hidden2 != want.hidden2)
        return fail(why, size, "layers of %u and %u units; this r3's net has %u and %u", h->hidden, h->hidden2,
                    want.hidden, want.hidden2);
    return true;
}

bool net_read(const char *path, struct net *n, char *why, size_t size)
{
    FILE *f;
    char reason[600];
    struct net_header h;
    uint64_t checksum;
    if (!text_file_open(path, (long long)NET_FILE_BYTES, "the size of a net of this r3", &f, reason, sizeof reason))
        return fail(why, size, "%s: %s", path, reason);
    struct net *read = malloc(sizeof *read);
    bool ok = read && fread(&h, sizeof h, 1, f) == 1;
    if (ok && !header_fits(&h, reason, sizeof reason))
        ok = false;
    else if (!ok)
        snprintf(reason, sizeof reason, "%s", read ? "too short to be a net file" : "no memory");
    else if (fread(read, sizeof *read, 1, f) != 1 || fread(&checksum, sizeof checksum, 1, f) != 1)
        ok = fail(reason, sizeof reason, "cut short: a net of this r3 is %zu bytes", NET_FILE_BYTES);
    else {
        XXH3_state_t *state = XXH3_createState();
        XXH3_64bits_reset(state);
        XXH3_64bits_update(state, &h, sizeof h);
        XXH3_64bits_update(state, read, sizeof *read);
        if (XXH3_64bits_digest(state) != checksum)
            ok = fail(reason, sizeof reason, "damaged: its checksum does not match its contents");
        XXH3_freeState(state);
    }
    fclose(f);
    if (ok)
        memcpy(n, read, sizeof *n);
    free(read);
    return ok || fail(why, size, "%s: %s", path, reason);
}
