/* line_reader.c: see line_reader.h. */
#include "engine/io/line_reader.h"

#include <stdlib.h>

/* Makes room for 'need' bytes in *line; false if there is no memory. */
static bool room(char **line, size_t *capacity, size_t need)
{
    if (need <= *capacity)
        return true;
    size_t grown = *capacity ? *capacity : 128;
    while (grown < need)
        grown *= 2;
    char *bigger = realloc(*line, grown);
    if (!bigger)
        return false;
    *line = bigger;
    *capacity = grown;
    return true;
}

ssize_t line_read(FILE *in, char **line, size_t *capacity, size_t limit, bool *too_long, size_t *length_read)
{
    size_t n = 0;
    int c = EOF;
    *too_long = false;
    flockfile(in);
    while ((c = getc_unlocked(in)) != EOF) {
        if (n < limit + 1 && !room(line, capacity, n + 2))
            break;
        if (n < limit + 1)
            (*line)[n] = (char)c;
        n++;
        if (c == '\n')
            break;
    }
    funlockfile(in);
    if (n == 0 && c == EOF)
        return -1;
    /* Beyond the limit (a newline and a carriage return aside), nothing of the line is kept. */
    size_t body = n - (n > 0 && c == '\n') - (n > 1 && c == '\n' && n <= limit + 1 && (*line)[n - 2] == '\r');
    *length_read = body;
    if (body > limit) {
        *too_long = true;
        n = 0;
    }
    if (!room(line, capacity, n + 1))
        return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}
