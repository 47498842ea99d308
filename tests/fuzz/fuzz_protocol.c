/*
 * fuzz_protocol.c: a libFuzzer harness for the line protocol. Each input is a
 * session's whole stdin; the engine must answer every line without crashing,
 * leaking or reading out of bounds. Build and run: make fuzz (docs/protocol.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "protocol/ai/ai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    FILE *out = fopen("/dev/null", "w");
    if (in && out)
        ai_run(in, out);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    return 0;
}
