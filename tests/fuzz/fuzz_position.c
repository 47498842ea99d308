/*
 * fuzz_position.c: a libFuzzer harness for positions from outside. Each input
 * is a position's text; audit_position_parse must read it or refuse it, and a
 * position it reads must play on by the rules: 12 decisions drawn from the
 * input's hash, every transition audited, any broken invariant a crash.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/rules/audit.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[POSITION_TEXT_MAX];
    static struct world w, before;
    char why[300];
    if (size >= sizeof text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (!audit_position_parse(text, &w, why, sizeof why))
        return 0;
    uint64_t rng = size;
    for (size_t i = 0; i < size; i++)
        rng = rng * 31 + data[i];
    struct audit_memory memory;
    audit_begin(&memory);
    for (int d = 0; d < 12 && w.phase != PHASE_OVER; d++) {
        struct decisions legal;
        rules_legal(&w, &legal);
        if (legal.count == 0)
            abort(); /* the audit let a dead end in */
        decision choice = legal.list[random_below(&rng, legal.count)];
        before = w;
        rules_apply(&w, choice);
        if (!audit_transition(&memory, &before, choice, &w, why, sizeof why))
            abort(); /* a position read from outside broke a rule in play */
    }
    return 0;
}
