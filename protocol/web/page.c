/*
 * page.c: see page.h. The files are assembled into this object (.incbin),
 * as eval/value.c does with the built-in network; the Makefile names them
 * as its prerequisites, since the compiler's dependency list does not.
 */
#include "protocol/web/page.h"

#include <string.h>

/* One file's bytes between two symbols, with a NUL after them for no one's use. */
#define PAGE_INCBIN(symbol, path) \
    __asm__(".section .rodata.r3_page,\"a\"\n" \
            ".globl " #symbol ", " #symbol "_end\n" \
            ".hidden " #symbol ", " #symbol "_end\n" #symbol ":\n" \
            ".incbin \"" path "\"\n" #symbol "_end:\n" \
            ".byte 0\n" \
            ".previous\n"); \
    extern const unsigned char symbol[], symbol##_end[]

PAGE_INCBIN(r3_page_index, "protocol/web/index.html");
PAGE_INCBIN(r3_page_style, "protocol/web/style.css");
PAGE_INCBIN(r3_page_app, "protocol/web/app.js");
PAGE_INCBIN(r3_page_host, "protocol/web/host.js");

static struct page_file files[] = {
    {"index.html", "text/html; charset=utf-8", r3_page_index, 0},
    {"style.css", "text/css; charset=utf-8", r3_page_style, 0},
    {"app.js", "text/javascript; charset=utf-8", r3_page_app, 0},
    {"host.js", "text/javascript; charset=utf-8", r3_page_host, 0},
};

/* The sizes, from the symbols' addresses: known only at link time. */
static void measure(void)
{
    const unsigned char *ends[] = {r3_page_index_end, r3_page_style_end, r3_page_app_end, r3_page_host_end};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        files[i].size = (size_t)(ends[i] - files[i].data);
}

const struct page_file *page_file_at(const char *path)
{
    if (!files[0].size)
        measure();
    if (strcmp(path, "/") == 0)
        return &files[0];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (path[0] == '/' && strcmp(path + 1, files[i].name) == 0)
            return &files[i];
    return NULL;
}
