/*
 * map_layout.c: see map_layout.h.
 */
#include "engine/picture/map_layout.h"

#include "engine/picture/map_geometry.h"

#define STEP 3.0 /* pixels between two tries */
#define RINGS 70 /* how far a box may go from where it would rather be */
#define GAP 1.0  /* space kept between two boxes */

/* The next code point of UTF-8 text, and how many bytes it took. */
static unsigned code_point(const unsigned char *s, int *bytes)
{
    if (s[0] < 0x80 || !s[1])
        return *bytes = 1, s[0];
    if ((s[0] & 0xe0) == 0xc0)
        return *bytes = 2, (unsigned)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
    if ((s[0] & 0xf0) == 0xe0 && s[2])
        return *bytes = 3, (unsigned)(s[0] & 0x0f) << 12 | (unsigned)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
    *bytes = 1;
    return 0xfffd;
}

/* A glyph's width in thousandths of an em: an unknown one counts as a whole em. */
static int glyph_width(unsigned c, bool bold)
{
    if (c >= 32 && c < 127)
        return MAP_GLYPH_WIDTH[bold][c - 32];
    const unsigned char *s = (const unsigned char *)MAP_SYMBOLS;
    for (int i = 0, n; *s; i++, s += n)
        if (code_point(s, &n) == c)
            return MAP_GLYPH_WIDTH[bold][95 + i];
    return 1000;
}

double map_text_width(const char *text, double size, bool bold)
{
    long sum = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        int n;
        sum += glyph_width(code_point(s, &n), bold);
        s += n;
    }
    return sum * size / 1000.0;
}

bool map_boxes_overlap(const struct map_box *a, const struct map_box *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

void map_fix(struct map_layout *l, struct map_box b)
{
    if (l->count < MAP_MAX_BOXES)
        l->box[l->count++] = b;
}

static bool is_free(const struct map_layout *l, const struct map_box *b)
{
    if (b->x < 0 || b->y < 0 || b->x + b->w > MAP_WIDTH || b->y + b->h > MAP_HEIGHT)
        return false;
    struct map_box padded = {b->x - GAP, b->y - GAP, b->w + 2 * GAP, b->h + 2 * GAP};
    for (int i = 0; i < l->count; i++)
        if (map_boxes_overlap(&padded, &l->box[i]))
            return false;
    return true;
}

/* Tries the square ring k steps out, nearest spots first along each side. */
static bool try_ring(const struct map_layout *l, struct map_box *b, double x, double y, int k)
{
    for (int along = 0; along <= k; along++)
        for (int sign = 0; sign < (along ? 2 : 1); sign++) {
            int t = sign ? -along : along;
            const int spot[4][2] = {{t, k}, {t, -k}, {k, t}, {-k, t}}; /* below, above, right, left */
            for (int s = 0; s < (k ? 4 : 1); s++) {
                b->x = x + spot[s][0] * STEP;
                b->y = y + spot[s][1] * STEP;
                if (is_free(l, b))
                    return true;
            }
        }
    return false;
}

struct map_box map_place(struct map_layout *l, double x, double y, double w, double h)
{
    struct map_box b = {x, y, w, h};
    bool found = false;
    for (int k = 0; k <= RINGS && !found; k++)
        found = try_ring(l, &b, x, y, k);
    if (!found)
        b.x = x, b.y = y;
    map_fix(l, b);
    return b;
}
