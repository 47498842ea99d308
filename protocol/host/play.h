/*
 * play.h: r3 play, a person against r3 in the terminal. It is a client of
 * r3 host (protocol/host/host.h), run on a thread of its own in the same process:
 * what it shows is what the host tells the human side, and every decision it
 * takes is one the host listed.
 */
#ifndef R3_PLAY_H
#define R3_PLAY_H

#include <stdbool.h>

/* Plays one game in the terminal: prints 'greeting', starts the game with
 * the host command 'first' (a "new ..." or a "load ..."), then plays it to
 * its end or the person's q; the board's internals (the information-set
 * key, the phase's step) only with 'show_internals'. 0, or 1 when the host
 * cannot start or refuses 'first' (a file that cannot be loaded). */
int play_session(const char *first, const char *greeting, bool show_internals);

#endif
