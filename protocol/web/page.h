/*
 * page.h: the web page's four files as r3 web serves them (docs/web.md):
 * index.html, style.css, app.js and host.js, built into r3 so that an
 * installed r3 serves the page with no source tree. Only these names are
 * ever served: a path that is not one of them is no file of the page.
 */
#ifndef R3_PAGE_H
#define R3_PAGE_H

#include <stddef.h>

struct page_file {
    const char *name;          /* the file's name in protocol/web/: "index.html" */
    const char *type;          /* its Content-Type */
    const unsigned char *data; /* the built-in copy */
    size_t size;
};

/* The page's file at a URL path ("/" is index.html), or NULL: no other path is one. */
const struct page_file *page_file_at(const char *path);

#endif
