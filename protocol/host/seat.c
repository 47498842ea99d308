/*
 * seat.c: see seat.h. A program seat goes through the referee's functions
 * (engine_start, engine_newgame, engine_tell, engine_ask), so that r3 host
 * and r3 match speak to an engine program in one way, with one time limit
 * and one set of forfeits.
 */
/* gnulib (for freadahead) puts its own system headers first on the include
 * path; they need its config.h before anything else. */
#include <config.h>

#include "protocol/host/seat.h"

#include <errno.h>
#include <freadahead.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "engine/core/fail.h"
#include "engine/hidden/observe.h"

/* ---- the searches of an engine or human seat ---- */

static void on_progress(void *context, const struct driver_progress *p) { ((struct seat *)context)->value = p->value; }
static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }
/* On the search's thread: the choice, and a word to the waiting seat_search. */
static void on_bestmove(void *context, decision best)
{
    struct seat *s = context;
    s->best = best;
    if (s->wake_fd >= 0 && eventfd_write(s->wake_fd, 1) != 0)
        abort(); /* an eventfd's counter cannot overflow from one write */
}

/* Whether 'input' has come to its end. Called only once poll says a read
 * would not block: a byte read is put back for the command loop. */
static bool input_ended(FILE *input)
{
    int c = getc(input);
    if (c == EOF)
        return true;
    ungetc(c, input);
    return false;
}

/* Waits for the search's choice, stopping it if 'input' ends first. While
 * lines are waiting to be read (in the stream's buffer or the pipe), the
 * input has not ended, and only the search is waited for. */
static void wait_watching(struct seat *s, FILE *input)
{
    bool watching = input && freadahead(input) == 0;
    for (;;) {
        struct pollfd fd[2] = {{.fd = s->wake_fd, .events = POLLIN},
                               {.fd = watching ? fileno(input) : -1, .events = POLLIN}};
        if (poll(fd, 2, -1) < 0 && errno != EINTR)
            break;
        if (fd[0].revents)
            return;
        if (fd[1].revents) {
            if (input_ended(input)) {
                driver_stop(&s->driver);
                return;
            }
            watching = false;
        }
    }
}

decision seat_search(struct seat *s, const struct limits *limits, const struct world *truth, FILE *input)
{
    const struct driver_callbacks report = {on_progress, on_note, on_bestmove, s, NULL};
    s->value = -1;
    s->wake_fd = input ? eventfd(0, EFD_CLOEXEC) : -1;
    driver_start(&s->driver, &s->belief, s->player.kind == PLAYER_CHEAT ? truth : NULL, &s->player, limits, &report);
    if (s->wake_fd >= 0)
        wait_watching(s, input);
    driver_settle(&s->driver);
    if (s->wake_fd >= 0)
        close(s->wake_fd);
    s->wake_fd = -1;
    return s->best;
}

/* Reports of a search whose choice nobody takes: a ponder's. */
static void ignore_progress(void *context, const struct driver_progress *p) { (void)context, (void)p; }
static void ignore_bestmove(void *context, decision best) { (void)context, (void)best; }

void seat_ponder(struct seat *s)
{
    const struct limits until_stopped = {.clock = {-1, -1}, .infinite = true, .ponder = true};
    const struct driver_callbacks silent = {ignore_progress, on_note, ignore_bestmove, NULL, NULL};
    /* Only the SO tree is kept from one search to the next. */
    if (s->kind != SEAT_ENGINE || s->pondering || s->player.kind != PLAYER_ISMCTS ||
        s->player.ismcts.kind != ISMCTS_INFORMATION_SET)
        return;
    driver_start(&s->driver, &s->belief, NULL, &s->player, &until_stopped, &silent);
    s->pondering = true;
}

void seat_stop_pondering(struct seat *s)
{
    if (!s->pondering)
        return;
    driver_stop(&s->driver);
    s->pondering = false;
}

/* ---- a program seat's process ---- */

/* "NAME=VALUE" words into the spec's option names and values. */
static bool take_options(struct seat *s, const char (*option_word)[SEAT_WORD_MAX], int count, char *why, size_t size)
{
    if (count > REFEREE_MAX_OPTIONS)
        return fail(why, size, "an engine program takes at most %d options, not %d", REFEREE_MAX_OPTIONS, count);
    for (int i = 0; i < count; i++) {
        const char *equals = strchr(option_word[i], '=');
        snprintf(s->option_name[i], sizeof s->option_name[i], "%.*s", (int)(equals - option_word[i]), option_word[i]);
        snprintf(s->option_value[i], sizeof s->option_value[i], "%s", equals + 1);
        s->spec.option_name[i] = s->option_name[i];
        s->spec.option_value[i] = s->option_value[i];
    }
    s->spec.options = count;
    return true;
}

bool seat_launch(struct seat *s, const char *cmd, const char (*option_word)[SEAT_WORD_MAX], int count, char *why,
                 size_t size)
{
    char reason[300];
    if (strlen(cmd) >= sizeof s->cmd)
        return fail(why, size, "the command is longer than %zu bytes", sizeof s->cmd - 1);
    snprintf(s->cmd, sizeof s->cmd, "%s", cmd);
    s->spec = (struct engine_spec){.cmd = s->cmd, .name = s->cmd};
    s->process = (struct engine_process){.pid = -1};
    if (!take_options(s, option_word, count, why, size))
        return false;
    if (engine_start(&s->process, &s->spec, reason, sizeof reason))
        return true;
    engine_stop(&s->process);
    return fail(why, size, "'%s' did not start as an engine: %s", cmd, reason);
}

void seat_move_process(struct seat *to, struct seat *from)
{
    memcpy(to->cmd, from->cmd, sizeof to->cmd);
    memcpy(to->option_name, from->option_name, sizeof to->option_name);
    memcpy(to->option_value, from->option_value, sizeof to->option_value);
    to->spec = from->spec;
    to->spec.cmd = to->spec.name = to->cmd;
    for (int i = 0; i < to->spec.options; i++) {
        to->spec.option_name[i] = to->option_name[i];
        to->spec.option_value[i] = to->option_value[i];
    }
    to->process = from->process;
    to->process.spec = &to->spec;
    from->process.pid = -1;
}

void seat_close(struct seat *s)
{
    if (s->kind == SEAT_PROGRAM)
        engine_stop(&s->process);
}

/* ---- the game ---- */

void seat_begin(struct seat *s, int scenario, int side, uint64_t seed)
{
    driver_forget(&s->driver); /* no tree kept from another line of play */
    belief_start(&s->belief, scenario, side, seed);
    if (s->kind == SEAT_PROGRAM)
        engine_newgame(&s->process, scenario, side);
}

bool seat_tell(struct seat *s, const struct world *before, decision d, const struct world *after, int side,
               struct observations *seen, char *why, size_t size)
{
    if (s->kind == SEAT_PROGRAM) /* the referee's code works out what it sends */
        return engine_tell(&s->process, before, d, after, side), true;
    observe(before, d, after, side, seen);
    /* A person's side always weighs the enemy's choices: its belief is what
     * 'belief' tells the person, and it decides nothing. */
    bool infer = s->kind == SEAT_HUMAN || s->player.infer;
    return infer_observe(&s->belief, seen, infer ? &s->player.inference : NULL, why, size);
}

bool seat_decide(struct seat *s, const struct world *truth, FILE *input, decision *d, char *why, size_t size, int *end)
{
    if (s->kind == SEAT_PROGRAM) {
        const struct time_control bare_go = {.timeout_ms = REFEREE_TIMEOUT_MS};
        return engine_ask(&s->process, truth, &bare_go, NULL, d, why, size, end);
    }
    const struct limits budget = {.clock = {-1, -1}, .most_ms = s->most_ms};
    *d = seat_search(s, &budget, truth, input);
    return true;
}
