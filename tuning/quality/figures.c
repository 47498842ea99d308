/* figures.c: see figures.h. */
#include "tuning/quality/figures.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/io/line_reader.h"
#include "engine/io/text_file.h"
#include "tuning/selfplay/selfplay_out.h"

#define LINE_MAX_BYTES 4096
#define FIGURES_OLDER "# r3 quality figures 1" /* no blunder column */

bool figures_write(const char *path, const struct suite *s, const struct quality_figures *f, const char *player,
                   char *why, size_t size)
{
    struct selfplay_out out;
    if (!selfplay_out_open(&out, path, why, size))
        return false;
    fprintf(out.f, FIGURES_FORMAT "\n# player: %s\n# suite: %s\n# id\ttop1\tregret\tagree\tblunder\n", player,
            s->made_by);
    for (int i = 0; i < s->count; i++) /* at full precision, to be read back exactly */
        fprintf(out.f, "%s\t%.17g\t%.17g\t%.17g\t%.17g\n", s->position[i].id, f[i].top1, f[i].regret, f[i].agree,
                f[i].blunder);
    return selfplay_out_commit(&out, why, size);
}

static int position_index(const struct suite *s, const char *id)
{
    for (int i = 0; i < s->count; i++)
        if (strcmp(s->position[i].id, id) == 0)
            return i;
    return -1;
}

/* A figures file being read: the suite it is for, the figures by the
 * suite's position (out[]), which positions had a line, the player named. */
struct figures_reading {
    const struct suite *suite;
    struct quality_figures *out;
    bool *seen;
    char *player;
    size_t player_size;
};

/* "id top1 regret agree blunder" into out[] at the position's place. */
static bool read_figures(char *line, const struct figures_reading *r, char *why, size_t size)
{
    char id[SUITE_ID_MAX + 1];
    struct quality_figures f;
    int used = 0;
    line[strcspn(line, "\r\n")] = '\0';
    if (sscanf(line, "%32[^\t]\t%lf\t%lf\t%lf\t%lf%n", id, &f.top1, &f.regret, &f.agree, &f.blunder, &used) != 5 ||
        line[used])
        return fail(why, size, "not 'id top1 regret agree blunder', tab-separated: '%.60s'", line);
    int i = position_index(r->suite, id);
    if (i < 0)
        return fail(why, size, "position '%s' is not in the suite (the figures were made on another one)", id);
    if (r->seen[i])
        return fail(why, size, "position '%s' a second time", id);
    if (f.top1 < 0 || f.top1 > 1 || f.regret < 0 || f.regret > 1 || f.agree < 0 || f.agree > 1 || f.blunder < 0 ||
        f.blunder > 1)
        return fail(why, size, "position '%s': figures between 0 and 1 are wanted", id);
    r->out[i] = f, r->seen[i] = true;
    return true;
}

static bool read_line(char *line, long number, const struct figures_reading *r, char *why, size_t size)
{
    if (number == 1 && strncmp(line, FIGURES_OLDER, strlen(FIGURES_OLDER)) == 0)
        return fail(why, size, "saved by an older r3 quality, without the blunders; save it again");
    if (number == 1)
        return strncmp(line, FIGURES_FORMAT, strlen(FIGURES_FORMAT)) == 0 ||
               fail(why, size, "not a file of r3 quality --save: its first line must be '%s'", FIGURES_FORMAT);
    if (strncmp(line, "# player: ", 10) == 0)
        snprintf(r->player, r->player_size, "%.*s", (int)strcspn(line + 10, "\r\n"), line + 10);
    if (line[0] == '#' || line[strspn(line, "\r\n")] == '\0')
        return true;
    return read_figures(line, r, why, size);
}

bool figures_read(const char *path, const struct suite *s, struct quality_figures *out, char *player,
                  size_t player_size, char *why, size_t size)
{
    FILE *f;
    char reason[600], *line = NULL;
    size_t capacity = 0, length;
    bool too_long, ok = true, *seen = calloc((size_t)s->count, sizeof *seen);
    long number = 0;
    const struct figures_reading reading = {s, out, seen, player, player_size};
    snprintf(player, player_size, "a player not named");
    if (!seen)
        return fail(why, size, "%s: no memory", path);
    if (!text_file_open(path, 64ll << 20, "64 MiB", &f, reason, sizeof reason)) {
        free(seen);
        return fail(why, size, "%s: %s", path, reason);
    }
    while (ok && line_read(f, &line, &capacity, LINE_MAX_BYTES, &too_long, &length) >= 0) {
        number++;
        ok = too_long ? fail(reason, sizeof reason, "longer than %d bytes", LINE_MAX_BYTES)
                      : read_line(line, number, &reading, reason, sizeof reason);
    }
    free(line);
    fclose(f);
    if (!ok)
        fail(why, size, "%s line %ld: %s", path, number, reason);
    for (int i = 0; ok && i < s->count; i++)
        if (!seen[i])
            ok = fail(why, size, "%s has no line for position %s of the suite (made on another one?)", path,
                      s->position[i].id);
    free(seen);
    return ok;
}
