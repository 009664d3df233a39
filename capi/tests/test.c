/* The C ABI from C: links with spans, a wrapped URL rejoined, linkified
 * HTML that escapes and refuses javascript:. Exit status 0 when all hold. */
#include <stdio.h>
#include <string.h>
#include "urlx.h"

static int failures = 0;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c); failures++; } } while (0)

int main(void) {
    const char *text = "See <URL:ftp://ds.in\n  ternic.net/rfc> and http://www.example-\ncorp.com/x, not <javascript:alert(1)>.";
    urlx_links *links = urlx_find(text, strlen(text));
    CHECK(links != NULL);
    CHECK(urlx_links_count(links) == 2);
    urlx_link l;
    CHECK(urlx_links_get(links, 0, &l) == 0);
    CHECK(strcmp(l.url, "ftp://ds.internic.net/rfc") == 0);
    CHECK(l.form == URLX_FORM_URL_PREFIX);
    CHECK(l.start == 9 && strncmp(text + l.start, "ftp://ds.in\n", 12) == 0);
    CHECK(l.line == 1 && l.alt == NULL);
    CHECK(urlx_links_get(links, 1, &l) == 0);
    CHECK(strcmp(l.url, "http://www.example-corp.com/x") == 0);
    CHECK(l.alt != NULL && strcmp(l.alt, "http://www.examplecorp.com/x") == 0);
    CHECK(l.line == 2);
    CHECK(urlx_links_get(links, 2, &l) == -1);
    CHECK(urlx_links_get(NULL, 0, &l) == -1);
    urlx_links_free(links);
    urlx_links_free(NULL);

    /* Invalid UTF-8 and NUL bytes next to a URL. */
    const char bin[] = "\xff\x00 http://a.example/ \xc3";
    links = urlx_find(bin, sizeof bin - 1);
    CHECK(urlx_links_count(links) == 1);
    urlx_links_free(links);

    size_t n = 0;
    char *html = urlx_linkify_html(text, strlen(text), &n);
    CHECK(html != NULL && n == strlen(html));
    CHECK(strstr(html, "<a href=\"ftp://ds.internic.net/rfc\"") != NULL);
    CHECK(strstr(html, "&lt;javascript:alert(1)&gt;") != NULL);
    CHECK(strstr(html, "href=\"javascript") == NULL);
    urlx_free(html);
    urlx_free(NULL);

    if (failures == 0) printf("ok\n");
    return failures == 0 ? 0 : 1;
}
