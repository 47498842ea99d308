/*
 * plot_svg.c: see plot_svg.h. A chart is a fixed 720 × 480 canvas: the plot area inside
 * margins for the numbered axes and their labels, the title above, the legend
 * at the plot's top right. Numbers on the axes are at round steps (1, 2 or 5
 * times a power of ten). Text is escaped for XML.
 */
#include "tuning/report/plot_svg.h"

#include <math.h>

#define WIDTH 720
#define HEIGHT 480
#define LEFT 80 /* the plot area's margins */
#define RIGHT 30
#define TOP 50
#define BOTTOM 60
#define PLOT_W (WIDTH - LEFT - RIGHT)
#define PLOT_H (HEIGHT - TOP - BOTTOM)
#define FONT "font-family=\"sans-serif\""

/* The plot area's ranges. */
struct frame {
    double x0, x1, y0, y1;
};

static double x_pixel(const struct frame *f, double x) { return LEFT + (x - f->x0) / (f->x1 - f->x0) * PLOT_W; }
static double y_pixel(const struct frame *f, double y) { return TOP + PLOT_H - (y - f->y0) / (f->y1 - f->y0) * PLOT_H; }

static void text_escaped(FILE *out, const char *text)
{
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*c, out);
        }
    }
}

/* A round step for about five intervals over [low, high]. */
static double tick_step(double low, double high)
{
    double raw = (high - low) / 5;
    double magnitude = pow(10, floor(log10(raw)));
    double fraction = raw / magnitude;
    return magnitude * (fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10);
}

/* Widens [*low, *high] to whole steps, and to a width above zero. */
static void round_range(double *low, double *high)
{
    if (!(*high > *low)) {
        double pad = *low != 0 ? fabs(*low) * 0.1 : 1;
        *low -= pad;
        *high += pad;
    }
    double step = tick_step(*low, *high);
    *low = floor(*low / step + 1e-9) * step;
    *high = ceil(*high / step - 1e-9) * step;
}

static void begin(FILE *out, const char *title)
{
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
            "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
            "<text x=\"%d\" y=\"28\" text-anchor=\"middle\" font-size=\"17\" " FONT ">",
            WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH, HEIGHT, WIDTH / 2);
    text_escaped(out, title);
    fputs("</text>\n", out);
}

/* The frame, the grid and the numbers at each step, and the axis labels. */
static void axes(FILE *out, const struct frame *f, const char *x_label, const char *y_label)
{
    fprintf(out, "<g " FONT " font-size=\"12\" fill=\"#333\">\n");
    double step = tick_step(f->x0, f->x1);
    for (double x = f->x0; x <= f->x1 + step * 1e-6; x += step) {
        double at = x_pixel(f, x);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e4e4e4\"/>\n", at, TOP, at,
                TOP + PLOT_H);
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", at, TOP + PLOT_H + 18,
                fabs(x) < step * 1e-6 ? 0 : x);
    }
    step = tick_step(f->y0, f->y1);
    for (double y = f->y0; y <= f->y1 + step * 1e-6; y += step) {
        double at = y_pixel(f, y);
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", LEFT, at,
                LEFT + PLOT_W, at);
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", LEFT - 8, at + 4,
                fabs(y) < step * 1e-6 ? 0 : y);
    }
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n", LEFT, TOP,
            PLOT_W, PLOT_H);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"14\">", LEFT + PLOT_W / 2, HEIGHT - 15);
    text_escaped(out, x_label);
    fprintf(out, "</text>\n<text transform=\"translate(20 %d) rotate(-90)\" text-anchor=\"middle\" font-size=\"14\">",
            TOP + PLOT_H / 2);
    text_escaped(out, y_label);
    fputs("</text>\n</g>\n", out);
}

/* A legend of count entries at the plot's top right (or left), on white. */
static void legend_box(FILE *out, int count, bool left)
{
    fprintf(out,
            "<rect x=\"%d\" y=\"%d\" width=\"200\" height=\"%d\" fill=\"white\" fill-opacity=\"0.85\" "
            "stroke=\"#ccc\"/>\n",
            left ? LEFT + 10 : LEFT + PLOT_W - 210, TOP + 6, 20 * count + 8);
}

/* The legend's entry i: a line (dashed or not) in its colour, and its name. */
static void legend(FILE *out, int i, bool left, const char *name, const char *colour, bool dashed)
{
    int x = left ? LEFT + 20 : LEFT + PLOT_W - 200, y = TOP + 24 + 20 * i;
    fprintf(out,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2.5\"%s/>\n"
            "<text x=\"%d\" y=\"%d\" font-size=\"13\" " FONT ">",
            x, y - 4, x + 25, y - 4, colour, dashed ? " stroke-dasharray=\"6 4\"" : "", x + 32, y);
    text_escaped(out, name);
    fputs("</text>\n", out);
}

static bool finish_svg(FILE *out)
{
    fputs("</svg>\n", out);
    return !ferror(out);
}

bool svg_line_chart(FILE *out, const char *title, const char *x_label, const char *y_label,
                    const struct svg_series *series, int series_count)
{
    struct frame f = {INFINITY, -INFINITY, INFINITY, -INFINITY};
    for (int s = 0; s < series_count; s++)
        for (int i = 0; i < series[s].count; i++) {
            f.x0 = fmin(f.x0, series[s].x[i]), f.x1 = fmax(f.x1, series[s].x[i]);
            f.y0 = fmin(f.y0, series[s].y[i]), f.y1 = fmax(f.y1, series[s].y[i]);
        }
    if (!isfinite(f.x0))
        f = (struct frame){0, 1, 0, 1};
    round_range(&f.x0, &f.x1);
    round_range(&f.y0, &f.y1);
    begin(out, title);
    axes(out, &f, x_label, y_label);
    for (int s = 0; s < series_count; s++) {
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", series[s].colour);
        for (int i = 0; i < series[s].count; i++)
            fprintf(out, "%s%.1f,%.1f", i ? " " : "", x_pixel(&f, series[s].x[i]), y_pixel(&f, series[s].y[i]));
        fputs("\"/>\n", out);
        if (series[s].count == 1)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", x_pixel(&f, series[s].x[0]),
                    y_pixel(&f, series[s].y[0]), series[s].colour);
    }
    legend_box(out, series_count, false);
    for (int s = 0; s < series_count; s++)
        legend(out, s, false, series[s].name, series[s].colour, false);
    return finish_svg(out);
}

bool svg_calibration(FILE *out, const char *title, const char *x_label, const char *y_label,
                     const struct svg_calibration_series *series, int series_count)
{
    struct frame f = {0, 1, 0, 1};
    begin(out, title);
    axes(out, &f, x_label, y_label);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"6 4\"/>\n",
            x_pixel(&f, 0), y_pixel(&f, 0), x_pixel(&f, 1), y_pixel(&f, 1));
    for (int s = 0; s < series_count; s++) {
        const struct svg_calibration_series *c = &series[s];
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", c->colour);
        for (int i = 0, drawn = 0; i < c->count; i++)
            if (c->bin[i].count > 0)
                fprintf(out, "%s%.1f,%.1f", drawn++ ? " " : "", x_pixel(&f, c->bin[i].predicted),
                        y_pixel(&f, c->bin[i].observed));
        fputs("\"/>\n", out);
        for (int i = 0; i < c->count; i++) {
            if (c->bin[i].count == 0)
                continue;
            double x = x_pixel(&f, c->bin[i].predicted), y = y_pixel(&f, c->bin[i].observed);
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", x, y, c->colour);
            if (c->label_counts) /* beside the point, on the side away from the plot's edge */
                fprintf(out,
                        "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"%s\" text-anchor=\"%s\" " FONT
                        ">n=%ld</text>\n",
                        x > LEFT + PLOT_W - 60 ? x - 7 : x + 7, y < TOP + 20 ? y + 16 : y - 7, c->colour,
                        x > LEFT + PLOT_W - 60 ? "end" : "start", c->bin[i].count);
        }
    }
    legend_box(out, series_count + 1, true);
    for (int s = 0; s < series_count; s++)
        legend(out, s, true, series[s].name, series[s].colour, false);
    legend(out, series_count, true, "perfect calibration", "#999", true);
    return finish_svg(out);
}
