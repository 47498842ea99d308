/*
 * test_net.c: the learned value's network (eval/net.h). The quantized pass
 * agrees with the float one on random worlds; a net file reads back byte
 * for byte; and a file of another kind, version, feature set or size, or
 * one damaged or cut short, is refused saying what differs, the net read
 * into left as it was; so is one with a value that is no finite number or
 * a second-layer sum that could pass int32, and one of extreme values
 * within that bound is evaluated alike by every pass.
 */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval/features.h"
#include "eval/net.h"
#include "eval/value.h"
#include "tests/support.h"

static struct net *net, *other;
static struct net_q *quantized;
static char dir[64], path[128];

static float uniform(uint64_t *rng, float half) { return (float)((rng_next(rng) >> 11) * 0x1p-53 * 2 - 1) * half; }

/* Weights of the sizes a trained net has: small first-layer rows, second
 * layer within its int8 range. */
static void random_net(struct net *n, uint64_t seed)
{
    uint64_t rng = seed;
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int u = 0; u < NET_HIDDEN; u++)
            n->w1[f][u] = uniform(&rng, 0.03f);
    for (int u = 0; u < NET_HIDDEN; u++)
        n->b1[u] = 0.5f + uniform(&rng, 0.3f);
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++)
            n->w2[v][u] = uniform(&rng, 0.15f);
        n->b2[v] = 0.5f + uniform(&rng, 0.3f);
        n->w3[v] = uniform(&rng, 1.0f);
    }
    n->b3 = 0.1f;
    n->base = 1;
}

static void quantized_and_float_agree(void **state)
{
    (void)state;
    uint16_t index[FEATURES_MAX_ACTIVE];
    struct world w;
    uint64_t rng = 5;
    double worst = 0, spread = 0;
    random_net(net, 1);
    net_quantize(net, quantized);
    for (int k = 0; k < 200; k++) {
        random_decision_point(&w, k % SCENARIO_COUNT, rng_below(&rng, 300), &rng);
        int n = features_active(&w, index);
        double exact = net_logit(net, index, n, NULL, NULL), q = net_q_logit(quantized, index, n);
        worst = fmax(worst, fabs(exact - q));
        spread += fabs(exact);
    }
    print_message("quantized against float: worst %.4f logit, mean |logit| %.3f\n", worst, spread / 200);
    assert_true(worst < 0.05);
    assert_true(spread / 200 > 0.2); /* the logits are not all near 0, so the agreement says something */
}

/* Every vector pass the CPU runs (AVX2, AVX-512) gives the portable pass's
 * logit to the bit, also where the first layer's int16 sums saturate
 * (weights near +-32 make them); the pass the search takes is one of them. */
static void the_vector_passes_are_the_portable_one(void **state)
{
    (void)state;
    uint16_t index[FEATURES_MAX_ACTIVE];
    struct world w;
    uint64_t rng = 9;
    int saturated = 0, compared = 0;
    for (int round = 0; round < 2; round++) {
        random_net(net, 3 + round);
        if (round == 1)
            for (int f = 0; f < FEATURE_COUNT; f++)
                for (int u = 0; u < NET_HIDDEN; u++)
                    net->w1[f][u] *= 1000; /* rows of +-30: sums of ~170 pass int16's range */
        net_quantize(net, quantized);
        for (int k = 0; k < 100; k++) {
            random_decision_point(&w, k % SCENARIO_COUNT, rng_below(&rng, 300), &rng);
            int n = features_active(&w, index);
            double plain = net_q_logit_portable(quantized, index, n);
            assert_true(net_q_logit(quantized, index, n) == plain);
            for (int p = NET_PASS_AVX2; p < NET_PASSES; p++)
                if (net_pass_usable((enum net_pass)p)) {
                    assert_true(net_q_logit_by((enum net_pass)p, quantized, index, n) == plain);
                    compared++;
                }
            saturated += round == 1 && fabs(net_logit(net, index, n, NULL, NULL) - plain) > 0.05;
        }
    }
    assert_true(saturated > 0); /* the second round did reach the saturation */
    print_message("vector passes compared with the portable one: %d\n", compared);
}

static void a_net_file_reads_back(void **state)
{
    (void)state;
    char why[600];
    random_net(net, 2);
    memset(other, 0, sizeof *other);
    assert_true(net_write(net, path, why, sizeof why));
    assert_true(net_read(path, other, why, sizeof why));
    assert_memory_equal(net, other, sizeof *net);
}

/* The file with 'bytes' written over it at 'offset' (from the end if negative), or cut to 'cut' bytes. */
static void spoil(long offset, const void *bytes, size_t count, long cut)
{
    char why[600];
    random_net(net, 3);
    assert_true(net_write(net, path, why, sizeof why));
    FILE *f = fopen(path, "r+b");
    fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET);
    fwrite(bytes, count, 1, f);
    fclose(f);
    if (cut >= 0)
        assert_int_equal(truncate(path, cut), 0);
}

static void refused(const char *why_part)
{
    char why[600];
    memset(other, 7, sizeof *other);
    assert_false(net_read(path, other, why, sizeof why));
    if (!strstr(why, why_part) || strncmp(why, path, strlen(path)) != 0)
        fail_msg("'%s' does not name the file and '%s'", why, why_part);
    for (size_t i = 0; i < sizeof *other; i += 4099)
        assert_int_equal(((unsigned char *)other)[i], 7); /* left as it was */
}

static void bad_net_files_are_refused(void **state)
{
    (void)state;
    const uint32_t version = NET_VERSION + 1, hidden = NET_HIDDEN * 2;
    const uint64_t feature_set = 12345;
    const unsigned char flip = 0x5a;
    spoil(0, "NOTANET!", 8, -1);
    refused("not a net file");
    spoil(8, &version, sizeof version, -1);
    refused("a net file of version 3; this r3 reads version 2");
    spoil(12, &hidden, sizeof hidden, -1);
    char layers[64]; /* twice this build's width, whatever it is */
    snprintf(layers, sizeof layers, "layers of %u and %d units", hidden, NET_HIDDEN2);
    refused(layers);
    spoil(24, &feature_set, sizeof feature_set, -1);
    refused("trained on another feature set");
    spoil(32, &feature_set, sizeof feature_set, -1);
    refused("trained over other default weights");
    spoil(1000, &flip, 1, -1);
    refused("damaged: its checksum does not match");
    spoil(0, NET_MAGIC, 8, 5000);
    refused("cut short");
    spoil(0, NET_MAGIC, 8, 20);
    refused("too short to be a net file");
}

/* net written as a file, checksum and all, and read back: false with why if
 * refused. Read, it is quantized and every pass the CPU runs evaluates it at
 * random worlds to the portable pass's bit; under ASan and UBSan no sum may
 * overflow on the way. */
static bool read_and_evaluated(char *why, size_t size)
{
    uint16_t index[FEATURES_MAX_ACTIVE];
    struct world w;
    uint64_t rng = 13;
    assert_true(net_write(net, path, why, size));
    if (!net_read(path, other, why, size))
        return false;
    net_quantize(other, quantized);
    for (int k = 0; k < 30; k++) {
        random_decision_point(&w, k % SCENARIO_COUNT, rng_below(&rng, 300), &rng);
        int n = features_active(&w, index);
        double plain = net_q_logit_portable(quantized, index, n);
        for (int p = NET_PASS_AVX2; p < NET_PASSES; p++)
            if (net_pass_usable((enum net_pass)p))
                assert_true(net_q_logit_by((enum net_pass)p, quantized, index, n) == plain);
    }
    return true;
}

/* A second-layer unit's sum in the quantized pass is its bias (at scale
 * 2^20), the hidden units (at most 1024 each) times its weights (at most
 * 4095 in size) and 512 to round it: within int32 for every bias within
 * +-1792. A file with a bigger one, checksum and all, is refused, naming
 * the unit; evaluated, a bias of -3000 under weights of -0.1 made
 * INT32_MIN + a negative sum, past int32 (UBSan's report). So is a value
 * that is no finite number. The net read into is left as it was. */
static void a_net_whose_sums_could_pass_int32_is_refused(void **state)
{
    (void)state;
    char why[600];
    static const float UNITS[][2] = {{-3000, -0.1f}, {3000, 0.1f}, {1793, 4}, {-1793, -4}}; /* bias, weights */
    for (size_t k = 0; k < sizeof UNITS / sizeof UNITS[0]; k++) {
        random_net(net, 5);
        for (int v = 0; v < NET_HIDDEN2; v++) {
            net->b2[v] = UNITS[k][0];
            for (int u = 0; u < NET_HIDDEN; u++)
                net->w2[v][u] = UNITS[k][1];
        }
        if (read_and_evaluated(why, sizeof why))
            fail_msg("a second-layer bias of %g under weights of %g was read", UNITS[k][0], UNITS[k][1]);
        refused("second-layer unit 0 could sum to");
    }
    random_net(net, 5);
    net->b2[3] = 1793;
    for (int u = 0; u < NET_HIDDEN; u++)
        net->w2[3][u] = 4;
    assert_false(read_and_evaluated(why, sizeof why));
    assert_non_null(
        strstr(why, "second-layer unit 3 could sum to 2148467200 (its bias b2[3] is 1793), past the int32"));
    random_net(net, 5);
    net->w1[12][5] = NAN;
    assert_false(read_and_evaluated(why, sizeof why));
    assert_non_null(strstr(why, "w1[12][5] (a first-layer weight) is nan, not a finite number"));
    random_net(net, 5);
    net->base = -INFINITY;
    assert_false(read_and_evaluated(why, sizeof why));
    assert_non_null(strstr(why, "base (the 17 default weights' share) is -inf, not a finite number"));
}

/* Every other value may be as big as a float goes: the first layer
 * saturates in int16, the output sums in int64, and the second layer's
 * weights are clipped to +-4. A net of such values and second-layer biases
 * at +-1792, the edge, is read and evaluated alike by every pass, each
 * value quantized to its type's end on its own side. */
static void extreme_values_within_the_bound_are_read_and_evaluated_alike(void **state)
{
    (void)state;
    char why[600];
    random_net(net, 6);
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int u = 0; u < NET_HIDDEN; u++)
            net->w1[f][u] = (f + u) % 2 ? 3e38f : -3e38f;
    for (int u = 0; u < NET_HIDDEN; u++)
        net->b1[u] = u % 2 ? 3e38f : -3e38f;
    for (int v = 0; v < NET_HIDDEN2; v++) {
        for (int u = 0; u < NET_HIDDEN; u++)
            net->w2[v][u] = v % 2 ? 3e38f : -3e38f;
        net->b2[v] = v % 2 ? NET_B2_FITS : -NET_B2_FITS;
        net->w3[v] = v % 3 ? 3e38f : -3e38f;
    }
    net->b3 = -3e38f;
    if (!read_and_evaluated(why, sizeof why))
        fail_msg("refused: %s", why);
    assert_int_equal(quantized->w1[0][1], INT16_MAX);
    assert_int_equal(quantized->w1[0][0], INT16_MIN);
    assert_int_equal(quantized->w2[1][0], NET_W2_MOST);
    assert_int_equal(quantized->b2[0], -NET_B2_FITS * NET_QA * NET_QB);
    assert_int_equal(quantized->w3[1], INT16_MAX);
    assert_int_equal(quantized->b3, INT32_MIN);
}

/* eval/net.nnue, the network built into r3, is a sound net file of this
 * build, and the engine's built-in network is it, quantized: the same
 * content's id and the same weights. */
static void the_built_in_network_is_eval_net_nnue(void **state)
{
    (void)state;
    char why[600];
    uint64_t file_id, built_in_id;
    assert_true(net_read("eval/net.nnue", other, why, sizeof why));
    const struct net_q *from_file = value_net_load("eval/net.nnue", &file_id, why, sizeof why);
    const struct net_q *built_in = value_net_built_in(&built_in_id);
    assert_non_null(from_file);
    assert_true(file_id == built_in_id);
    assert_memory_equal(from_file, built_in, sizeof *built_in);
    net_quantize(other, quantized);
    assert_memory_equal(quantized, built_in, sizeof *built_in);
}

static int setup(void **state)
{
    (void)state;
    net = malloc(sizeof *net), other = malloc(sizeof *other), quantized = malloc(sizeof *quantized);
    snprintf(dir, sizeof dir, "/tmp/r3-net-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/value.nnue", dir);
    return !net || !other || !quantized;
}

static int teardown(void **state)
{
    (void)state;
    remove(path);
    remove(dir);
    free(net), free(other), free(quantized);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quantized_and_float_agree),
        cmocka_unit_test(the_vector_passes_are_the_portable_one),
        cmocka_unit_test(a_net_file_reads_back),
        cmocka_unit_test(bad_net_files_are_refused),
        cmocka_unit_test(a_net_whose_sums_could_pass_int32_is_refused),
        cmocka_unit_test(extreme_values_within_the_bound_are_read_and_evaluated_alike),
        cmocka_unit_test(the_built_in_network_is_eval_net_nnue),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
