/*
 * play.c: see play.h. The host runs on a thread behind a pair of pipes;
 * this side writes its commands and reads its answers line by line, as any
 * client would, and turns them into a screen: the board, the events as
 * sentences, the legal decisions numbered.
 */
/* gnulib's unistd.h wants its configuration first. */
#include <config.h>

#include "protocol/host/play.h"

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/io/number.h"
#include "protocol/host/host.h"
#include "protocol/host/narrate.h"

#define MAX_LINES 1024
#define LINE_MAX_BYTES 1024

/* The host's side of the pipes. */
struct host_pipes {
    FILE *in, *out;
};

static void *run_host(void *arg)
{
    struct host_pipes *p = arg;
    host_run(p->in, p->out, &(struct host_settings){.restricted = false});
    fclose(p->out); /* the end of the answers, should the host stop */
    return NULL;
}

/* One answer of the host: its lines, the last 'ok' or 'error ...'. */
struct answer {
    int count;
    char line[MAX_LINES][LINE_MAX_BYTES];
};

/* One game in the terminal: this side's ends of the pipes, and what the screen shows. */
struct session {
    FILE *to_host, *from_host;
    struct narrator narrator;
    long told_at_board; /* the narrator's count of lines when the board was last drawn, or -1 */
    bool verbose;       /* r3 play --verbose: the board's internals too */
};

static bool ask(struct session *s, struct answer *a, const char *fmt, const char *arg)
{
    fprintf(s->to_host, fmt, arg);
    fputc('\n', s->to_host);
    fflush(s->to_host);
    a->count = 0;
    char line[LINE_MAX_BYTES];
    while (fgets(line, sizeof line, s->from_host)) {
        line[strcspn(line, "\n")] = '\0';
        if (a->count < MAX_LINES)
            snprintf(a->line[a->count++], LINE_MAX_BYTES, "%s", line);
        if (strcmp(line, "ok") == 0 || strncmp(line, "error ", 6) == 0)
            return true;
    }
    return false; /* the host is gone */
}

static const char *last(const struct answer *a) { return a->count ? a->line[a->count - 1] : ""; }

/* Prints what an answer says; the side to move, or -1; *over once a result came. */
static bool show_answer(struct session *s, const struct answer *a, bool *over)
{
    bool to_move = false;
    for (int i = 0; i < a->count; i++) {
        const char *l = a->line[i];
        char side[16];
        int used = 0;
        if (sscanf(l, "event %15s %n", side, &used) == 1 && used)
            narrate(&s->narrator, side, l + used, stdout); /* the keyword form with the host's sentence */
        else if (strncmp(l, "tomove ", 7) == 0)
            to_move = true;
        else if (strncmp(l, "result ", 7) == 0)
            narrate_end(&s->narrator, stdout), printf("\nResult: %s\n", l + 7), *over = true;
        else if (strncmp(l, "error ", 6) == 0)
            narrate_end(&s->narrator, stdout), printf("! %s\n", l + 6);
    }
    narrate_end(&s->narrator, stdout);
    return to_move;
}

/* ---- the human's turn ---- */

static int legal_count(const struct answer *legal)
{
    int n = 0;
    for (int i = 0; i < legal->count; i++)
        n += strncmp(legal->line[i], "decision ", 9) == 0;
    return n;
}

/* The protocol text of the k-th (1-based) legal decision. */
static void decision_text_of(const struct answer *legal, int k, char *text, size_t size)
{
    for (int i = 0, n = 0; i < legal->count; i++)
        if (strncmp(legal->line[i], "decision ", 9) == 0 && ++n == k) {
            snprintf(text, size, "%s", legal->line[i] + 9);
            text[strcspn(text, "|")] = '\0';
            for (size_t end = strlen(text); end && text[end - 1] == ' ';)
                text[--end] = '\0';
        }
}

/* The k-th (1-based) legal decision as a person reads it: its label. */
static const char *label_of(const struct answer *legal, int k)
{
    for (int i = 0, n = 0; i < legal->count; i++)
        if (strncmp(legal->line[i], "decision ", 9) == 0 && ++n == k) {
            const char *label = strstr(legal->line[i], " | ");
            return label ? label + 3 : legal->line[i] + 9;
        }
    return "";
}

/* A line of the host's board as a person reads it: without what only a
 * developer asks for (the information-set key, the phase's step, Player 1
 * not yet chosen), unless --verbose; false for a line left out. */
static bool for_a_person(char *line, bool verbose)
{
    if (verbose)
        return true;
    if (strncmp(line, "Information-set key:", 20) == 0)
        return false;
    char *cut = strstr(line, ", step ");
    if (cut && strstr(line, "'s view: ") && !strchr(cut + 1, ','))
        *cut = '\0';
    if ((cut = strstr(line, "; Player 1 not yet")) && !cut[18])
        *cut = '\0';
    return true;
}

/* The board, drawn again only when something was told since it was last
 * drawn: the steps of one's own move, which tell nothing, leave it be, and
 * the events scroll above it. */
static void show_board(struct session *s, struct answer *a)
{
    if (s->told_at_board == s->narrator.told)
        return;
    s->told_at_board = s->narrator.told;
    ask(s, a, "board", "");
    printf("\n");
    for (int i = 0; i + 1 < a->count; i++)
        if (for_a_person(a->line[i], s->verbose))
            printf("%s\n", a->line[i]);
}

static void show_turn(struct session *s, struct answer *a, const struct answer *legal, long turn)
{
    show_board(s, a);
    printf("\nYour decisions:\n");
    for (int k = 1; k <= legal_count(legal); k++)
        printf("  %2d  %s\n", k, label_of(legal, k));
    printf("[%ld] Your decision (1-%d, or its text; u undo, h hint, s FILE save, l FILE load, q quit): ", turn,
           legal_count(legal));
    fflush(stdout);
}

/* A decision with no choice is made at once: it is told, not asked. */
static void play_the_only_one(struct session *s, struct answer *a, const struct answer *legal, bool *over)
{
    char text[LINE_MAX_BYTES];
    decision_text_of(legal, 1, text, sizeof text);
    printf("  Your only decision: %s.\n", label_of(legal, 1));
    ask(s, a, "play %s", text);
    show_answer(s, a, over);
}

/* A number typed that names no listed decision: the range, not the host's "no decision". */
static bool out_of_range(const char *line, const struct answer *legal)
{
    long long k;
    if (!number_whole(line, -LLONG_MAX, LLONG_MAX, &k) || (k >= 1 && k <= legal_count(legal)))
        return false;
    printf("  %s is not one of the decisions: type 1 to %d, or a decision's text.\n", line, legal_count(legal));
    return true;
}

/* Runs one line the person typed; false to quit. */
static bool typed(struct session *s, char *line, struct answer *a, const struct answer *legal, bool *over, bool *again)
{
    char text[LINE_MAX_BYTES];
    long long k;
    *again = false;
    if (strcmp(line, "q") == 0 || strcmp(line, "quit") == 0)
        return false;
    if (strcmp(line, "h") == 0) {
        ask(s, a, "hint", "");
        for (int i = 0; i + 1 < a->count; i++)
            printf("  Hint: %s\n", a->line[i] + 5);
        show_answer(s, a, over);
        *again = true;
        return true;
    }
    if (strncmp(line, "s ", 2) == 0) { /* the game goes on where it was */
        ask(s, a, "save %s", line + 2);
        if (strcmp(last(a), "ok") == 0)
            printf("  Saved.\n");
        show_answer(s, a, over);
        *again = true;
        return true;
    }
    if (out_of_range(line, legal)) {
        *again = true;
        return true;
    }
    if (strncmp(line, "l ", 2) == 0 || strncmp(line, "load ", 5) == 0) { /* a saved game in place of this one */
        ask(s, a, "load %s", strchr(line, ' ') + 1);
        s->told_at_board = -1;
        if (strcmp(last(a), "ok") == 0)
            printf("  Loaded %s.\n", strchr(line, ' ') + 1);
        *again = strncmp(last(a), "error ", 6) == 0;
        show_answer(s, a, over);
        return true;
    }
    if (strcmp(line, "u") == 0) {
        ask(s, a, "undo", "");
        s->told_at_board = -1; /* the board went back */
    } else if (number_whole(line, 1, legal_count(legal), &k)) {
        decision_text_of(legal, (int)k, text, sizeof text);
        ask(s, a, "play %s", text);
    } else
        ask(s, a, "play %s", line);
    if (strncmp(last(a), "error ", 6) == 0)
        *again = true;
    show_answer(s, a, over);
    return true;
}

/* ---- the session ---- */

/* The game, from the first command to quit, the person deciding at each
 * turn; 'a' and 'legal' hold the host's answers. Whether the first command
 * was refused. */
static bool converse(struct session *s, struct answer *a, struct answer *legal, const char *first)
{
    char command[2300], line[LINE_MAX_BYTES];
    snprintf(command, sizeof command, "%s", first);
    bool over = false, again = false, going = ask(s, a, "%s", command);
    bool refused = strncmp(last(a), "error ", 6) == 0; /* a game that could not start or load */
    bool to_move = going && show_answer(s, a, &over);
    for (long turn = 1; going && to_move && !over;) {
        if (!again && (ask(s, legal, "legal", ""), legal_count(legal) == 1)) {
            play_the_only_one(s, a, legal, &over);
            continue;
        }
        if (!again)
            show_turn(s, a, legal, turn);
        else
            printf("[%ld] Your decision: ", turn), fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\n")] = '\0';
        going = typed(s, line, a, legal, &over, &again);
        turn += !again;
    }
    ask(s, a, "quit", "");
    return refused;
}

int play_session(const char *first, const char *greeting, bool show_internals)
{
    struct session s = {.told_at_board = -1, .verbose = show_internals};
    struct answer *a = calloc(1, sizeof *a), *legal = calloc(1, sizeof *legal); /* a thousand lines each */
    int down[2], up[2];
    if (!a || !legal)
        return free(a), free(legal), fputs("r3: play: no memory\n", stderr), 1;
    if (pipe(down) || pipe(up))
        return free(a), free(legal), perror("r3: play: pipe"), 1;
    struct host_pipes host = {fdopen(down[0], "r"), fdopen(up[1], "w")};
    s.to_host = fdopen(down[1], "w");
    s.from_host = fdopen(up[0], "r");
    pthread_t thread;
    if (!host.in || !host.out || !s.to_host || !s.from_host || pthread_create(&thread, NULL, run_host, &host))
        return free(a), free(legal), fputs("r3: play: cannot start the host\n", stderr), 1;
    printf("%s\n", greeting);
    bool refused = converse(&s, a, legal, first);
    fclose(s.to_host);
    pthread_join(thread, NULL);
    fclose(s.from_host);
    fclose(host.in);
    free(a), free(legal);
    return refused ? 1 : 0;
}
