/*
 * net.c: see net.h. The file is written in the host's byte order, which
 * must be little-endian (x86-64, arm64): a big-endian build would need to
 * swap, and none is made.
 */
#include "eval/net.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/fail.h"
#include "engine/io/text_file.h"
#include "engine/io/whole_file.h"
#include "eval/weights.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "net files are little-endian");

/* The header of a net file, 40 bytes. */
struct net_header {
    char magic[8];
    uint32_t version, hidden, hidden2, features;
    uint64_t feature_set;
    uint64_t base_set; /* the 17 default weights whose logit the output adds */
};
_Static_assert(sizeof(struct net_header) == 40, "the header has no padding");

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

/* x rounded to a whole number within [least, most]. It is clipped before it
 * is rounded: lround() of a number past long's range is unspecified (glibc gave
 * LONG_MIN, so a huge positive weight turned into the most negative one). */
static long quantum(double x, long least, long most) { return x >= most ? most : x > least ? lround(x) : least; }

static long w2_quantum(float x) { return quantum(x * NET_QB, -NET_W2_MOST, NET_W2_MOST); }

static long b2_quantum(float x) { return quantum((double)x * NET_QA * NET_QB, INT32_MIN, INT32_MAX); }

void net_quantize(const struct net *n, struct net_q *q)
{
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int u = 0; u < NET_HIDDEN; u++)
            q->w1[f][u] = (int16_t)quantum(n->w1[f][u] * NET_QA, INT16_MIN, INT16_MAX);
    for (int u = 0; u < NET_HIDDEN; u++)
        q->b1[u] = (int16_t)quantum(n->b1[u] * NET_QA, INT16_MIN, INT16_MAX);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++)
            q->w2[v][u] = (int16_t)w2_quantum(n->w2[v][u]);
        q->b2[v] = (int32_t)b2_quantum(n->b2[v]);
        q->w3[v] = (int16_t)quantum(n->w3[v] * NET_QB, INT16_MIN, INT16_MAX);
    }
    q->b3 = (int32_t)quantum((double)n->b3 * NET_QA * NET_QB, INT32_MIN, INT32_MAX);
    q->base = n->base;
}

/* The first layer's sum in int16 with saturation, feature by feature in the
 * given order, as the vector pass adds: a unit's sum stays within +-32, and
 * one past it is clipped to 0 or 1 anyway. */
static inline int16_t add_saturated(int16_t a, int16_t b)
{
    int32_t sum = (int32_t)a + b;
    return (int16_t)(sum < INT16_MIN ? INT16_MIN : sum > INT16_MAX ? INT16_MAX : sum);
}

/* The second and third layers from the clipped hidden units. */
static int64_t narrow_layers(const struct net_q *q, const int32_t layer2[NET_HIDDEN2])
{
    int64_t out = q->b3;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        int32_t sum = q->b2[v] + layer2[v];
        sum = sum < 0 ? 0 : (sum + NET_QB / 2) / NET_QB; /* back to the units' scale, rounded */
        out += (int64_t)(sum > NET_QA ? NET_QA : sum) * q->w3[v];
    }
    return out;
}

double net_q_logit_portable(const struct net_q *q, const uint16_t *index, int count)
{
    int16_t h[NET_HIDDEN];
    int32_t layer2[NET_HIDDEN2];
    memcpy(h, q->b1, sizeof h);
    for (int i = 0; i < count; i++)
        for (int u = 0; u < NET_HIDDEN; u++)
            h[u] = add_saturated(h[u], q->w1[index[i]][u]);
    for (int u = 0; u < NET_HIDDEN; u++)
        h[u] = (int16_t)(h[u] < 0 ? 0 : h[u] > NET_QA ? NET_QA : h[u]);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        layer2[v] = 0;
        for (int u = 0; u < NET_HIDDEN; u++)
            layer2[v] += h[u] * q->w2[v][u];
    }
    return (double)narrow_layers(q, layer2) / (NET_QA * NET_QB);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* The AVX2 pass: the first layer in parts of at most 128 units (two for 256),
 * each part's sums in at most eight registers while the rows are added with
 * saturation (all sixteen would not fit beside a row's load); the second
 * layer by multiply-add of unit pairs. The sums are the portable pass's to
 * the bit (tests/test_net.c). */
#define AVX2_PARTS ((NET_HIDDEN + 127) / 128)
#define PART_LANES (NET_HIDDEN / 16 / AVX2_PARTS) /* 16 int16 units a 256-bit register */
_Static_assert(NET_HIDDEN % 32 == 0 && NET_HIDDEN / 16 % AVX2_PARTS == 0, "the passes take whole registers");

__attribute__((target("avx2"))) static void first_layer_part_avx2(const struct net_q *q, const uint16_t *index,
                                                                  int count, int part, int16_t *h)
{
    __m256i sum[PART_LANES];
    const int first = part * 16 * PART_LANES;
#pragma GCC unroll 8
    for (int k = 0; k < PART_LANES; k++)
        sum[k] = _mm256_loadu_si256((const __m256i *)&q->b1[first + 16 * k]);
    for (int i = 0; i < count; i++) {
        const int16_t *row = &q->w1[index[i]][first];
#pragma GCC unroll 8
        for (int k = 0; k < PART_LANES; k++)
            sum[k] = _mm256_adds_epi16(sum[k], _mm256_loadu_si256((const __m256i *)&row[16 * k]));
    }
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(NET_QA);
#pragma GCC unroll 8
    for (int k = 0; k < PART_LANES; k++)
        _mm256_storeu_si256((__m256i *)&h[first + 16 * k], _mm256_min_epi16(_mm256_max_epi16(sum[k], zero), one));
}

__attribute__((target("avx2"))) static double logit_avx2(const struct net_q *q, const uint16_t *index, int count)
{
    int16_t h[NET_HIDDEN];
    int32_t layer2[NET_HIDDEN2];
    for (int part = 0; part < AVX2_PARTS; part++)
        first_layer_part_avx2(q, index, count, part, h);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        __m256i sum = _mm256_setzero_si256();
        for (int k = 0; k < NET_HIDDEN / 16; k++)
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)&h[16 * k]),
                                                          _mm256_loadu_si256((const __m256i *)&q->w2[v][16 * k])));
        __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(1, 0, 3, 2)));
        half = _mm_add_epi32(half, _mm_shuffle_epi32(half, _MM_SHUFFLE(2, 3, 0, 1)));
        layer2[v] = _mm_cvtsi128_si32(half);
    }
    return (double)narrow_layers(q, layer2) / (NET_QA * NET_QB);
}

/* The AVX-512 pass: the whole first layer's sums in 512-bit registers (32
 * units each, two for 64 units, eight for 256), one pass over the rows. */
#define LANES_512 (NET_HIDDEN / 32)

__attribute__((target("avx512f,avx512bw"))) static double logit_avx512(const struct net_q *q, const uint16_t *index,
                                                                       int count)
{
    __m512i sum[LANES_512];
    int32_t layer2[NET_HIDDEN2];
#pragma GCC unroll 8
    for (int k = 0; k < LANES_512; k++)
        sum[k] = _mm512_loadu_si512(&q->b1[32 * k]);
    for (int i = 0; i < count; i++) {
        const int16_t *row = q->w1[index[i]];
#pragma GCC unroll 8
        for (int k = 0; k < LANES_512; k++)
            sum[k] = _mm512_adds_epi16(sum[k], _mm512_loadu_si512(&row[32 * k]));
    }
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi16(NET_QA);
#pragma GCC unroll 8
    for (int k = 0; k < LANES_512; k++)
        sum[k] = _mm512_min_epi16(_mm512_max_epi16(sum[k], zero), one);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        __m512i pairs = _mm512_setzero_si512();
#pragma GCC unroll 8
        for (int k = 0; k < LANES_512; k++)
            pairs = _mm512_add_epi32(pairs, _mm512_madd_epi16(sum[k], _mm512_loadu_si512(&q->w2[v][32 * k])));
        layer2[v] = _mm512_reduce_add_epi32(pairs);
    }
    return (double)narrow_layers(q, layer2) / (NET_QA * NET_QB);
}

/* What the CPU runs, as bits: 2 AVX2, 4 AVX-512 (F and BW); asked before
 * main() runs, so every thread reads the same answer. */
static int cpu_passes(void)
{
    return (__builtin_cpu_supports("avx2") ? 2 : 0) |
           (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? 4 : 0);
}

bool net_pass_usable(enum net_pass pass)
{
    int bits = cpu_passes();
    return pass == NET_PASS_PORTABLE || (pass == NET_PASS_AVX2 && (bits & 2)) ||
           (pass == NET_PASS_AVX512 && (bits & 4));
}

double net_q_logit_by(enum net_pass pass, const struct net_q *q, const uint16_t *index, int count)
{
    return pass == NET_PASS_AVX512 ? logit_avx512(q, index, count)
           : pass == NET_PASS_AVX2 ? logit_avx2(q, index, count)
                                   : net_q_logit_portable(q, index, count);
}

double net_q_logit(const struct net_q *q, const uint16_t *index, int count)
{
    int bits = cpu_passes();
    enum net_pass best = bits & 4 ? NET_PASS_AVX512 : bits & 2 ? NET_PASS_AVX2 : NET_PASS_PORTABLE;
    return net_q_logit_by(best, q, index, count);
}
#else
bool net_pass_usable(enum net_pass pass) { return pass == NET_PASS_PORTABLE; }

double net_q_logit_by(enum net_pass pass, const struct net_q *q, const uint16_t *index, int count)
{
    (void)pass;
    return net_q_logit_portable(q, index, count);
}

double net_q_logit(const struct net_q *q, const uint16_t *index, int count)
{
    return net_q_logit_portable(q, index, count);
}
#endif

/* ---- the file ---- */

/* A hash of the 17 default weights' names and values. */
static uint64_t base_set_hash(void)
{
    XXH3_state_t *state = XXH3_createState();
    XXH3_64bits_reset(state);
    for (int j = 0; j < EVAL_WEIGHT_COUNT; j++) {
        XXH3_64bits_update(state, EVAL_WEIGHT_INFO[j].name, strlen(EVAL_WEIGHT_INFO[j].name) + 1);
        XXH3_64bits_update(state, &EVAL_DEFAULT.w[j], sizeof EVAL_DEFAULT.w[j]);
    }
    uint64_t hash = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return hash;
}

static struct net_header header_of_this_build(void)
{
    struct net_header h = {.version = NET_VERSION,
                           .hidden = NET_HIDDEN,
                           .hidden2 = NET_HIDDEN2,
                           .features = FEATURE_COUNT,
                           .feature_set = features_set_hash(),
                           .base_set = base_set_hash()};
    memcpy(h.magic, NET_MAGIC, sizeof h.magic);
    return h;
}

bool net_write_stream(const struct net *n, FILE *out)
{
    struct net_header h = header_of_this_build();
    XXH3_state_t *state = XXH3_createState();
    if (!state)
        return false;
    XXH3_64bits_reset(state);
    XXH3_64bits_update(state, &h, sizeof h);
    XXH3_64bits_update(state, n, sizeof *n);
    uint64_t checksum = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    return fwrite(&h, sizeof h, 1, out) == 1 && fwrite(n, sizeof *n, 1, out) == 1 &&
           fwrite(&checksum, sizeof checksum, 1, out) == 1;
}

bool net_write(const struct net *n, const char *path, char *why, size_t size)
{
    char tmp[4200];
    FILE *f = whole_file_open(path, tmp, sizeof tmp);
    if (!f)
        return fail(why, size, "cannot write '%s': %s", path, strerror(errno));
    if (!whole_file_close(f, net_write_stream(n, f), tmp) || !whole_file_rename(tmp, path))
        return fail(why, size, "cannot write '%s': %s", path, strerror(errno));
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
    if (h->base_set != want.base_set)
        return fail(why, size, "trained over other default weights (hash %016llx); this r3's are %016llx",
                    (unsigned long long)h->base_set, (unsigned long long)want.base_set);
    if (h->hidden != want.hidden || h->hidden2 != want.hidden2)
        return fail(why, size, "layers of %u and %u units; this r3's net has %u and %u", h->hidden, h->hidden2,
                    want.hidden, want.hidden2);
    return true;
}

/* ---- the values a net file may hold ---- */

#define NET_VALUES (sizeof(struct net) / sizeof(float))
_Static_assert(sizeof(struct net) % sizeof(float) == 0, "a net is floats and nothing else");
#define VALUE_INDEX(field) (offsetof(struct net, field) / sizeof(float))

/* The net's fields in their order, to name a value by its place. */
static const struct net_field {
    const char *name, *what;
    size_t first, rows, columns; /* a matrix has rows, a vector columns, a number neither */
} NET_FIELDS[] = {
    {"w1", "a first-layer weight", VALUE_INDEX(w1), FEATURE_COUNT, NET_HIDDEN},
    {"b1", "a first-layer bias", VALUE_INDEX(b1), 0, NET_HIDDEN},
    {"w2", "a second-layer weight", VALUE_INDEX(w2), NET_HIDDEN2, NET_HIDDEN},
    {"b2", "a second-layer bias", VALUE_INDEX(b2), 0, NET_HIDDEN2},
    {"w3", "an output weight", VALUE_INDEX(w3), 0, NET_HIDDEN2},
    {"b3", "the output's bias", VALUE_INDEX(b3), 0, 0},
    {"base", "the 17 default weights' share", VALUE_INDEX(base), 0, 0},
};

/* The net's value i in a file's bytes after the header, which need not be
 * aligned for a float. */
static float value_at(const unsigned char *values, size_t i)
{
    float x;
    memcpy(&x, values + i * sizeof x, sizeof x);
    return x;
}

/* Value i's place, as "w2[3][17] (a second-layer weight)". */
static void value_place(size_t i, char *place, size_t size)
{
    size_t k = sizeof NET_FIELDS / sizeof NET_FIELDS[0] - 1;
    while (NET_FIELDS[k].first > i)
        k--;
    const struct net_field *f = &NET_FIELDS[k];
    size_t at = i - f->first;
    if (f->rows)
        snprintf(place, size, "%s[%zu][%zu] (%s)", f->name, at / f->columns, at % f->columns, f->what);
    else if (f->columns)
        snprintf(place, size, "%s[%zu] (%s)", f->name, at, f->what);
    else
        snprintf(place, size, "%s (%s)", f->name, f->what);
}

static bool values_finite(const unsigned char *values, char *why, size_t size)
{
    for (size_t i = 0; i < NET_VALUES; i++)
        if (!isfinite(value_at(values, i))) {
            char place[96];
            value_place(i, place, sizeof place);
            return fail(why, size, "%s is %g, not a finite number", place, value_at(values, i));
        }
    return true;
}

/* The most second-layer unit v's sum can reach in the quantized pass: its
 * bias, every hidden unit at its most (1, NET_QA) times its weight's
 * magnitude, and the NET_QB / 2 that rounds it (narrow_layers). This is the
 * one sum a file's values could take past its type: the first layer's sums
 * saturate in int16, and the output's sum is int64, which holds its bias
 * and 32 units at 1 times int16 weights many times over. */
static int64_t second_layer_reach(const unsigned char *values, int v)
{
    int64_t reach = llabs(b2_quantum(value_at(values, VALUE_INDEX(b2) + (size_t)v))) + NET_QB / 2;
    for (int u = 0; u < NET_HIDDEN; u++)
        reach += (int64_t)NET_QA * labs(w2_quantum(value_at(values, VALUE_INDEX(w2) + (size_t)(v * NET_HIDDEN + u))));
    return reach;
}

/* Whether every value is finite and every second-layer sum stays within
 * int32, in every pass alike (docs/eval.md, "The network"). */
static bool values_fit(const unsigned char *values, char *why, size_t size)
{
    if (!values_finite(values, why, size))
        return false;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        int64_t reach = second_layer_reach(values, v);
        if (reach > INT32_MAX)
            return fail(why, size,
                        "second-layer unit %d could sum to %lld (its bias b2[%d] is %g), past the int32 the quantized "
                        "pass adds in (%d); a bias within +-%d always fits",
                        v, (long long)reach, v, value_at(values, VALUE_INDEX(b2) + (size_t)v), INT32_MAX, NET_B2_FITS);
    }
    return true;
}

bool net_from_bytes(const unsigned char *bytes, size_t length, struct net *n, char *why, size_t size)
{
    struct net_header h;
    if (length < sizeof h)
        return fail(why, size, "too short to be a net file");
    memcpy(&h, bytes, sizeof h);
    if (!header_fits(&h, why, size))
        return false;
    if (length != NET_FILE_BYTES)
        return fail(why, size, "%s: a net of this r3 is %zu bytes, not %zu",
                    length < NET_FILE_BYTES ? "cut short" : "too long", NET_FILE_BYTES, length);
    uint64_t checksum;
    memcpy(&checksum, bytes + sizeof h + sizeof *n, sizeof checksum);
    if (XXH3_64bits(bytes, sizeof h + sizeof *n) != checksum)
        return fail(why, size, "damaged: its checksum does not match its contents");
    if (!values_fit(bytes + sizeof h, why, size))
        return false;
    memcpy(n, bytes + sizeof h, sizeof *n);
    return true;
}

bool net_read(const char *path, struct net *n, char *why, size_t size)
{
    FILE *f;
    char reason[600];
    if (!text_file_open(path, (long long)NET_FILE_BYTES, "the size of a net of this r3", &f, reason, sizeof reason))
        return fail(why, size, "%s: %s", path, reason);
    unsigned char *bytes = malloc(NET_FILE_BYTES);
    bool ok = bytes != NULL;
    if (!ok)
        snprintf(reason, sizeof reason, "no memory");
    else /* which leaves *n untouched unless the whole file is sound */
        ok = net_from_bytes(bytes, fread(bytes, 1, NET_FILE_BYTES, f), n, reason, sizeof reason);
    fclose(f);
    free(bytes);
    return ok || fail(why, size, "%s: %s", path, reason);
}
