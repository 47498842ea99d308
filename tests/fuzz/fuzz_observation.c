/*
 * fuzz_observation.c: a libFuzzer harness for the observation reader. Each
 * input is one line; observation_read must read it or refuse it, and what it
 * reads must print back to text it reads again as the same observation.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/hidden/observe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[512], printed[512], why[300];
    struct observation o, again;
    if (size >= sizeof line)
        return 0;
    memcpy(line, data, size);
    line[size] = '\0';
    if (!observation_read(line, &o, why, sizeof why))
        return 0;
    observation_text(&o, printed, sizeof printed);
    if (!observation_read(printed, &again, why, sizeof why) || memcmp(&o, &again, sizeof o) != 0)
        abort(); /* what was read does not print back as itself */
    return 0;
}
