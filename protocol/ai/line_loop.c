/*
 * line_loop.c: see line_loop.h. Lines come through line_read
 * (engine/io/line_reader.h), so a line over the bound costs no more memory
 * than the bound; a NUL byte is refused before anything reads the line as a
 * string.
 */
/* gnulib (for freadahead) puts its own system headers first on the include
 * path; they need its config.h before anything else. */
#include <config.h>

#include "protocol/ai/line_loop.h"

#include <errno.h>
#include <freadahead.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "engine/io/line_reader.h"
#include "protocol/ai/say.h"

/* Takes the line's end off: 'length' bytes of line, no NUL among them. */
static void cut_line_end(const struct line_loop *loop, char *line, size_t length)
{
    if (loop->every_line_end) {
        while (length && (line[length - 1] == '\n' || line[length - 1] == '\r'))
            length--;
    } else {
        length -= length > 0 && line[length - 1] == '\n';
        length -= length > 0 && line[length - 1] == '\r';
    }
    line[length] = '\0';
}

/* Whether the line holds a byte the protocol refuses: a control character
 * other than a tab (which separates words as a space does), and with
 * ascii_only anything past printable ASCII. */
static bool refused_bytes(const struct line_loop *loop, const char *line)
{
    for (const unsigned char *c = (const unsigned char *)line; *c; c++)
        if ((*c < 0x20 && *c != '\t') || *c == 0x7f || (loop->ascii_only && *c > 0x7e))
            return true;
    return false;
}

static const struct line_command *command_of(const struct line_loop *loop, const char *start, size_t word)
{
    for (size_t i = 0; i < loop->commands; i++)
        if (strlen(loop->command[i].word) == word && strncmp(start, loop->command[i].word, word) == 0)
            return &loop->command[i];
    return NULL;
}

/* Runs one line, its end taken off; false when it ends the loop. */
static bool run_line(const struct line_loop *loop, char *line)
{
    if (refused_bytes(loop, line))
        return say_error(loop->out, "bad-bytes", "%s",
                         loop->ascii_only ? "the line holds bytes that are not printable ASCII"
                                          : "the line holds control characters"),
               true;
    char *start = line + strspn(line, " \t");
    size_t word = strcspn(start, " \t");
    char *args = start + word + strspn(start + word, " \t");
    if (loop->trim_arguments)
        for (char *end = args + strlen(args); end > args && (end[-1] == ' ' || end[-1] == '\t');)
            *--end = '\0';
    const struct line_command *c = command_of(loop, start, word);
    if (!c)
        return loop->other(loop->context, start, word, args);
    if ((c->while_busy || !loop->busy || !loop->busy(loop->context, c->word)) && c->run(loop->context, args) &&
        loop->done)
        say(loop->out, "%s", loop->done);
    return true;
}

/* A line as read: refused whole if it is too long or holds a NUL byte,
 * else run; false when it ends the loop. */
static bool take_line(const struct line_loop *loop, char *line, size_t length, bool too_long, size_t length_read)
{
    if (too_long)
        return say_error(loop->out, "line-too-long", "a line of %zu bytes; the limit is %zu", length_read, loop->limit),
               true;
    if (memchr(line, '\0', length))
        return say_error(loop->out, "bad-bytes", "the line holds a NUL byte"), true;
    cut_line_end(loop, line, length);
    return run_line(loop, line);
}

/* Whether input comes within the loop's idle time: a byte already read
 * ahead into the stream's buffer counts, and so does the input's end. */
static bool input_comes(const struct line_loop *loop)
{
    if (loop->idle_ms <= 0 || freadahead(loop->in) > 0)
        return true;
    struct pollfd fd = {.fd = fileno(loop->in), .events = POLLIN};
    int ready;
    while ((ready = poll(&fd, 1, loop->idle_ms > INT_MAX ? INT_MAX : (int)loop->idle_ms)) < 0 && errno == EINTR)
        ;
    if (ready == 0)
        loop->idle(loop->context);
    return ready != 0;
}

void line_loop_run(const struct line_loop *loop)
{
    char *line = NULL;
    size_t capacity = 0, length_read;
    ssize_t length;
    bool too_long;
    while (input_comes(loop) &&
           (length = line_read(loop->in, &line, &capacity, loop->limit, &too_long, &length_read)) >= 0) {
        if (loop->line_begins)
            loop->line_begins(loop->context);
        if (loop->admit && !loop->admit(loop->context))
            continue;
        if (!take_line(loop, line, (size_t)length, too_long, length_read))
            break;
        if (loop->line_answered)
            loop->line_answered(loop->context);
    }
    free(line);
}
