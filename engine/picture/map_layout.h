/*
 * map_layout.h: where the board picture's labels go, so that none covers
 * another. Text is measured by the advance widths of the picture's font
 * (engine/picture/map_geometry.h). Boxes are placed one at a time, each at the
 * first free spot on square rings spiralling out from where it would rather
 * be, inside the picture.
 */
#ifndef R3_MAP_LAYOUT_H
#define R3_MAP_LAYOUT_H

#include <stdbool.h>

struct map_box {
    double x, y, w, h; /* top left, width, height */
};

#define MAP_MAX_BOXES 128

struct map_layout {
    int count;
    struct map_box box[MAP_MAX_BOXES];
};

/* The width in pixels of UTF-8 text at a font size, regular or bold. */
double map_text_width(const char *text, double size, bool bold);

bool map_boxes_overlap(const struct map_box *a, const struct map_box *b);

/* Adds a box where it must be. */
void map_fix(struct map_layout *l, struct map_box b);

/* Adds a w x h box as near to top left (x, y) as a free spot allows and
 * returns it; where none is free within reach, it stays at (x, y). */
struct map_box map_place(struct map_layout *l, double x, double y, double w, double h);

#endif
