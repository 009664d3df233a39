/* urlx: find URLs in plain text (mail, news, RFC-style documents) by the
 * rules of the URL specifications, from C.
 *
 * Every function is safe to call with any bytes (invalid UTF-8 included)
 * and never unwinds into C. Memory returned by urlx is freed by urlx:
 * urlx_links_free() for a link list, urlx_free() for a string.
 */
#ifndef URLX_H
#define URLX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a URL was written. */
enum urlx_form {
    URLX_FORM_URL_PREFIX = 0, /* <URL:...> or URL:... */
    URLX_FORM_ANGLE = 1,      /* <...> */
    URLX_FORM_QUOTED = 2,     /* "..." */
    URLX_FORM_BARE = 3,
    URLX_FORM_ABBREVIATED = 4, /* www.... reported with http:// */
    URLX_FORM_EMAIL = 5
};

/* One link. The strings are NUL-terminated, UTF-8, and owned by the list
 * they came from. */
typedef struct urlx_link {
    size_t start;      /* byte offset of the URL's text in the buffer */
    size_t end;        /* byte after it */
    size_t line;       /* 1-based */
    size_t column;     /* 1-based byte column */
    const char *url;   /* wrappers and line breaks removed */
    const char *alt;   /* the other reading (hyphen at a break), or NULL */
    int form;          /* enum urlx_form */
} urlx_link;

typedef struct urlx_links urlx_links;

/* The links in text[0..len]. NULL only if text is NULL and len > 0. */
urlx_links *urlx_find(const char *text, size_t len);

/* How many links the list holds. */
size_t urlx_links_count(const urlx_links *links);

/* Fills *out with link i; returns 0, or -1 when i is out of range or an
 * argument is NULL. */
int urlx_links_get(const urlx_links *links, size_t i, urlx_link *out);

void urlx_links_free(urlx_links *links);

/* text[0..len] as HTML with its URLs as links (every byte escaped, only
 * safe schemes linked). Returns a NUL-terminated string the caller frees
 * with urlx_free(); *out_len (if not NULL) gets its length. */
char *urlx_linkify_html(const char *text, size_t len, size_t *out_len);

void urlx_free(char *s);

#ifdef __cplusplus
}
#endif

#endif
