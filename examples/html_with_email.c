/* A message body to HTML, as a mail client shows it: every byte escaped,
 * URLs and e-mail addresses as links (only safe schemes), deceptive links
 * flagged with a title and the class urlx-deceptive, and a wrapped URL an
 * anchor a line. The C twin of html_with_email.rs.
 *
 *   make -C capi install PREFIX=$HOME/.local
 *   export PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig
 *   cc examples/html_with_email.c $(pkg-config --cflags --libs urlx) -o html_with_email
 *   ./html_with_email < body.txt > body.html
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <urlx.h>

static int fail(const char *what, urlx_status s) {
    fprintf(stderr, "html_with_email: %s: %s\n", what, urlx_status_str(s));
    return 1;
}

int main(void) {
    /* The body, whole, from standard input. */
    size_t len = 0, cap = 1 << 16, n;
    char *body = malloc(cap);
    while (body && (n = fread(body + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) {
            char *more = realloc(body, cap * 2);
            if (!more) {
                free(body);
                body = NULL;
                break;
            }
            body = more;
            cap *= 2;
        }
    }
    if (!body || ferror(stdin)) {
        fprintf(stderr, "html_with_email: cannot read standard input\n");
        free(body);
        return 1;
    }

    /* Addresses are links too: the finder is configured once and reused
     * (by any number of threads). */
    urlx_finder *finder = NULL;
    urlx_status s = urlx_finder_new(&finder);
    if (s != URLX_OK) return fail("urlx_finder_new", s);
    if ((s = urlx_finder_set_email(finder, 1)) != URLX_OK) return fail("email", s);
    if ((s = urlx_finder_set_target(finder, "_blank")) != URLX_OK) return fail("target", s);

    char *html = NULL;
    size_t html_len = 0, links = 0;
    s = urlx_linkify_html_with(finder, body, len, &html, &html_len, &links);
    if (s != URLX_OK) return fail("urlx_linkify_html_with", s);
    fputs("<pre>", stdout);
    fwrite(html, 1, html_len, stdout);
    fputs("</pre>\n", stdout);
    fprintf(stderr, "%zu links\n", links);

    urlx_free(html);
    urlx_finder_free(finder);
    free(body);
    return 0;
}
