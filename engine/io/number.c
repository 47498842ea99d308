/* number.c: see number.h. strtoll and strtod are read through one gate each:
 * they skip leading space and take a sign, so a word that starts otherwise
 * than a number does is turned away before them. */
#include "engine/io/number.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

static bool starts_with_digit(const char *text) { return isdigit((unsigned char)text[0]); }

bool number_whole(const char *text, long long min, long long max, long long *out)
{
    const char *digits = text[0] == '-' && min < 0 ? text + 1 : text;
    if (!starts_with_digit(digits))
        return false;
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno || *end || value < min || value > max)
        return false;
    *out = value;
    return true;
}

bool number_whole_u64(const char *text, uint64_t *out)
{
    if (!starts_with_digit(text))
        return false;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno || *end)
        return false;
    *out = value;
    return true;
}

bool number_any_decimal(const char *text, double *out)
{
    if (!text[0] || isspace((unsigned char)text[0]))
        return false;
    char *end;
    double value = strtod(text, &end);
    if (end == text || *end)
        return false;
    *out = value;
    return true;
}

bool number_decimal(const char *text, double min, double max, double *out)
{
    double value;
    if (!number_any_decimal(text, &value) || !isfinite(value) || value < min || value > max)
        return false;
    *out = value;
    return true;
}

void number_write_exact(FILE *out, double x)
{
    char text[32];
    /* From 15: every double that some shorter decimal reads back as is
     * printed as that decimal by %.15g too, and 20 stays "20", not "2e+01". */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, x);
        if (strtod(text, NULL) == x)
            break;
    }
    fputs(text, out);
}
