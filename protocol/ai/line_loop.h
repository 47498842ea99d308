/*
 * line_loop.h: the command loop of r3's two line protocols, the engine's
 * (protocol/ai/ai.h) and the game master's (protocol/host/host.h).
 * It reads a line at a time within a bound, answers a line too long or
 * holding bytes the protocol refuses with its one error line, splits off the
 * command word and runs that word's command from the caller's table with the
 * caller's context. Where the two protocols differ, struct line_loop says
 * how; a line that names no command of the table is the caller's.
 */
#ifndef R3_LINE_LOOP_H
#define R3_LINE_LOOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct line_command {
    const char *word;
    bool (*run)(void *context, char *args); /* true when done; false after its one error line */
    bool while_busy;                        /* runs even while the caller is busy (see busy below) */
};

struct line_loop {
    FILE *in, *out;
    size_t limit; /* bytes in a line, its end not counted */
    /* Every carriage return and newline at the end is the line's end; else
     * one newline and one carriage return before it, and another is a
     * control character. */
    bool every_line_end;
    bool ascii_only;     /* refuses every byte but printable ASCII and tabs, else only control characters */
    bool trim_arguments; /* the spaces and tabs after the arguments are taken off */
    const char *done;    /* said after a command that was done ("ok"), or NULL */
    const struct line_command *command;
    size_t commands;
    void *context; /* every function's first argument */
    /* Whether the caller is busy, after its error line naming the command
     * refused for it: asked before a command that does not run while busy.
     * NULL: never busy. */
    bool (*busy)(void *context, const char *word);
    /* A line whose first word (start, word bytes long; none on an empty
     * line) is no command of the table; false ends the loop. */
    bool (*other)(void *context, char *start, size_t word, char *args);
    /* Before each line is taken (counted even if it is refused), and after
     * each line answered, unless it ended the loop; either may be NULL. */
    void (*line_begins)(void *context);
    void (*line_answered)(void *context);
    /* After line_begins: false refuses the line unread, after the hook's
     * own error line (a rate limit). NULL: every line is taken. */
    bool (*admit)(void *context);
    /* With idle_ms over 0: when no byte of input comes for that long after
     * an answer, idle (its last words) is called and the loop ends. */
    long idle_ms;
    void (*idle)(void *context);
};

/* Runs the loop until 'other' ends it or the input does. */
void line_loop_run(const struct line_loop *loop);

#endif
