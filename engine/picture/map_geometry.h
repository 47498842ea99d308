/*
 * map_geometry.h: the shapes the board picture is drawn with, in its pixels
 * (MAP_WIDTH x MAP_HEIGHT, north up): each area's outline and the point its
 * name is centred on, each border's line, the port links from a coastal area
 * into each sea zone it touches, the sea zones' edges and where their names
 * go, the land beyond the board, and the advance widths of the font the
 * picture names, so that its labels can be measured.
 *
 * map_geometry.c is generated from Natural Earth's coastlines by
 * engine/data/map/generate.mjs and committed: the build needs no node.
 */
#ifndef R3_MAP_GEOMETRY_H
#define R3_MAP_GEOMETRY_H

#include <stdint.h>

#include "engine/core/types.h"

struct map_area {
    double label_x, label_y; /* the point of the area farthest inside it: its name's centre */
    const char *path;        /* SVG path data: the outline, every island included */
};

/* A port link: from (x0, y0) on the area's coast a short way out into the sea zone, to (x1, y1). */
struct map_port {
    uint8_t area, sea;
    double x0, y0, x1, y1;
};

/* Printable ASCII (32..126), then the symbols of MAP_SYMBOLS, in order. */
#define MAP_GLYPHS (95 + 4)

extern const int MAP_WIDTH, MAP_HEIGHT;
extern const struct map_area MAP_AREA[AREA_COUNT];
extern const char *const MAP_BORDER[BORDER_COUNT]; /* SVG path data of each border, as BORDER_INFO */
extern const int MAP_PORT_COUNT;
extern const struct map_port MAP_PORT[];
extern const double MAP_SEA_LABEL[SEA_COUNT][2];
extern const char MAP_SEA_EDGES[];                    /* SVG path data: where one sea zone ends and the next begins */
extern const char MAP_OTHER_LAND[];                   /* SVG path data: land that is no area of the board */
extern const uint16_t MAP_GLYPH_WIDTH[2][MAP_GLYPHS]; /* thousandths of an em; [1]: bold */
extern const char MAP_SYMBOLS[];                      /* UTF-8: crown, cathedral, major port, city */

#endif
