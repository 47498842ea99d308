/*
 * fuzz_weights.c: a libFuzzer harness for weights files (EvalFile,
 * PolicyFile, the tuners' outputs). Each input is a file's bytes, given to
 * weights_file_load for both lists through a memory file; it must read them
 * or refuse them with a reason, and weights it reads lie within their bounds.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "eval/weights.h"
#include "search/policy_weights.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void load(const struct weight_list *list, const char *path)
{
    double w[64];
    char why[400];
    if (list->count > 64 || !weights_file_load(list, path, w, why, sizeof why))
        return;
    for (int i = 0; i < list->count; i++)
        if (!(w[i] >= list->info[i].min && w[i] <= list->info[i].max))
            abort(); /* a weight read outside its bounds */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = memfd_create("weights", 0);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) == (ssize_t)size) {
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        load(&EVAL_WEIGHTS, path);
        load(&POLICY_WEIGHTS, path);
    }
    close(fd);
    return 0;
}
