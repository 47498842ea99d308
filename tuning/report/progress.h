/*
 * progress.h: how long runs (r3 match, r3 playout) say how much time is left,
 * in one wording.
 */
#ifndef R3_PROGRESS_H
#define R3_PROGRESS_H

#include <stdio.h>

/* ", about 40 s left", ", about 12 min left" or ", about 1.5 h left". */
void progress_print_time_left(FILE *out, double seconds);

#endif
