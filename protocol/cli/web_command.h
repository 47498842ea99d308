/*
 * web_command.h: r3 web's command line; the server itself is protocol/web/serve.h.
 */
#ifndef R3_WEB_COMMAND_H
#define R3_WEB_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_WEB;

/* r3 web [--address A] [--port P] [--max-games N] [--root DIR] */

#endif
