/* record_file.c: see record_file.h. */
#include "games/record_file.h"

#include "engine/io/line_reader.h"
#include "engine/io/text_file.h"

void record_file_bound(char *text, size_t size)
{
    snprintf(text, size, "%d decisions of at most %d bytes, and %d for the header", GAME_DECISION_BOUND,
             RECORD_DECISION_LINE_MAX, RECORD_HEADER_MAX);
}

bool record_file_open(const char *path, FILE **out, char *why, size_t size)
{
    char bound[160];
    record_file_bound(bound, sizeof bound);
    return text_file_open(path, RECORD_FILE_MAX, bound, out, why, size);
}

ssize_t record_line_read(FILE *in, char **line, size_t *capacity, bool *too_long)
{
    size_t length;
    return line_read(in, line, capacity, RECORD_LINE_MAX, too_long, &length);
}
