/*
 * progress.c: see progress.h. Seconds up to two minutes, minutes up to two
 * hours, then hours: a reader wants the scale, not the digits.
 */
#include "tuning/report/progress.h"

void progress_print_time_left(FILE *out, double seconds)
{
    if (seconds < 120)
        fprintf(out, ", about %.0f s left", seconds);
    else if (seconds < 120 * 60)
        fprintf(out, ", about %.0f min left", seconds / 60);
    else
        fprintf(out, ", about %.1f h left", seconds / 3600);
}
