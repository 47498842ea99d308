/*
 * referee.c: see referee.h. Engines run as child processes on two pipes. The
 * referee waits for a line with poll() and a deadline, so a hung engine costs
 * its time limit and a margin, never the match.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "games/referee.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "games/record.h"

#define HANDSHAKE_MS 10000
#define MARGIN_MS 2000

static bool send_line(struct engine_process *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool send_line(struct engine_process *p, const char *fmt, ...)
{
    char line[POSITION_TEXT_MAX + 64]; /* a truth line holds a whole position */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return false;
    line[n++] = '\n';
    for (int done = 0; done < n;) {
        ssize_t w = write(p->to, line + done, (size_t)(n - done));
        if (w <= 0 && errno != EINTR)
            return false;
        done += w > 0 ? (int)w : 0;
    }
    return true;
}

/* Whether the engine's process has exited (reaped here): a grandchild may
 * hold its output open, so the end of the pipe alone does not tell. */
static bool has_exited(struct engine_process *p)
{
    if (!p->exited && p->pid > 0 && waitpid(p->pid, NULL, WNOHANG) == p->pid)
        p->exited = true;
    return p->exited;
}

/* A whole line at the front of the buffer, without its "\r\n" or "\n",
 * into line; false if none has come. An info line longer than the buffer is
 * dropped (its rest as it comes); any other is handed over cut, as garbage. */
static bool take_line(struct engine_process *p, char *line, size_t size)
{
    for (;;) {
        char *end = memchr(p->buffer, '\n', p->length);
        if (!end && p->length == sizeof p->buffer) {
            if (p->skipping || strncmp(p->buffer, "info", 4) == 0) {
                p->skipping = true, p->length = 0;
                return false;
            }
            size_t n = p->length < size ? p->length : size - 1; /* too long to be protocol: cut */
            memcpy(line, p->buffer, n);
            line[n] = '\0';
            p->length = 0;
            return true;
        }
        if (!end)
            return false;
        size_t n = (size_t)(end - p->buffer), taken = n + (*end == '\n');
        bool was_skipping = p->skipping;
        p->skipping = false;
        if (!was_skipping)
            snprintf(line, size, "%.*s", (int)(n > 0 && p->buffer[n - 1] == '\r' ? n - 1 : n), p->buffer);
        memmove(p->buffer, p->buffer + taken, p->length - taken);
        p->length -= taken;
        if (!was_skipping)
            return true;
    }
}

/* One line from the engine: 1, 0 at the deadline, -1 when it has exited. */
static int read_line(struct engine_process *p, char *line, size_t size, long deadline)
{
    for (;;) {
        if (take_line(p, line, size))
            return 1;
        long left = deadline - clock_us() / 1000;
        /* A tenth of a second at most, so that an exit is seen; at the deadline, a last look. */
        struct pollfd f = {p->from, POLLIN, 0};
        int ready = poll(&f, 1, left <= 0 ? 0 : left < 100 ? (int)left : 100);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0 && has_exited(p))
            return -1;
        if (ready <= 0 && left <= 0)
            return 0;
        if (ready <= 0)
            continue;
        ssize_t r = read(p->from, p->buffer + p->length, sizeof p->buffer - p->length);
        if (r <= 0)
            return -1;
        p->length += (size_t)r;
    }
}

/* One "option name NAME type TYPE ..." line into *o; false for any other line. */
static bool read_declaration(const char *line, struct engine_option *o)
{
    const char *min = strstr(line, " min "), *max = strstr(line, " max ");
    *o = (struct engine_option){0};
    if (sscanf(line, "option name %63s type %15s", o->name, o->type) != 2)
        return false;
    if (min && max) {
        o->min = strtol(min + 5, NULL, 10);
        o->max = strtol(max + 5, NULL, 10);
    }
    return true;
}

/* The option declarations a handshake is read for, if any. */
struct declarations {
    struct engine_option *list;
    int max, count;
};

/* Reads until a line equal to 'want', keeping the option declarations on the
 * way in *seen if it is not NULL; false with a reason. */
static bool await(struct engine_process *p, const char *want, long ms, struct declarations *seen, char *why,
                  size_t size)
{
    char line[512];
    long deadline = clock_us() / 1000 + ms;
    for (;;) {
        int got = read_line(p, line, sizeof line, deadline);
        if (got <= 0) {
            return fail(why, size, "%s: %s waiting for '%s'", p->spec->name, got ? "exited" : "no answer", want);
        }
        if (strcmp(line, want) == 0)
            return true;
        if (seen && seen->count < seen->max && read_declaration(line, &seen->list[seen->count]))
            seen->count++;
        if (strncmp(line, "error", 5) == 0) {
            return fail(why, size, "%s said '%.160s' waiting for '%s'", p->spec->name, line, want);
        }
    }
}

static bool spawn(struct engine_process *p, char *why, size_t size)
{
    int in[2], out[2];
    /* Close-on-exec: an engine that another thread starts must not hold
     * these ends open, or this engine's exit would never read as EOF. */
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) {
        return fail(why, size, "no pipes: %s", strerror(errno));
    }
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0); /* a group of its own, ended whole by engine_stop */
        dup2(in[0], 0);
        dup2(out[1], 1);
        /* Nothing else of the referee's: its results files, or another
         * engine's pipes, held open by this engine would outlive it. */
        closefrom(3);
        signal(SIGPIPE, SIG_DFL); /* the referee ignores it; the engine should not inherit that */
        execl("/bin/sh", "sh", "-c", p->spec->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (pid > 0)
        setpgid(pid, pid); /* as the child does: whichever runs first, the group exists before a kill */
    p->pid = pid;
    p->exited = false;
    p->skipping = false;
    p->to = in[1];
    p->from = out[0];
    p->length = 0;
    if (pid < 0) {
        return fail(why, size, "cannot start '%s': %s", p->spec->cmd, strerror(errno));
    }
    return true;
}

int engine_declared_options(const struct engine_spec *spec, struct engine_option *list, int max, char *why, size_t size)
{
    struct engine_process p;
    struct declarations seen = {list, max, 0};
    signal(SIGPIPE, SIG_IGN);
    p = (struct engine_process){.spec = spec, .pid = -1};
    bool read = spawn(&p, why, size) && send_line(&p, "r3p") && await(&p, "r3pok", HANDSHAKE_MS, &seen, why, size);
    engine_stop(&p);
    return read ? seen.count : -1;
}

bool engine_start(struct engine_process *p, const struct engine_spec *spec, char *why, size_t size)
{
    signal(SIGPIPE, SIG_IGN); /* a dead engine is found by its pipe, not by a signal */
    p->spec = spec;
    if (!spawn(p, why, size) || !send_line(p, "r3p") || !await(p, "r3pok", HANDSHAKE_MS, NULL, why, size))
        return false;
    for (int i = 0; i < spec->options; i++)
        if (!send_line(p, "setoption name %s value %s", spec->option_name[i], spec->option_value[i]))
            return false;
    return send_line(p, "isready") && await(p, "readyok", HANDSHAKE_MS, NULL, why, size);
}

void engine_stop(struct engine_process *p)
{
    if (p->pid <= 0)
        return;
    send_line(p, "quit");
    close(p->to);
    for (int i = 0; i < 50 && !has_exited(p); i++)
        usleep(10000);
    /* The whole group: the engine if it is still there, and whatever it
     * started, which would otherwise live on holding its pipes. */
    kill(-p->pid, SIGKILL);
    if (!p->exited)
        waitpid(p->pid, NULL, 0);
    close(p->from);
    p->pid = -1;
}

void engine_restart(struct engine_process *p)
{
    char why[200];
    const struct engine_spec *spec = p->spec;
    engine_stop(p);
    p->restarts++;
    engine_start(p, spec, why, sizeof why); /* if it fails again, its next game is lost the same way */
}

/* ---- a game ---- */

/* Whether the engine plays the cheat baseline, which is sent the true world before each go. */
static bool sees_all(const struct engine_spec *spec)
{
    for (int i = 0; i < spec->options; i++)
        if (strcmp(spec->option_name[i], "Player") == 0 && strcmp(spec->option_value[i], "cheat") == 0)
            return true;
    return false;
}

static bool send_go(struct engine_process *p, const struct world *w, const struct time_control *tc,
                    const struct game_clock *clock)
{
    char truth[POSITION_TEXT_MAX];
    if (sees_all(p->spec) && (!position_print(w, truth, sizeof truth) || !send_line(p, "truth %s", truth)))
        return false;
    if (clock)
        return send_line(p, "go wtime %ld btime %ld winc %ld binc %ld", clock->left_ms[SIDE_YORK],
                         clock->left_ms[SIDE_LANCASTER], tc->increment_ms, tc->increment_ms);
    if (tc->nodes)
        return send_line(p, "go nodes %lld", tc->nodes);
    if (tc->movetime_ms)
        return send_line(p, "go movetime %d", tc->movetime_ms);
    return send_line(p, "go");
}

const char *const GAME_END_WORD[END_COUNT] = {
    [END_HEIRS] = "heirs",
    [END_USURPATION] = "usurpation",
    [END_LAST_CAMPAIGN] = "last-campaign",
    [END_ILLEGAL] = "illegal",
    [END_CRASH] = "crash",
    [END_HANG] = "hang",
    [END_GARBAGE] = "garbage",
    [END_TIME] = "time",
    [END_BOUND] = "bound",
};

/* The side's clock after a decision that took 'used' ms: what was left
 * (none once it is over, within the grace), plus the increment. */
static void charge(struct game_clock *clock, int side, long used, long increment)
{
    long left = clock->left_ms[side] - used;
    clock->left_ms[side] = (left > 0 ? left : 0) + increment;
}

bool engine_ask(struct engine_process *p, const struct world *w, const struct time_control *tc,
                struct game_clock *clock, decision *d, char *why, size_t size, int *end)
{
    char line[512], error[200];
    *end = END_GARBAGE;
    /* What came since the last bestmove: info is fine, a bestmove is not. */
    while (read_line(p, line, sizeof line, clock_us() / 1000) == 1)
        if (strncmp(line, "bestmove", 8) == 0)
            return fail(why, size, "%s sent '%.100s' before go: a second bestmove, or one not asked for", p->spec->name,
                        line);
    *end = END_CRASH;
    if (!send_go(p, w, tc, clock)) {
        return fail(why, size, "%s crashed (its input is closed)", p->spec->name);
    }
    int side = rules_actor(w);
    long allowed = clock                           ? clock->left_ms[side] + CLOCK_GRACE_MS
                   : tc->movetime_ms && !tc->nodes ? tc->movetime_ms + MARGIN_MS
                                                   : tc->timeout_ms + MARGIN_MS;
    long asked = clock_us() / 1000, deadline = asked + allowed;
    for (;;) {
        int got = read_line(p, line, sizeof line, deadline);
        if (got == 0 && clock)
            *end = END_TIME,
            snprintf(why, size, "%s lost on time: no bestmove within the %ld ms on its clock and %d ms of grace",
                     p->spec->name, clock->left_ms[side], CLOCK_GRACE_MS);
        else if (got == 0)
            *end = END_HANG, snprintf(why, size, "%s hung: no bestmove within %ld ms", p->spec->name, allowed);
        else if (got < 0)
            snprintf(why, size, "%s crashed (it exited)", p->spec->name);
        else if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || !line[4]))
            continue;
        else if (strncmp(line, "bestmove ", 9) != 0)
            *end = END_GARBAGE, snprintf(why, size, "%s wrote '%.120s' where a bestmove was due", p->spec->name, line);
        else if (!decision_parse(w, line + 9, d, error, sizeof error))
            *end = END_ILLEGAL, snprintf(why, size, "%s played an illegal decision: %.150s", p->spec->name, error);
        else if (clock)
            return charge(clock, side, clock_us() / 1000 - asked, tc->increment_ms), true;
        else
            return true;
        return false;
    }
}

bool engine_tell(struct engine_process *p, const struct world *before, decision d, const struct world *after, int side)
{
    struct observations seen;
    char text[160];
    observe(before, d, after, side, &seen);
    for (int i = 0; i < seen.count; i++) {
        observation_text(&seen.list[i], text, sizeof text);
        if (!send_line(p, "%s", text))
            return false;
    }
    return true;
}

static void forfeit(struct game_result_record *out, int loser, const char *why, int end, struct engine_process *p)
{
    out->winner = 1 - loser;
    out->end = end;
    snprintf(out->reason, sizeof out->reason, "%s", why);
    engine_restart(p);
}

/* Empties what an engine wrote after the last game, so it cannot count in this one. */
static void settle_engine(struct engine_process *p)
{
    char why[200];
    if (!send_line(p, "isready") || !await(p, "readyok", HANDSHAKE_MS, NULL, why, sizeof why))
        if (!send_line(p, "isready") || !await(p, "readyok", HANDSHAKE_MS, NULL, why, sizeof why))
            engine_restart(p);
}

bool engine_newgame(struct engine_process *p, int scenario, int side)
{
    settle_engine(p);
    return send_line(p, "newgame scenario %d side %s", SCENARIO_INFO[scenario].year, SIDE_WORD[side]);
}

/* One refereed game: the engines, their limit, the record, the result. */
struct refereed {
    struct engine_process *engine[SIDE_COUNT];
    const struct time_control *tc;
    struct game_clock clock; /* under a game clock */
    FILE *record;
    struct game_result_record *out;
};

/* The engine of the side to decide answers; one that cannot forfeits. */
static bool engine_decides(void *context, const struct world *w, decision *d)
{
    struct refereed *g = context;
    int side = rules_actor(w), end;
    char why[200];
    if (engine_ask(g->engine[side], w, g->tc, g->tc->clock_ms > 0 ? &g->clock : NULL, d, why, sizeof why, &end))
        return true;
    forfeit(g->out, side, why, end, g->engine[side]);
    return false;
}

/* Records the decision and sends each engine what its side observes. */
static bool observed(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    struct refereed *g = context;
    char why[200];
    (void)played;
    if (g->record)
        record_write_decision(g->record, d);
    for (int s = 0; s < SIDE_COUNT; s++)
        if (!engine_tell(g->engine[s], before, d, after, s)) {
            snprintf(why, sizeof why, "%s crashed (its input is closed)", g->engine[s]->spec->name);
            forfeit(g->out, s, why, END_CRASH, g->engine[s]);
            return false;
        }
    return true;
}

void referee_play(struct engine_process *york, struct engine_process *lancaster, int scenario, uint64_t seed,
                  const struct time_control *tc, struct game_result_record *out, FILE *record)
{
    struct refereed g = {{york, lancaster}, tc, {{tc->clock_ms, tc->clock_ms}}, record, out};
    struct world w;
    uint64_t rng = seed;
    const struct game_player engine = {engine_decides, &g}, chance = {game_uniform, &rng};
    const struct game_hooks hooks = {.after = observed, .context = &g};
    *out = (struct game_result_record){.winner = SIDE_NONE, .end = END_BOUND};
    scenario_setup(&w, scenario);
    for (int s = 0; s < SIDE_COUNT; s++)
        engine_newgame(g.engine[s], scenario, s);
    struct game_outcome end = game_play(&w, (const struct game_player[GAME_ACTORS]){engine, engine, chance}, &hooks);
    out->decisions = end.decisions;
    if (end.status == GAME_OVER) {
        out->winner = end.result.winner;
        out->end = end.result.how; /* the first of enum game_end are enum game_how */
    }
}
