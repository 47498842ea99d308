/* help.c: see help.h. */
#include "protocol/cli/help.h"

#include <stdbool.h>
#include <string.h>

#include "protocol/ai/version.h"

#define COLUMN 27 /* where the text after a command or an option begins, past its two spaces */

static const char INTRO[] = "With no command, r3 speaks the engine protocol on stdin/stdout (docs/protocol.md).\n"
                            "Its option Player picks who plays: ismcts (the default: information-set MCTS), or a\n"
                            "baseline to measure it by: random, greedy, flatmc (flat Monte Carlo), pimc (determinized\n"
                            "UCT), cheat. cheat READS THE TRUE WORLD (the host must send it with 'truth'): it exists\n"
                            "only to measure what hidden information costs, and is never a default.\n";

static const char SUMMARY[] = "an AI opponent and game-tree search engine for Columbia Games' Richard III";

/* ---- the help ---- */

/* "  FIRST" then the text at COLUMN (or two spaces on, if FIRST is longer),
 * each further line of the text indented to it. */
static void entry(FILE *out, const char *first, const char *text)
{
    int width = fprintf(out, "  %s", first) - 2;
    fprintf(out, "%*s", width < COLUMN - 1 ? COLUMN - width : 2, "");
    for (const char *c = text; *c; c++) {
        fputc(*c, out);
        if (*c == '\n')
            fprintf(out, "%*s", COLUMN + 2, "");
    }
    fputc('\n', out);
}

static void command_entry(FILE *out, const struct cli_command *c)
{
    char first[160];
    snprintf(first, sizeof first, "%s%s%s", c->name, c->synopsis[0] ? " " : "", c->synopsis);
    entry(out, first, c->summary);
}

static void option_form(const struct cli_option *o, char *text, size_t size)
{
    if (o->kind == CLI_WORDS)
        snprintf(text, size, "%s", o->name);
    else
        snprintf(text, size, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Whether an earlier command of the table shares c's options (and so its section). */
static bool shares_earlier(const struct help_table *t, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (t->command[j]->options == t->command[i]->options)
            return true;
    return false;
}

/* "Options of A, B and C (note):", the options, and the lines after them. */
static void section(const struct help_table *t, size_t i, FILE *out)
{
    const struct cli_command *c = t->command[i];
    size_t sharing[16], n = 0;
    for (size_t j = i; j < t->count && n < 16; j++)
        if (t->command[j]->options == c->options)
            sharing[n++] = j;
    fputs("Options of ", out);
    for (size_t k = 0; k < n; k++)
        fprintf(out, "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ", t->command[sharing[k]]->name);
    if (c->options_note)
        fprintf(out, " (%s)", c->options_note);
    fputs(":\n", out);
    for (const struct cli_option *o = c->options; o->name; o++) {
        char form[160];
        option_form(o, form, sizeof form);
        entry(out, form, o->help);
    }
    if (c->more)
        fputs(c->more, out);
}

void help_print(const struct help_table *t, FILE *out)
{
    fprintf(out, "r3 %s: %s.\n\nusage: r3 [--help] [--version] [COMMAND [OPTIONS]]\n\n%s\nCommands:\n", R3_VERSION,
            SUMMARY, INTRO);
    for (size_t i = 0; i < t->count; i++)
        command_entry(out, t->command[i]);
    for (size_t i = 0; i < t->count; i++)
        if (t->command[i]->options && !shares_earlier(t, i)) {
            fputc('\n', out);
            section(t, i, out);
        }
    fputs("\nGlobal options:\n", out);
    entry(out, "-h, --help", "print this help and exit");
    entry(out, "-V, --version", "print the version and the libraries in use, and exit");
}

static const struct cli_command *find(const struct help_table *t, const char *name, size_t *at)
{
    for (size_t i = 0; i < t->count; i++)
        if (strcmp(t->command[i]->name, name) == 0)
            return *at = i, t->command[i];
    return NULL;
}

int help_print_command(const struct help_table *t, const char *name, FILE *out)
{
    size_t i;
    const struct cli_command *c = find(t, name, &i);
    if (!c) {
        fprintf(stderr, "r3: help: no command '%s'\nTry 'r3 --help' for more information.\n", name);
        return 2;
    }
    command_entry(out, c);
    if (c->options) {
        fputc('\n', out);
        for (size_t j = 0; j < t->count; j++) /* the section is printed where the first of its commands stands */
            if (t->command[j]->options == c->options) {
                section(t, j, out);
                break;
            }
    }
    fputs("\nEvery command and option: r3 --help.\n", out);
    return 0;
}

/* ---- the manual page ---- */

/* Text for roff: backslashes and dashes escaped, a line never starting with
 * a control character, each line of the text a line of the page. */
static void roff(FILE *out, const char *text)
{
    bool line_start = true;
    for (const char *c = text; *c; c++) {
        if (line_start && (*c == '.' || *c == '\''))
            fputs("\\&", out);
        if (*c == '\\')
            fputs("\\e", out);
        else if (*c == '-')
            fputs("\\-", out);
        else
            fputc(*c, out);
        line_start = *c == '\n';
    }
}

static void man_option(FILE *out, const struct cli_option *o)
{
    fputs(".TP\n", out);
    if (o->kind == CLI_WORDS) {
        fputs(".I \"", out);
        roff(out, o->name);
    } else {
        fputs(o->arg ? ".BI \"" : ".B \"", out);
        roff(out, "--");
        roff(out, o->name);
        if (o->arg) {
            fputs(" \" \"", out);
            roff(out, o->arg);
        }
    }
    fputs("\"\n", out);
    roff(out, o->help);
    fputc('\n', out);
}

static void man_command(FILE *out, const struct help_table *t, size_t i)
{
    const struct cli_command *c = t->command[i];
    fputs(".SS \"r3 ", out);
    roff(out, c->name);
    if (c->synopsis[0]) {
        fputc(' ', out);
        roff(out, c->synopsis);
    }
    fputs("\"\n", out);
    roff(out, c->summary);
    fputs(".\n", out);
    if (c->options_note) {
        fputs(".PP\n", out);
        roff(out, c->options_note);
        fputs(".\n", out);
    }
    if (!c->options)
        return;
    if (shares_earlier(t, i)) {
        fputs(".PP\nIts options are those of the command above.\n", out);
        return;
    }
    for (const struct cli_option *o = c->options; o->name; o++)
        man_option(out, o);
    if (c->more) { /* the lines after the options, their indents dropped */
        fputs(".PP\n", out);
        for (const char *line = c->more; *line;) {
            const char *start = line + strspn(line, " ");
            size_t length = strcspn(start, "\n");
            char text[400];
            snprintf(text, sizeof text, "%.*s\n", (int)length, start);
            roff(out, text);
            line = start + length + (start[length] == '\n');
        }
    }
}

void help_print_man(const struct help_table *t, FILE *out)
{
    fputs(".TH R3 6 \"\" \"r3 " R3_VERSION "\" \"Games\"\n.SH NAME\nr3 \\- ", out);
    roff(out, SUMMARY);
    fputs("\n.SH SYNOPSIS\n.B r3\n[\\fB\\-\\-help\\fR] [\\fB\\-\\-version\\fR] [\\fICOMMAND\\fR "
          "[\\fIOPTIONS\\fR]]\n.SH DESCRIPTION\n",
          out);
    roff(out, INTRO);
    fputs(".PP\nThe documents named here are installed with r3, in its share/doc/r3 folder.\n.SH COMMANDS\n", out);
    for (size_t i = 0; i < t->count; i++)
        man_command(out, t, i);
    fputs(".SH EXIT STATUS\n0 on success, 1 on bad input data (a position that does not parse, a file that cannot be "
          "read), 2 on bad usage (an unknown command or option, a missing or out-of-range argument).\n"
          ".SH FILES\n.TP\n.I $XDG_STATE_HOME/r3/host.key\nthe key that seals the saves of games in play of "
          "\\fBr3 host\\fR (\\fI~/.local/state/r3/host.key\\fR without XDG_STATE_HOME).\n"
          ".SH SEE ALSO\nThe protocol (protocol.md), the host (host.md), matches (matches.md) and the rest of r3's "
          "documents in its share/doc/r3 folder.\n",
          out);
}

/* ---- the bash completion ---- */

/* The values an option's argument completes to, as a compgen argument. */
static const char *values_of(const struct cli_option *o)
{
    if (o->kind == CLI_SCENARIO)
        return "-W '1460 1470 1483'";
    if (strcmp(o->name, "scenario") == 0)
        return "-W '1460 1470 1483 all'";
    if (o->kind == CLI_SIDE)
        return "-W 'york lancaster'";
    if (strcmp(o->name, "policy") == 0)
        return "-W 'random heuristic'";
    if (o->kind == CLI_FILE)
        return "-f";
    if (o->kind == CLI_DIR)
        return "-d";
    return NULL;
}

static void completion_command(FILE *out, const struct cli_command *c)
{
    fprintf(out, "    \"%s\")\n", c->name);
    for (const struct cli_option *o = c->options; o && o->name; o++) {
        const char *values = o->kind == CLI_WORDS ? NULL : values_of(o);
        if (values)
            fprintf(out, "        [[ $prev == --%s ]] && { COMPREPLY=($(compgen %s -- \"$cur\")); return; }\n", o->name,
                    values);
    }
    fputs("        options='", out);
    for (const struct cli_option *o = c->options; o && o->name; o++)
        if (o->kind != CLI_WORDS)
            fprintf(out, "%s--%s", o == c->options ? "" : " ", o->name);
    fputs("'\n        ;;\n", out);
}

void help_print_completion(const struct help_table *t, FILE *out)
{
    fputs("# bash completion for r3, printed by 'r3 help --bash-completion' from r3's table of commands.\n"
          "_r3() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} command options=\n"
          "    COMPREPLY=()\n"
          "    if ((COMP_CWORD == 1)); then\n"
          "        COMPREPLY=($(compgen -W '--help --version",
          out);
    for (size_t i = 0; i < t->count; i++) { /* each first word once: "tune" for the tuners */
        int length = (int)strcspn(t->command[i]->name, " ");
        if (i == 0 || strncmp(t->command[i - 1]->name, t->command[i]->name, (size_t)length + 1) != 0)
            fprintf(out, " %.*s", length, t->command[i]->name);
    }
    fputs("' -- \"$cur\"))\n        return\n    fi\n    command=${COMP_WORDS[1]}\n"
          "    if [[ $command == tune ]]; then\n"
          "        if ((COMP_CWORD == 2)); then\n"
          "            COMPREPLY=($(compgen -W '",
          out);
    bool first = true;
    for (size_t i = 0; i < t->count; i++)
        if (strncmp(t->command[i]->name, "tune ", 5) == 0)
            fprintf(out, "%s%s", first ? "" : " ", t->command[i]->name + 5), first = false;
    fputs("' -- \"$cur\"))\n            return\n        fi\n        command=\"tune ${COMP_WORDS[2]}\"\n    fi\n"
          "    case $command in\n",
          out);
    for (size_t i = 0; i < t->count; i++)
        completion_command(out, t->command[i]);
    fputs("    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$options --help\" -- \"$cur\"))\n"
          "    else\n"
          "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -F _r3 r3\n",
          out);
}
