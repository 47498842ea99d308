/*
 * command_line.h: what every r3 command declares of itself, and the one
 * parser that reads its arguments. A command is a row: its name, its usage,
 * a summary, its options with their kinds and bounds, and its handler. The
 * help (r3 --help, r3 COMMAND --help), the man page and the bash completion
 * are printed from these rows (protocol/cli/help.h); the parser reads
 * argv through gnulib's getopt_long by the same rows, and checks each shared
 * kind of argument (a seed, a scenario, a side, a count) in one place.
 */
#ifndef R3_COMMAND_LINE_H
#define R3_COMMAND_LINE_H

#include <stdbool.h>

/* How an option's argument is checked before its command sees it. */
enum cli_kind {
    CLI_FLAG,     /* no argument */
    CLI_TEXT,     /* any text, read by the command (a list, a real number, I/N) */
    CLI_FILE,     /* a file's path */
    CLI_DIR,      /* a folder's path */
    CLI_COUNT,    /* a whole number from min to max */
    CLI_SEED,     /* a seed: a whole number from 0 to 2^63 - 1 */
    CLI_SCENARIO, /* 1460, 1470 or 1483; the number is the year */
    CLI_SIDE,     /* york or lancaster; the number is the side */
    CLI_WORDS,    /* no option: the form of the command's own words, for its help (option.NAME=VALUE) */
};

struct cli_option {
    const char *name;   /* without its dashes; NULL ends a list */
    int kind;           /* enum cli_kind */
    const char *arg;    /* the argument as the help names it ("N", "YEAR"), or the whole form after the name */
    long long min, max; /* CLI_COUNT's bounds */
    const char *help;   /* one line or several; the help indents the rest */
    /* The words that follow it, up to the next option, are its too
     * (--engine cmd=PATH name=NAME, --sprt 0 5 0.05 0.05, --data FILE...):
     * each reaches the command as a word, after the option itself. */
    bool takes_words;
};

struct cli_command {
    const char *name;                 /* "show", or two words for a tuner: "tune eval" */
    const char *synopsis;             /* what follows the name in the list of commands, or "" */
    const char *summary;              /* what it does: one line or several */
    const char *options_note;         /* after "Options of NAME", in brackets, or NULL */
    const struct cli_option *options; /* NULL for none; commands that share one list share its section */
    const char *more;                 /* help lines after the options, or NULL */
    int (*run)(int argc, char **argv);
};

/* What the parser hands a command: an option (option set, 'number' its
 * value for the kinds that have one, 'text' its argument or NULL for a
 * flag), or a word (option NULL, 'text' the word). 'words_of' is the option
 * whose words these are (takes_words), else NULL. */
struct cli_argument {
    const struct cli_option *option, *words_of;
    const char *text;
    long long number;
};

/* The command's reading of one argument: false after its usage error. */
typedef bool cli_take(void *context, const struct cli_argument *a);

/* Reads argv[1..] by c's options, in order, handing each option and word
 * to take; a word that no option takes is handed with words_of NULL. 0, or
 * 2 after a usage error (an unknown option, a missing argument, one out of
 * its kind's bounds, or take's). */
int cli_parse(const struct cli_command *c, int argc, char **argv, cli_take *take, void *context);

/* The option of c by name, for a command's own checks; NULL if none. */
const struct cli_option *cli_option_named(const struct cli_command *c, const char *name);

#endif
