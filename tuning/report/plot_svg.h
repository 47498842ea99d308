/*
 * plot_svg.h: two small plots written as SVG text, with no library: a line chart
 * (r3 tune eval's loss per iteration) and a calibration chart (predicted
 * probability against the observed score, by bins, with their counts). Each
 * has a title, numbered axes with their labels and a legend.
 */
#ifndef R3_PLOT_SVG_H
#define R3_PLOT_SVG_H

#include <stdbool.h>
#include <stdio.h>

/* One line of a line chart: count points (x[i], y[i]). */
struct svg_series {
    const char *name;
    const char *colour; /* an SVG colour, such as "#1f77b4" */
    int count;
    const double *x, *y;
};

/* A line chart of the series, the axes fitted to their points. Returns false
 * if the stream reports an error. */
bool svg_line_chart(FILE *out, const char *title, const char *x_label, const char *y_label,
                    const struct svg_series *series, int series_count);

/* One bin of a calibration chart: the mean prediction of its points, their
 * mean observed outcome, and how many there were (an empty bin is not drawn). */
struct svg_bin {
    double predicted, observed;
    long count;
};

/* One set of bins, such as one set of weights' predictions. */
struct svg_calibration_series {
    const char *name;
    const char *colour;
    int count;
    const struct svg_bin *bin;
    bool label_counts; /* write each bin's count beside its point */
};

/* A calibration chart on [0, 1] × [0, 1]: the diagonal of perfect calibration
 * and each series' bins, as points joined by lines. */
bool svg_calibration(FILE *out, const char *title, const char *x_label, const char *y_label,
                     const struct svg_calibration_series *series, int series_count);

#endif
