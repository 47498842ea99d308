/*
 * visits.c: see visits.h. An entry's decision is the text up to its last
 * '=': no decision's text holds one.
 */
#include "tuning/selfplay/visits.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"
#include "engine/rules/notation.h"

#define TEXT_MAX 64 /* a decision's text */

void visits_write(FILE *out, const struct decisions *legal, const long *count)
{
    char text[TEXT_MAX];
    if (!count) {
        fputs("\t-", out);
        return;
    }
    for (int i = 0; i < legal->count; i++) {
        decision_text(legal->list[i], text, sizeof text);
        fprintf(out, "%c%s=%ld", i ? ';' : '\t', text, count[i]);
    }
}

/* Entry i (from 0), the text [entry, entry + length), against decision d. */
static bool read_entry(const char *entry, size_t length, int i, decision d, long *count, char *why, size_t size)
{
    char text[TEXT_MAX], name[TEXT_MAX], number[32], error[128];
    snprintf(text, sizeof text, "%.*s", (int)(length < TEXT_MAX - 1 ? length : TEXT_MAX - 1), entry);
    const char *equals = NULL;
    for (const char *p = entry; p < entry + length; p++)
        if (*p == '=')
            equals = p;
    if (!equals || length >= TEXT_MAX)
        return fail(why, size, "visits: entry %d '%s' is not DECISION=COUNT", i + 1, text);
    snprintf(name, sizeof name, "%.*s", (int)(equals - entry), entry);
    snprintf(number, sizeof number, "%.*s", (int)(entry + length - equals - 1), equals + 1);
    decision named;
    char legal_text[TEXT_MAX];
    decision_text(d, legal_text, sizeof legal_text);
    if (strcmp(name, legal_text) != 0) {
        if (!decision_read(name, &named, error, sizeof error))
            return fail(why, size, "visits: entry %d: %s", i + 1, error);
        return fail(why, size,
                    "visits: entry %d is '%s' but legal decision %d is '%s' (the visits follow r3 legal's order)",
                    i + 1, name, i + 1, legal_text);
    }
    long long n;
    if (!number_whole(number, 0, LONG_MAX, &n))
        return fail(why, size, "visits: entry %d '%s': the count '%s' is not a whole number from 0", i + 1, text,
                    number);
    *count = (long)n;
    return true;
}

bool visits_read(const char *text, const struct decisions *legal, long *count, char *why, size_t size)
{
    int entries = 1;
    for (const char *p = text; *p; p++)
        entries += *p == ';';
    if (entries != legal->count)
        return fail(why, size, "visits: %d entr%s for %d legal decisions", entries, entries == 1 ? "y" : "ies",
                    legal->count);
    const char *entry = text;
    for (int i = 0; i < legal->count; i++) {
        size_t length = strcspn(entry, ";");
        if (!read_entry(entry, length, i, legal->list[i], &count[i], why, size))
            return false;
        entry += length + 1;
    }
    return true;
}
