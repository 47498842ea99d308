/*
 * web_command.c: see web_command.h.
 */
/* gnulib's unistd.h wants its configuration first. */
#include <config.h>

#include "protocol/cli/web_command.h"

#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "protocol/cli/cli.h"
#include "protocol/web/serve.h"
#include "protocol/web/spawn.h"

enum { WEB_ADDRESS, WEB_PORT, WEB_MAX_GAMES, WEB_ROOT, WEB_IDLE, WEB_LINE_LIMIT };
static const struct cli_option WEB_OPTIONS[] = {
    [WEB_ADDRESS] = {"address", CLI_TEXT, "A", 0, 0,
                     "the address to listen on (default 127.0.0.1: this machine only;\n"
                     "put a proxy with TLS in front to serve others, docs/web.md)",
                     false},
    [WEB_PORT] = {"port", CLI_COUNT, "P", 1, 65535, "the port (default 8480)", false},
    [WEB_MAX_GAMES] = {"max-games", CLI_COUNT, "N", 1, SPAWN_MOST,
                       "the most games at once, an r3 host process each (default 32); a page\n"
                       "opened past them is told that the server is full",
                       false},
    [WEB_ROOT] = {"root", CLI_DIR, "DIR", 0, 0,
                  "read the page's files (index.html, style.css, app.js, host.js) from\n"
                  "DIR, as they are edited, instead of the copies built into r3",
                  false},
    [WEB_IDLE] = {"idle", CLI_COUNT, "S", 1, 86400,
                  "close a game whose page sent no command for S seconds (default 600);\n"
                  "the page says why",
                  false},
    [WEB_LINE_LIMIT] = {"line-limit", CLI_COUNT, "S", 1, 3600,
                        "r3's decisions until the person's turn take S seconds at most\n"
                        "together (default 30)",
                        false},
    {0}};

static int command_web(int argc, char **argv);
const struct cli_command CLI_WEB = {"web",
                                    "[--address A] [--port P] [--max-games N] [--root DIR] [--idle S] [--line-limit S]",
                                    "serve r3's web page: a game against r3 in a browser, each page\n"
                                    "its own r3 host --restricted over a WebSocket (docs/web.md)",
                                    NULL,
                                    WEB_OPTIONS,
                                    NULL,
                                    command_web};

struct web_arguments {
    struct serve_options serve;
    const char *word; /* the first word given, which web does not take */
};

static bool take_web(void *context, const struct cli_argument *a)
{
    struct web_arguments *w = context;
    if (!a->option) {
        if (!w->word)
            w->word = a->text;
        return true;
    }
    int which = (int)(a->option - WEB_OPTIONS);
    if (which == WEB_ADDRESS)
        w->serve.address = a->text;
    else if (which == WEB_PORT)
        w->serve.port = (int)a->number;
    else if (which == WEB_MAX_GAMES)
        w->serve.max_games = (int)a->number;
    else if (which == WEB_IDLE)
        w->serve.idle_s = (long)a->number;
    else if (which == WEB_LINE_LIMIT)
        w->serve.line_limit_s = (long)a->number;
    else
        w->serve.root = a->text;
    return true;
}

static int command_web(int argc, char **argv)
{
    struct web_arguments w = {.serve = {.address = "127.0.0.1", .port = 8480, .max_games = 32}};
    int status = cli_parse(&CLI_WEB, argc, argv, take_web, &w);
    if (status)
        return status;
    if (w.word)
        return cli_usage_error("web takes no arguments ('%s')", w.word);
    if (!*w.serve.address)
        return cli_usage_error("web: --address must name an address, such as 127.0.0.1%s", "");
    char index[PATH_MAX];
    snprintf(index, sizeof index, "%s/index.html", w.serve.root ? w.serve.root : ".");
    if (w.serve.root && access(index, R_OK) != 0)
        return cli_usage_error("web: --root %s holds no page (no index.html there)", w.serve.root);
    return serve_run(&w.serve);
}
