/*
 * fuzz_record.c: a libFuzzer harness for game records (r3 replay, r3 host's
 * load). Each input is a record file; replay_record must verify it or say why,
 * never crash, leak or read out of bounds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[400];
    if (size == 0)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    replay_record(in, NULL, NULL, why, sizeof why);
    fclose(in);
    return 0;
}
