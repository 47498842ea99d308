/*
 * serve.c: see serve.h. Every connection is a libwebsockets wsi of the
 * protocol "r3": an HTTP request for one of the page's files, or a
 * WebSocket with its game. A game's two pipes are adopted by libwebsockets
 * as raw files of the protocol "r3-pipe", children of the socket's wsi, so
 * that closing the socket closes them (the host then reads the end of its
 * input and ends) and the one event loop watches them all. Each direction
 * is a queue (protocol/web/relay.h) with its source held while the queue is
 * long: the socket stops being read while the host does not read its input,
 * and the host's output stops being read while the visitor does not read
 * the socket, so memory stays bounded whoever stalls.
 */
/* gnulib's configuration first, as everywhere in r3. */
#include <config.h>

#include "protocol/web/serve.h"

#include <errno.h>
#include <libwebsockets.h>
#include <netdb.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol/web/page.h"
#include "protocol/web/relay.h"
#include "protocol/web/spawn.h"

#define PIECE (64 * 1024)       /* the most bytes sent, or read from a pipe, at once */
#define HIGH_WATER (256 * 1024) /* a queue this long holds its source back */
#define CLOSE_REASON_MOST 123   /* a WebSocket close frame's reason, in bytes */
#define CLOSE_TRY_AGAIN_LATER 1013

/* One WebSocket's game: its host, the two pipes, the queues between them. */
struct game {
    struct lws *socket, *to_host, *from_host; /* the pipes NULL once closed */
    struct relay_bytes input, output;         /* to the host, from it */
    struct relay_message message;             /* the visitor's message coming in */
    bool sending;                             /* a long line is half sent: the next piece continues it */
    bool host_ended;                          /* its output is over */
    bool socket_held, output_held;            /* a source held back by a long queue */
    char bye[CLOSE_REASON_MOST + 1];          /* the last line's words after "bye ", if it began so */
    lws_sorted_usec_list_t write_again;       /* asks for the host's input to be writable, from outside its callback */
};

/* One HTTP reply of a built-in file, sent a piece at a time. */
struct reply {
    const unsigned char *data; /* NULL when none is being sent */
    size_t size, sent;
};

/* A wsi of the protocol "r3" is first an HTTP connection, then perhaps a
 * WebSocket: its kind says which member is in use (libwebsockets zeroes it:
 * neither, at first). */
struct session {
    enum { SESSION_NONE, SESSION_HTTP, SESSION_GAME } kind;
    union {
        struct reply reply;
        struct game game;
    };
};

/* A run of the server, serve_run's: every callback finds it as its lws
 * context's user data. */
struct server {
    const struct serve_options *options;
    struct spawn_hosts hosts;
    unsigned char piece[LWS_PRE + PIECE]; /* one event is handled at a time: one buffer serves all */
};

/* What the signal handlers touch, the file's since a handler takes no
 * context pointer: so one server runs in a process at a time. */
static struct {
    struct lws_context *context;
    volatile sig_atomic_t stop, child_ended;
} signalled;

static struct server *server_of(struct lws *wsi) { return lws_context_user(lws_get_context(wsi)); }

/* ---- the page over HTTP ---- */

static int refuse_request(struct lws *wsi, unsigned status)
{
    if (lws_return_http_status(wsi, status, NULL))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* A file of --root, streamed from the disk by libwebsockets: the name is the page's, never the visitor's. */
static int send_root_file(struct lws *wsi, const char *root, const struct page_file *f)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", root, f->name) >= sizeof path)
        return refuse_request(wsi, HTTP_STATUS_NOT_FOUND);
    static const char headers[] = "cache-control: no-cache\r\nx-content-type-options: nosniff\r\n";
    int n = lws_serve_http_file(wsi, path, f->type, headers, (int)sizeof headers - 1);
    return n < 0 || (n > 0 && lws_http_transaction_completed(wsi)) ? -1 : 0;
}

/* The headers of a built-in file; its body follows in send_piece, when the socket can take it. */
static int send_built_in(struct lws *wsi, struct server *server, struct reply *r, const struct page_file *f, bool head)
{
    unsigned char *start = server->piece + LWS_PRE, *p = start, *end = server->piece + sizeof server->piece;
    if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, f->type, f->size, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:", (const unsigned char *)"no-cache", 8,
                                    &p, end) ||
        lws_add_http_header_by_name(
            wsi, (const unsigned char *)"x-content-type-options:", (const unsigned char *)"nosniff", 7, &p, end) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    if (head)
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    *r = (struct reply){.data = f->data, .size = f->size};
    lws_callback_on_writable(wsi);
    return 0;
}

/* GET or HEAD of one of the page's four files; nothing else is served. */
static int http_request(struct lws *wsi, struct server *server, struct reply *r, const char *path)
{
    r->data = NULL;
    bool get = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0;
    bool head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
    if (!get && !head)
        return refuse_request(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED);
    const struct page_file *f = page_file_at(path);
    if (!f)
        return refuse_request(wsi, HTTP_STATUS_NOT_FOUND);
    const char *root = server->options->root;
    return root ? send_root_file(wsi, root, f) : send_built_in(wsi, server, r, f, head);
}

static int send_piece(struct lws *wsi, unsigned char *piece, struct reply *r)
{
    if (!r->data)
        return 0;
    size_t n = r->size - r->sent < PIECE ? r->size - r->sent : PIECE;
    bool last = r->sent + n == r->size;
    memcpy(piece + LWS_PRE, r->data + r->sent, n);
    if (lws_write(wsi, piece + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n)
        return -1;
    r->sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    r->data = NULL;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* ---- a game: its WebSocket ---- */

/* Closes the socket with a reason the page can show (a callback returns this). */
static int close_socket(struct lws *wsi, int status, const char *reason)
{
    lws_close_reason(wsi, (enum lws_close_status)status, (unsigned char *)reason, strlen(reason));
    return -1;
}

/* A pipe of the game's host, a child of its socket that knows its game (its
 * parent is forgotten before its close callback, the game is not). */
static struct lws *adopt_pipe(struct lws *socket, struct game *g, int fd)
{
    lws_sock_file_fd_type d = {.filefd = fd};
    struct lws *wsi = lws_adopt_descriptor_vhost(lws_get_vhost(socket), LWS_ADOPT_RAW_FILE_DESC, d, "r3-pipe", socket);
    if (!wsi)
        close(fd);
    else
        lws_set_opaque_user_data(wsi, g);
    return wsi;
}

/* A socket opened: its host started, or the socket closed with the reason why not. */
static int game_open(struct lws *wsi, struct server *server, struct game *g)
{
    *g = (struct game){.socket = wsi};
    if (spawn_live(&server->hosts) >= server->options->max_games)
        return close_socket(wsi, CLOSE_TRY_AGAIN_LATER, "the server is full: every game it can host is in play");
    int to_host, from_host;
    if (spawn_host(&server->hosts, &to_host, &from_host) < 0) {
        lwsl_err("cannot start r3 host: %s\n", strerror(errno));
        return close_socket(wsi, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "r3 host did not start");
    }
    g->to_host = adopt_pipe(wsi, g, to_host);
    g->from_host = adopt_pipe(wsi, g, from_host);
    if (!g->to_host || !g->from_host)
        return close_socket(wsi, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "r3 host did not start");
    return 0;
}

/* A piece of the visitor's message: queued as the host's line, and the socket held while the queue is long. */
static int game_receive(struct lws *wsi, struct game *g, const void *bytes, size_t size)
{
    if (!relay_to_host(&g->input, &g->message, lws_frame_is_binary(wsi), lws_is_first_fragment(wsi),
                       lws_is_final_fragment(wsi), bytes, size))
        return close_socket(wsi, LWS_CLOSE_STATUS_UNEXPECTED_CONDITION, "out of memory");
    if (g->to_host && g->input.length)
        lws_callback_on_writable(g->to_host);
    if (g->input.length > HIGH_WATER && !g->socket_held) {
        g->socket_held = true;
        lws_rx_flow_control(wsi, 0);
    }
    return 0;
}

/* Keeps the words of a "bye " line, the host's farewell, for the close frame. */
static void note_bye(struct game *g, const unsigned char *line, size_t size)
{
    g->bye[0] = '\0';
    if (size < 4 || memcmp(line, "bye ", 4) != 0)
        return;
    size -= 4;
    if (size > CLOSE_REASON_MOST)
        for (size = CLOSE_REASON_MOST; (line[4 + size] & 0xc0) == 0x80; size--)
            ; /* not through a UTF-8 character */
    memcpy(g->bye, line + 4, size);
    g->bye[size] = '\0';
}

/* The socket can take more: the next piece of the host's output, or the close once it is all sent. */
static int game_send(struct lws *wsi, unsigned char *piece, struct game *g)
{
    bool final;
    long n = relay_from_host(&g->output, PIECE, g->host_ended, piece + LWS_PRE, &final);
    if (n < 0)
        return g->host_ended && !g->output.length
                   ? close_socket(wsi, LWS_CLOSE_STATUS_NORMAL, g->bye[0] ? g->bye : "r3 host ended")
                   : 0;
    if (!g->sending)
        note_bye(g, piece + LWS_PRE, (size_t)n);
    if (lws_write(wsi, piece + LWS_PRE, (size_t)n,
                  (enum lws_write_protocol)lws_write_ws_flags(LWS_WRITE_TEXT, !g->sending, final)) < n)
        return -1;
    g->sending = !final;
    if (g->output_held && g->output.length < HIGH_WATER / 2 && g->from_host) {
        g->output_held = false;
        lws_rx_flow_control(g->from_host, 1);
    }
    if (g->output.length || g->host_ended)
        lws_callback_on_writable(wsi);
    return 0;
}

static void game_closed(struct game *g)
{
    lws_sul_cancel(&g->write_again);
    relay_free(&g->input);
    relay_free(&g->output);
    g->socket = NULL;
}

/* ---- a game: its host's pipes ---- */

/* The host's output came: queued for the socket, and the pipe held while the queue is long. */
static int host_output(struct lws *wsi, unsigned char *piece, struct game *g)
{
    ssize_t n = read(lws_get_socket_fd(wsi), piece, PIECE);
    if (n < 0)
        return errno == EAGAIN || errno == EINTR ? 0 : -1;
    if (n == 0 || !relay_append(&g->output, piece, (size_t)n))
        return -1; /* its end: the pipe closes, and then the socket */
    lws_callback_on_writable(g->socket);
    if (g->output.length > HIGH_WATER && !g->output_held) {
        g->output_held = true;
        lws_rx_flow_control(wsi, 0);
    }
    return 0;
}

static void ask_to_write(lws_sorted_usec_list_t *sul)
{
    struct game *g = lws_container_of(sul, struct game, write_again);
    if (g->to_host)
        lws_callback_on_writable(g->to_host);
}

/* The host can take more input: what waits is written, and the socket read
 * again once it is short. What is left waits for the pipe to be writable
 * again, asked for on the loop's next turn: libwebsockets 4.1 forgets a raw
 * file's request made inside its own writable callback. */
static int host_input(struct lws *wsi, struct game *g)
{
    ssize_t n = write(lws_get_socket_fd(wsi), relay_head(&g->input), g->input.length);
    if (n < 0 && errno != EAGAIN && errno != EINTR)
        return -1;
    relay_consume(&g->input, n < 0 ? 0 : (size_t)n);
    if (g->input.length)
        lws_sul_schedule(lws_get_context(wsi), 0, &g->write_again, ask_to_write, 1);
    if (g->socket_held && g->input.length < HIGH_WATER / 2) {
        g->socket_held = false;
        lws_rx_flow_control(g->socket, 1);
    }
    return 0;
}

/* A pipe closed. The output's end is the host's: its input goes too (a pipe
 * nobody reads would wake the loop without end), and the socket closes once
 * the last lines are sent. */
static void pipe_closed(struct lws *wsi, struct game *g)
{
    if (wsi == g->to_host)
        g->to_host = NULL;
    if (wsi != g->from_host)
        return;
    g->from_host = NULL;
    g->host_ended = true;
    if (g->to_host)
        lws_set_timeout(g->to_host, PENDING_TIMEOUT_KILLED_BY_PARENT, LWS_TO_KILL_ASYNC);
    if (g->socket)
        lws_callback_on_writable(g->socket);
}

/* ---- the two protocols ---- */

/* The game's callbacks, for a wsi that is a WebSocket. */
static int game_event(struct lws *wsi, enum lws_callback_reasons reason, struct session *s, void *in, size_t len)
{
    if (reason == LWS_CALLBACK_ESTABLISHED) {
        s->kind = SESSION_GAME;
        return game_open(wsi, server_of(wsi), &s->game);
    }
    if (s->kind != SESSION_GAME)
        return 0;
    if (reason == LWS_CALLBACK_RECEIVE)
        return game_receive(wsi, &s->game, in, len);
    if (reason == LWS_CALLBACK_SERVER_WRITEABLE)
        return game_send(wsi, server_of(wsi)->piece, &s->game);
    game_closed(&s->game); /* LWS_CALLBACK_CLOSED */
    s->kind = SESSION_NONE;
    return 0;
}

static int callback_r3(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    struct session *s = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP: s->kind = SESSION_HTTP; return http_request(wsi, server_of(wsi), &s->reply, in);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return s->kind == SESSION_HTTP ? send_piece(wsi, server_of(wsi)->piece, &s->reply) : 0;
    case LWS_CALLBACK_ESTABLISHED:
    case LWS_CALLBACK_RECEIVE:
    case LWS_CALLBACK_SERVER_WRITEABLE:
    case LWS_CALLBACK_CLOSED: return game_event(wsi, reason, s, in, len);
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static int callback_pipe(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    (void)user, (void)in, (void)len;
    struct game *g = lws_get_opaque_user_data(wsi);
    if (!g)
        return 0;
    switch (reason) {
    case LWS_CALLBACK_RAW_RX_FILE: return host_output(wsi, server_of(wsi)->piece, g);
    case LWS_CALLBACK_RAW_WRITEABLE_FILE: return host_input(wsi, g);
    case LWS_CALLBACK_RAW_CLOSE_FILE: pipe_closed(wsi, g); return 0;
    default: return 0;
    }
}

/* The socket's rx buffer is libwebsockets' own (4096 bytes): a message comes
 * in pieces of that size, whatever its length; a bigger one left a long
 * message stalled half read in libwebsockets 4.1. */
static const struct lws_protocols PROTOCOLS[] = {
    {"r3", callback_r3, sizeof(struct session), 0, 0, NULL, 0},
    {"r3-pipe", callback_pipe, 0, 0, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

/* ---- the server ---- */

static void on_stop(int signal)
{
    (void)signal;
    signalled.stop = 1;
    if (signalled.context)
        lws_cancel_service(signalled.context);
}

/* A host ended: the loop wakes to reap it. */
static void on_child(int signal)
{
    (void)signal;
    signalled.child_ended = 1;
    if (signalled.context)
        lws_cancel_service(signalled.context);
}

static void catch_signals(void)
{
    struct sigaction stop = {.sa_handler = on_stop}, child = {.sa_handler = on_child}, ignore = {.sa_handler = SIG_IGN};
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGCHLD, &child, NULL);
    sigaction(SIGPIPE, &ignore, NULL); /* a closed pipe or socket is an error to handle, not a death */
}

static void log_line(int level, const char *line)
{
    (void)level;
    fprintf(stderr, "r3 web: %s", line);
}

static struct lws_context *listen_on(const struct serve_options *o, struct server *server)
{
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = o->port;
    info.iface = o->address;
    info.protocols = PROTOCOLS;
    info.user = server;
    info.gid = -1;
    info.uid = -1;
    info.options = LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND; /* a port in use is an error, not a wait */
    if (!strchr(o->address, ':'))
        info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
    return lws_create_context(&info);
}

/* Why the address and port cannot be listened on, as the system says it
 * (libwebsockets' log tells it in several lines): a bind of our own. */
static const char *why_not_listening(const struct serve_options *o)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *found;
    char port[16];
    snprintf(port, sizeof port, "%d", o->port);
    int error = getaddrinfo(o->address, port, &hints, &found);
    if (error)
        return gai_strerror(error);
    int fd = socket(found->ai_family, found->ai_socktype, 0);
    int bound = fd < 0 ? -1 : bind(fd, found->ai_addr, found->ai_addrlen);
    int saved = errno;
    if (fd >= 0)
        close(fd);
    freeaddrinfo(found);
    return bound == 0 ? "libwebsockets could not set the server up" : strerror(saved);
}

int serve_run(const struct serve_options *o)
{
    struct server *server = calloc(1, sizeof *server);
    if (!server) {
        fputs("r3 web: no memory\n", stderr);
        return 1;
    }
    server->options = o;
    server->hosts.idle_s = o->idle_s;
    server->hosts.line_limit_s = o->line_limit_s;
    lws_set_log_level(0, log_line); /* its setting-up errors are told below, in one line */
    catch_signals();
    signalled.context = listen_on(o, server);
    if (!signalled.context) {
        fprintf(stderr, "r3 web: cannot listen on %s port %d: %s\n", o->address, o->port, why_not_listening(o));
        free(server);
        return 1;
    }
    lws_set_log_level(LLL_ERR, log_line);
    printf("r3 web: the page is at http://%s:%d/, %d %s at most at once (Ctrl-C stops it)\n", o->address, o->port,
           o->max_games, o->max_games == 1 ? "game" : "games");
    fflush(stdout);
    while (!signalled.stop && lws_service(signalled.context, 0) >= 0)
        if (signalled.child_ended) {
            signalled.child_ended = 0;
            spawn_reap(&server->hosts);
        }
    lws_context_destroy(signalled.context);
    signalled.context = NULL;
    spawn_stop_all(&server->hosts);
    free(server);
    return 0;
}
