/*
 * selfplay_out.h: the file r3 selfplay writes, all or nothing. The lines go
 * to FILE.tmp, renamed to FILE only once all are written, so an error, an
 * interrupt (SIGINT), a kill (SIGTERM, as Slurm sends at its time limit) or
 * a hang-up leaves no FILE, and a FILE from before stays as it was. A FILE ending in
 * ".gz" is written through "gzip -c".
 */
#ifndef R3_SELFPLAY_OUT_H
#define R3_SELFPLAY_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define SELFPLAY_PATH_MAX 4096

struct selfplay_out {
    FILE *f;    /* where the lines go: FILE.tmp, or gzip's input */
    pid_t gzip; /* gzip's process, or -1 */
    char path[SELFPLAY_PATH_MAX], tmp[SELFPLAY_PATH_MAX + 8];
};

/* Creates FILE.tmp (and starts gzip for a ".gz" FILE), and has SIGINT,
 * SIGTERM and SIGHUP (unless ignored, as under nohup) remove it until it is
 * committed or abandoned; false with why. One open at a time: the signal
 * handler knows one file. */
bool selfplay_out_open(struct selfplay_out *o, const char *path, char *why, size_t size);

/* Closes FILE.tmp (gzip done) and renames it FILE; false with why, with
 * FILE.tmp removed. */
bool selfplay_out_commit(struct selfplay_out *o, char *why, size_t size);

/* Closes and removes FILE.tmp. */
void selfplay_out_abandon(struct selfplay_out *o);

#endif
