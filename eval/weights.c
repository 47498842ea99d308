/*
 * weights.c: see weights.h. The file's reader and writer are
 * engine/text/weights_file.c's, given this list.
 */
#include "eval/weights.h"

const struct weight_info EVAL_WEIGHT_INFO[EVAL_WEIGHT_COUNT] = {EVAL_WEIGHT_LIST(WEIGHT_INFO_ENTRY)};
const struct eval_weights EVAL_DEFAULT = {.w = {EVAL_WEIGHT_LIST(WEIGHT_DEFAULT_ENTRY)}};
const struct weight_list EVAL_WEIGHTS = {"evaluation weights", "docs/eval.md", "eval/weights.h", EVAL_WEIGHT_INFO,
                                         EVAL_WEIGHT_COUNT};

bool eval_weights_load(const char *path, struct eval_weights *out, char *why, size_t size)
{
    return weights_file_load(&EVAL_WEIGHTS, path, out->w, why, size);
}

bool eval_weights_write(FILE *out, const struct eval_weights *weights)
{
    return weights_file_write(&EVAL_WEIGHTS, out, weights->w);
}
