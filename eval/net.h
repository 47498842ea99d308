/*
 * net.h: the learned value's network (docs/eval.md, "The network"): York's
 * chance of winning from a world's sparse features (eval/features.h).
 *
 *   sparse features (FEATURE_COUNT, ~170 active)
 *     -> NET_HIDDEN units: the sum of the active features' rows and a bias,
 *        clipped to [0, 1]
 *     -> NET_HIDDEN2 units: dense, clipped to [0, 1]
 *     -> one logit, plus 'base' times the logit of the 17 default weights
 *        (eval/eval.h): York's chance is its logistic.
 *
 * Training starts from base 1 and a near-silent network, so a network
 * starts as good as the hand-set evaluation and learns what it misses.
 *
 * Training works on the float weights (struct net). The search reads the
 * quantized copy (struct net_q), in whole numbers as NNUE does: the first
 * layer in int16 at scale 1024 (a weight within +-32), the second's and
 * third's weights in int16 at scale 1024 (the second's within +-4), sums in
 * int32; the first layer's sum saturates at int16's range (+-32), which
 * clipping to [0, 1] makes harmless. The two agree to within a few
 * hundredths of a logit.
 *
 * A net file holds the float weights: a magic, a version, the hash of the
 * feature set it was trained on, the hash of the 17 default weights under
 * it, the layer sizes, the weights, and an XXH3 checksum of all before it. A file that differs in any of them is refused,
 * saying which; so is one with a value that is not a finite number, or a
 * second-layer unit whose sum could pass int32 in the quantized pass (its
 * bias, its weights' magnitudes times 1024 and the rounding's 512): every
 * bias within +-NET_B2_FITS passes.
 */
#ifndef R3_NET_H
#define R3_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/features.h"

#define NET_HIDDEN 64 /* a multiple of 32; another width is another build, whose net files carry it */
#define NET_HIDDEN2 32
#define NET_VERSION 2
#define NET_MAGIC "R3NET\r\n\032" /* 8 bytes; the line ends and ^Z catch a text-mode copy */
#define NET_QA 1024               /* the first layer's and the hidden units' scale: 1.0 is 1024 */
#define NET_QB 1024               /* the second and third layers' weights' scale */
#define NET_W2_MOST 4095          /* the largest second-layer weight, quantized: 4.0, so no sum overflows */
/* A second-layer bias within +-1792 fits whatever the weights: 1792 * 2^20
 * and 64 units at 1 times 4095 and the rounding's 512 stay within int32. */
#define NET_B2_FITS 1792

struct net {
    float w1[FEATURE_COUNT][NET_HIDDEN]; /* row f: what feature f adds to each unit */
    float b1[NET_HIDDEN];
    float w2[NET_HIDDEN2][NET_HIDDEN];
    float b2[NET_HIDDEN2];
    float w3[NET_HIDDEN2];
    float b3;
    float base; /* the weight of the 17 default weights' logit in the output: the network learns what they miss */
};

struct net_q {
    int16_t w1[FEATURE_COUNT][NET_HIDDEN];
    int16_t b1[NET_HIDDEN];
    int16_t w2[NET_HIDDEN2][NET_HIDDEN];
    int32_t b2[NET_HIDDEN2];
    int16_t w3[NET_HIDDEN2];
    int32_t b3;
    float base;
};

/* The float forward pass: the network's part of York's logit from the
 * active features, base's term left out; h1 and h2, if not NULL, receive
 * the hidden units (for training). */
double net_logit(const struct net *n, const uint16_t *index, int count, float *h1, float *h2);

/* The quantized copy of n; a weight past its type's range is clipped. */
void net_quantize(const struct net *n, struct net_q *q);

/* The quantized forward pass: the network's part of York's logit, base's
 * term left out, by the fastest pass the CPU runs (AVX-512, AVX2 or
 * portable C), which gives the portable pass's result to the bit. */
double net_q_logit(const struct net_q *q, const uint16_t *index, int count);

/* The same pass in plain C, on any CPU. */
double net_q_logit_portable(const struct net_q *q, const uint16_t *index, int count);

/* The quantized passes this build has; net_q_logit() takes the fastest
 * that the CPU runs. Each gives the portable pass's result to the bit. */
enum net_pass { NET_PASS_PORTABLE, NET_PASS_AVX2, NET_PASS_AVX512, NET_PASSES };

/* Whether this build and CPU can run the pass. */
bool net_pass_usable(enum net_pass pass);

/* The quantized pass by the given one, which must be usable. */
double net_q_logit_by(enum net_pass pass, const struct net_q *q, const uint16_t *index, int count);

/* Writes n as a net file to out; false if the stream reports an error. */
bool net_write_stream(const struct net *n, FILE *out);

/* Writes n to path, all or nothing; false with why. */
bool net_write(const struct net *n, const char *path, char *why, size_t size);

/* A net file's length bytes, checked as net_read() checks a file, into *n;
 * false with why, *n untouched. */
bool net_from_bytes(const unsigned char *bytes, size_t length, struct net *n, char *why, size_t size);

/* Reads a net file into *n; false with why (what differs: the magic, the
 * version, the feature set, the sizes, the checksum; or the value that is
 * not finite, the second-layer unit whose sum could pass int32), *n
 * untouched. */
bool net_read(const char *path, struct net *n, char *why, size_t size);

#endif
