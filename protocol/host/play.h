/*
 * play.h: r3 play, a person against r3 in the terminal. It is a client of
 * r3 host (protocol/host/host.h), run on a thread of its own in the same process:
 * what it shows is what the host tells the human side, and every decision it
 * takes is one the host listed.
 */
#ifndef R3_PLAY_H
#define R3_PLAY_H

/* Plays one game of scenario 'year' (1460, 1470 or 1483) in the terminal,
 * the person as 'side' (0 York, 1 Lancaster), the engine's options in
 * 'extra' (" option NAME=VALUE" each); 0, or 1 when the host cannot start. */
int play_session(int year, int side, long long seed, const char *extra);

#endif
