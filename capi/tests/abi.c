/* The whole C ABI from C (capi/tests/c_abi.rs compiles and runs it, and
 * runs it under valgrind): finding with the default and a configured
 * finder, every field of urlx_link, each status, HTML with attributes and
 * a render callback, OSC 8 with the text's escapes shown, and one finder
 * shared by threads. Prints "ok" and exits 0 when every check holds. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <urlx.h>

static int failures = 0;
#define CHECK(c)                                                              \
    do {                                                                      \
        if (!(c)) {                                                           \
            fprintf(stderr, "FAILED line %d: %s\n", __LINE__, #c);            \
            failures++;                                                       \
        }                                                                     \
    } while (0)

static int contains(const char *s, const char *part) { return s && strstr(s, part) != NULL; }

/* Link i of a list; its absence ends the test (rather than a crash). */
static const urlx_link *at(const urlx_links *links, size_t i, int line) {
    const urlx_link *l = urlx_links_get(links, i);
    if (l == NULL) {
        fprintf(stderr, "FAILED line %d: no link %zu (of %zu)\n", line, i, urlx_links_count(links));
        exit(1);
    }
    return l;
}
#define AT(links, i) at(links, i, __LINE__)

/* How many times part occurs in s[0..len]. */
static size_t count(const char *s, size_t len, const char *part) {
    size_t n = 0, k = strlen(part);
    for (size_t i = 0; i + k <= len; i++)
        if (memcmp(s + i, part, k) == 0) n++;
    return n;
}

static void version_and_statuses(void) {
    CHECK(strcmp(urlx_version(), URLX_VERSION) == 0);
    const char *seen[6];
    for (int s = URLX_OK; s <= URLX_ERR_BUSY; s++) {
        seen[s] = urlx_status_str((urlx_status)s);
        CHECK(seen[s] != NULL && seen[s][0] != '\0');
        for (int t = 0; t < s; t++) CHECK(strcmp(seen[s], seen[t]) != 0);
    }
    CHECK(contains(urlx_status_str(URLX_ERR_PANIC), "bug"));
}

static void finding_with_the_defaults(void) {
    const char *text =
        "caf\xc3\xa9 <URL:ftp://ds.in\n  ternic.net/rfc> and http://www.example-\n"
        "corp.com/x, <URL:javascript:alert(1)>\n"
        "> see <http://q.example/long/\n>    path/x>\n";
    urlx_links *links = NULL;
    CHECK(urlx_find(text, strlen(text), &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 4);

    const urlx_link *l = AT(links, 0);
    CHECK(strcmp(l->url, "ftp://ds.internic.net/rfc") == 0);
    CHECK(l->form == URLX_FORM_URL_PREFIX);
    CHECK(l->start == 11 && strncmp(text + l->start, "ftp://ds.in\n", 12) == 0);
    CHECK(l->line == 1 && l->column == 12 && l->char_column == 11);
    CHECK(l->alt == NULL && strcmp(l->scheme, "ftp") == 0);
    CHECK(strcmp(l->host, "ds.internic.net") == 0);
    CHECK(l->truncated == 0 && l->linkable == 1);
    CHECK(l->deception == URLX_DECEPTION_NONE && l->deception_reason == NULL);
    CHECK(l->segment_count == 2);
    CHECK(l->segments[0].start == l->start);
    CHECK(strncmp(text + l->segments[1].start, "ternic.net/rfc",
                  l->segments[1].end - l->segments[1].start) == 0);

    l = AT(links, 1);
    CHECK(strcmp(l->url, "http://www.example-corp.com/x") == 0);
    CHECK(l->alt != NULL && strcmp(l->alt, "http://www.examplecorp.com/x") == 0);
    CHECK(l->form == URLX_FORM_BARE && l->line == 2);

    /* Found, as written, but not safe to open. */
    l = AT(links, 2);
    CHECK(strcmp(l->url, "javascript:alert(1)") == 0);
    CHECK(l->linkable == 0 && l->host == NULL && strcmp(l->scheme, "javascript") == 0);

    /* A URL wrapped over quoted lines: one span a line, no "> " in any. */
    l = AT(links, 3);
    CHECK(strcmp(l->url, "http://q.example/long/path/x") == 0);
    CHECK(l->segment_count == 2);
    for (size_t i = 0; i < l->segment_count; i++) {
        const urlx_span s = l->segments[i];
        CHECK(memchr(text + s.start, '>', s.end - s.start) == NULL);
        CHECK(memchr(text + s.start, '\n', s.end - s.start) == NULL);
    }
    CHECK(l->segments[1].end - l->segments[1].start == strlen("path/x"));

    CHECK(urlx_links_get(links, 4) == NULL);
    CHECK(urlx_links_get(NULL, 0) == NULL && urlx_links_count(NULL) == 0);
    urlx_links_free(links);
    urlx_links_free(NULL);

    /* Any bytes: invalid UTF-8 and NUL next to a URL; an empty text. */
    const char bin[] = "\xff\x00 http://a.example/ \xc3";
    CHECK(urlx_find(bin, sizeof bin - 1, &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 1);
    urlx_links_free(links);
    CHECK(urlx_find(NULL, 0, &links) == URLX_OK && urlx_links_count(links) == 0);
    urlx_links_free(links);

    /* A URL cut by bytes of another charset is flagged, not shortened
     * silently. */
    const char latin1[] = "see http://example.fr/caf\xe9 now";
    CHECK(urlx_find(latin1, sizeof latin1 - 1, &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 1 && AT(links, 0)->truncated == 1);
    urlx_links_free(links);

    /* Deceptive links say why. */
    const char *tricks = "http://www.bank.example@10.0.0.1/ http://0x7f.1/ http://p\xd0\xb0ypal.example/";
    CHECK(urlx_find(tricks, strlen(tricks), &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 3);
    l = AT(links, 0);
    CHECK(l->deception == URLX_DECEPTION_USERINFO && contains(l->deception_reason, "10.0.0.1"));
    CHECK(strcmp(l->host, "10.0.0.1") == 0);
    l = AT(links, 1);
    CHECK(l->deception == URLX_DECEPTION_NUMERIC_HOST && contains(l->deception_reason, "0x7f.1"));
    l = AT(links, 2);
    CHECK(l->deception == URLX_DECEPTION_MIXED_SCRIPT && contains(l->deception_reason, "mixes"));
    urlx_links_free(links);

    /* C-S7: a protection redirect, the URL it leads to beside it (judged
     * by it), a token redirect, and a plain link. */
    const char *protected = "https://nam12.safelinks.protection.outlook.com/?url=http%3A%2F%2F192.168.1.1%2Fadmin&data=05 "
                            "https://t.co/AbC https://a.example/";
    CHECK(urlx_find(protected, strlen(protected), &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 3);
    l = AT(links, 0);
    CHECK(strcmp(l->unwrapped, "http://192.168.1.1/admin") == 0 && strcmp(l->redirect, "safelinks") == 0);
    CHECK(l->deception == URLX_DECEPTION_LOCAL_ADDRESS);
    CHECK(strcmp(l->host, "nam12.safelinks.protection.outlook.com") == 0);
    l = AT(links, 1);
    CHECK(l->unwrapped == NULL && strcmp(l->redirect, "t.co") == 0);
    l = AT(links, 2);
    CHECK(l->unwrapped == NULL && l->redirect == NULL);
    urlx_links_free(links);

    /* Every form. */
    const char *forms = "<http://a.example/> \"http://q.example/\" www.w.example";
    CHECK(urlx_find(forms, strlen(forms), &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 3);
    CHECK(AT(links, 0)->form == URLX_FORM_ANGLE);
    CHECK(AT(links, 1)->form == URLX_FORM_QUOTED);
    CHECK(AT(links, 2)->form == URLX_FORM_ABBREVIATED);
    CHECK(strcmp(AT(links, 2)->url, "http://www.w.example") == 0);
    urlx_links_free(links);
}

static void wrong_arguments(void) {
    urlx_links *links = (urlx_links *)1;
    CHECK(urlx_find(NULL, 5, &links) == URLX_ERR_ARGUMENT && links == NULL);
    CHECK(urlx_find("x", 1, NULL) == URLX_ERR_ARGUMENT);
    links = (urlx_links *)1;
    CHECK(urlx_find_with(NULL, "x", 1, &links) == URLX_ERR_ARGUMENT && links == NULL);
    char *out = (char *)1;
    size_t n = 7, written = 7;
    CHECK(urlx_linkify_html(NULL, 3, &out, &n) == URLX_ERR_ARGUMENT && out == NULL && n == 0);
    out = (char *)1;
    n = 7;
    CHECK(urlx_linkify_osc8_with(NULL, "x", 1, &out, &n, &written) == URLX_ERR_ARGUMENT);
    CHECK(out == NULL && n == 0 && written == 0);
    out = (char *)1;
    CHECK(urlx_escape_html(NULL, 1, &out, &n) == URLX_ERR_ARGUMENT && out == NULL);
    CHECK(urlx_linkify_osc8("x", 1, NULL, NULL) == URLX_ERR_ARGUMENT);
    CHECK(urlx_finder_new(NULL) == URLX_ERR_ARGUMENT);
    CHECK(urlx_finder_set_email(NULL, 1) == URLX_ERR_ARGUMENT);
    CHECK(urlx_out_write(NULL, "x", 1) == URLX_ERR_ARGUMENT);
    urlx_finder *f = NULL;
    CHECK(urlx_finder_new(&f) == URLX_OK);
    CHECK(urlx_finder_set_bare_schemes(f, NULL, 2) == URLX_ERR_ARGUMENT);
    const char *with_null[] = {"http", NULL};
    CHECK(urlx_finder_set_bare_schemes(f, with_null, 2) == URLX_ERR_ARGUMENT);
    CHECK(urlx_finder_set_class(f, "\xff") == URLX_ERR_ARGUMENT);
    urlx_finder_free(f);
    urlx_finder_free(NULL);
    urlx_free(NULL);
}

/* The URLs finder finds in text, joined by spaces, into buf. */
static const char *urls(const urlx_finder *finder, const char *text, char *buf, size_t size) {
    urlx_links *links = NULL;
    buf[0] = '\0';
    if (urlx_find_with(finder, text, strlen(text), &links) != URLX_OK) return "(error)";
    for (size_t i = 0; i < urlx_links_count(links); i++) {
        const urlx_link *l = urlx_links_get(links, i);
        if (i > 0) strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, l->url, size - strlen(buf) - 1);
        if (l->truncated) strncat(buf, "(cut)", size - strlen(buf) - 1);
    }
    urlx_links_free(links);
    return buf;
}

static void a_configured_finder(void) {
    char buf[512];
    urlx_finder *f = NULL;
    CHECK(urlx_finder_new(&f) == URLX_OK && f != NULL);
    const char *text = "mail me@example.org at www.example.org or http://a.example/";
    CHECK(strcmp(urls(f, text, buf, sizeof buf), "http://www.example.org http://a.example/") == 0);

    CHECK(urlx_finder_set_email(f, 1) == URLX_OK);
    CHECK(urlx_finder_set_www(f, 0) == URLX_OK);
    CHECK(strcmp(urls(f, text, buf, sizeof buf), "mailto:me@example.org http://a.example/") == 0);
    urlx_links *links = NULL;
    CHECK(urlx_find_with(f, text, strlen(text), &links) == URLX_OK);
    const urlx_link *l = AT(links, 0);
    CHECK(l->form == URLX_FORM_EMAIL && strcmp(l->scheme, "mailto") == 0 && l->host == NULL);
    urlx_links_free(links);

    /* A refused value leaves the finder as it was. */
    CHECK(urlx_finder_set_max_url_len(f, 0) == URLX_ERR_OPTION);
    CHECK(urlx_finder_set_max_wrapper_bytes(f, 0) == URLX_ERR_OPTION);
    CHECK(urlx_finder_set_max_wrapper_lines(f, 0) == URLX_ERR_OPTION);
    const char *bad[] = {"1http"};
    CHECK(urlx_finder_set_bare_schemes(f, bad, 1) == URLX_ERR_OPTION);
    CHECK(urlx_finder_set_link_schemes(f, bad, 1) == URLX_ERR_OPTION);
    CHECK(strcmp(urls(f, text, buf, sizeof buf), "mailto:me@example.org http://a.example/") == 0);
    CHECK(urlx_find_with(f, text, strlen(text), &links) == URLX_OK);
    CHECK(AT(links, 0)->linkable == 1 && AT(links, 1)->linkable == 1);
    urlx_links_free(links);

    /* SIZE_MAX is no cap. */
    CHECK(urlx_finder_set_max_url_len(f, (size_t)-1) == URLX_OK);
    CHECK(urlx_finder_set_max_wrapper_bytes(f, (size_t)-1) == URLX_OK);
    CHECK(urlx_finder_set_max_wrapper_lines(f, (size_t)-1) == URLX_OK);
    CHECK(urlx_finder_set_max_line_len(f, (size_t)-1) == URLX_OK);
    CHECK(strcmp(urls(f, "<URL:http://a.example/\n1/\n2/\n3> http://b.example/", buf, sizeof buf),
                 "http://a.example/1/2/3 http://b.example/") == 0);
    CHECK(urlx_finder_set_max_wrapper_bytes(f, 2048) == URLX_OK);
    CHECK(urlx_finder_set_max_wrapper_lines(f, 8) == URLX_OK);

    /* C-F10: UTS #58 mode. */
    CHECK(urlx_finder_set_uts58(f, 1) == URLX_OK);
    CHECK(strcmp(urls(f, "see FOO.VERM\xc3\x96GEN.com or j\xc3\xb6hn@example.com.", buf, sizeof buf),
                 "https://FOO.VERM\xc3\x96GEN.com mailto:j\xc3\xb6hn@example.com") == 0);
    CHECK(urlx_finder_set_uts58(f, 0) == URLX_OK);
    CHECK(urlx_finder_set_max_line_len(f, 0) == URLX_OK);

    /* C-F2: IANA's registered schemes bare with //, unless turned off. */
    urlx_finder *g = NULL;
    CHECK(urlx_finder_new(&g) == URLX_OK);
    CHECK(strcmp(urls(g, "wss://example.org/chat or D://J", buf, sizeof buf),
                 "wss://example.org/chat") == 0);
    CHECK(urlx_finder_set_registered_schemes(g, 0) == URLX_OK);
    CHECK(strcmp(urls(g, "wss://example.org/chat", buf, sizeof buf), "") == 0);
    urlx_finder_free(g);

    /* Caps: a URL cut by one is flagged. */
    CHECK(urlx_finder_set_max_url_len(f, 12) == URLX_OK);
    CHECK(strcmp(urls(f, "see http://a.example/long/path", buf, sizeof buf),
                 "http://a.exa(cut)") == 0);
    CHECK(urlx_finder_set_max_url_len(f, 8192) == URLX_OK);
    CHECK(urlx_finder_set_max_line_len(f, 10) == URLX_OK);
    CHECK(strcmp(urls(f, "0123456789 http://a.example/\nhttp://b/", buf, sizeof buf),
                 "http://b/") == 0);
    CHECK(urlx_finder_set_max_line_len(f, 0) == URLX_OK);
    /* A wrapper longer than its caps is no wrapper: its text is bare. */
    const char *wrapped = "<URL:http://a.example/\n1/\n2/\n3>";
    CHECK(strcmp(urls(f, wrapped, buf, sizeof buf), "http://a.example/1/2/3") == 0);
    CHECK(urlx_finder_set_max_wrapper_lines(f, 2) == URLX_OK);
    CHECK(strcmp(urls(f, wrapped, buf, sizeof buf), "http://a.example/") == 0);
    CHECK(urlx_finder_set_max_wrapper_lines(f, 8) == URLX_OK);
    CHECK(urlx_finder_set_max_wrapper_bytes(f, 10) == URLX_OK);
    CHECK(strcmp(urls(f, wrapped, buf, sizeof buf), "http://a.example/") == 0);
    CHECK(urlx_finder_set_max_wrapper_bytes(f, 2048) == URLX_OK);

    /* Schemes. */
    const char *https_only[] = {"HTTPS"};
    CHECK(urlx_finder_set_bare_schemes(f, https_only, 1) == URLX_OK);
    CHECK(strcmp(urls(f, "http://a.example/ https://b.example/", buf, sizeof buf),
                 "https://b.example/") == 0);
    const char *none[] = {0};
    CHECK(urlx_finder_set_wrapped_schemes(f, none, 0) == URLX_OK);
    CHECK(strcmp(urls(f, "<urn:isbn:0451450523> <tel:+1-201-555-0123>", buf, sizeof buf), "") == 0);
    const char *urn[] = {"urn"};
    CHECK(urlx_finder_set_wrapped_schemes(f, urn, 1) == URLX_OK);
    CHECK(strcmp(urls(f, "<urn:isbn:0451450523> <tel:+1-201-555-0123>", buf, sizeof buf),
                 "urn:isbn:0451450523") == 0);

    /* C-W6: a bare URL broken before a / joined. */
    const char *broken = "see http://a.example/path\n/more please";
    CHECK(strcmp(urls(f, broken, buf, sizeof buf), "") == 0); /* http is off */
    CHECK(urlx_finder_set_bare_schemes(f, NULL, 0) == URLX_OK);
    CHECK(strcmp(urls(f, broken, buf, sizeof buf), "") == 0);
    const char *web[] = {"http", "https"};
    CHECK(urlx_finder_set_bare_schemes(f, web, 2) == URLX_OK);
    CHECK(strcmp(urls(f, broken, buf, sizeof buf), "http://a.example/path") == 0);
    CHECK(urlx_finder_set_join_breaks(f, 1) == URLX_OK);
    CHECK(strcmp(urls(f, broken, buf, sizeof buf), "http://a.example/path/more") == 0);

    /* Linkable follows the finder's link schemes. */
    const char *only_https[] = {"https"};
    CHECK(urlx_finder_set_link_schemes(f, only_https, 1) == URLX_OK);
    CHECK(urlx_find_with(f, "http://a.example/ https://b.example/", 36, &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 2);
    CHECK(AT(links, 0)->linkable == 0 && AT(links, 1)->linkable == 1);
    urlx_links_free(links);
    /* Script schemes never, whatever the list says. */
    const char *scripts[] = {"javascript", "data", "vbscript", "http"};
    CHECK(urlx_finder_set_link_schemes(f, scripts, 4) == URLX_OK);
    const char *js = "<URL:javascript:alert(1)> <URL:data:text/html,x> http://a.example/";
    CHECK(urlx_find_with(f, js, strlen(js), &links) == URLX_OK);
    CHECK(urlx_links_count(links) == 3);
    CHECK(AT(links, 0)->linkable == 0 && AT(links, 1)->linkable == 0 && AT(links, 2)->linkable == 1);
    urlx_links_free(links);
    char *out = NULL;
    size_t written = 0;
    CHECK(urlx_linkify_html_with(f, js, strlen(js), &out, NULL, &written) == URLX_OK);
    CHECK(written == 1 && !contains(out, "href=\"javascript") && !contains(out, "href=\"data"));
    urlx_free(out);
    urlx_finder_free(f);
}

/* What the render callback saw. */
struct seen {
    size_t calls;
    size_t numbers[8];
    size_t segments[8];
    int deceptive[8];
    int titled[8];
    size_t stop_at;        /* stop at this call (1-based); 0: never */
    urlx_finder *finder;   /* the finder the callback tries to change */
    int busy;              /* what that setter returned */
    int null_write;        /* what writing NULL bytes returned */
};

static int render(void *user, const urlx_rendered *r, urlx_out *out) {
    struct seen *s = user;
    if (s->calls < 8) {
        s->numbers[s->calls] = r->number;
        s->segments[s->calls] = r->segment;
        s->deceptive[s->calls] = r->link->deception;
        s->titled[s->calls] = r->title != NULL && contains(r->title, "goes to 10.0.0.1");
    }
    if (s->finder) s->busy = urlx_finder_set_email(s->finder, 0);
    s->null_write = urlx_out_write(out, NULL, 3);
    s->calls++;
    if (s->stop_at && s->calls == s->stop_at) return 1;
    char head[64];
    snprintf(head, sizeof head, "[%zu.%zu ", r->number, r->segment);
    if (urlx_out_write(out, head, strlen(head)) != URLX_OK) return 1;
    if (urlx_out_write(out, r->href, strlen(r->href)) != URLX_OK) return 1;
    if (urlx_out_write(out, " | ", 3) != URLX_OK) return 1;
    if (urlx_out_write(out, r->text, strlen(r->text)) != URLX_OK) return 1;
    return urlx_out_write(out, "]", 1) == URLX_OK ? 0 : 1;
}

static void html(void) {
    const char *text = "<b> a@b.example, <URL:javascript:x> http://a.example/?a=1&b=2 "
                       "<http://q.example/lo\n  ng> http://u@10.0.0.1/";
    char *out = NULL;
    size_t len = 0, written = 0;
    CHECK(urlx_linkify_html(text, strlen(text), &out, &len) == URLX_OK);
    CHECK(out != NULL && len == strlen(out));
    CHECK(contains(out, "&lt;b&gt;"));
    CHECK(contains(out, "<a href=\"http://a.example/?a=1&amp;b=2\" rel=\"nofollow noopener\">"));
    CHECK(!contains(out, "href=\"javascript") && !contains(out, "mailto:"));
    CHECK(count(out, len, "<a href=\"http://q.example/long\"") == 2);
    CHECK(contains(out, "class=\"urlx-deceptive\""));
    urlx_free(out);

    urlx_finder *f = NULL;
    CHECK(urlx_finder_new(&f) == URLX_OK);
    CHECK(urlx_finder_set_email(f, 1) == URLX_OK);
    CHECK(urlx_finder_set_rel(f, NULL) == URLX_OK);
    CHECK(urlx_finder_set_target(f, "_blank") == URLX_OK);
    CHECK(urlx_finder_set_class(f, "link \"x\"") == URLX_OK);
    CHECK(urlx_linkify_html_with(f, text, strlen(text), &out, &len, &written) == URLX_OK);
    CHECK(written == 4); /* the address, two URLs, the deceptive one; not javascript: */
    CHECK(contains(out, "<a href=\"mailto:a@b.example\" class=\"link &quot;x&quot;\" target=\"_blank\">a@b.example</a>"));
    CHECK(!contains(out, "rel="));
    urlx_free(out);

    /* The render callback: each line of each link, numbered as written. */
    struct seen s = {0};
    CHECK(urlx_finder_set_render(f, render, &s) == URLX_OK);
    CHECK(urlx_linkify_html_with(f, text, strlen(text), &out, &len, &written) == URLX_OK);
    CHECK(written == 4 && s.calls == 5);
    CHECK(s.numbers[0] == 1 && s.numbers[1] == 2 && s.numbers[2] == 3 && s.numbers[3] == 3 &&
          s.numbers[4] == 4);
    CHECK(s.segments[2] == 0 && s.segments[3] == 1);
    CHECK(s.deceptive[4] == URLX_DECEPTION_USERINFO && s.deceptive[0] == URLX_DECEPTION_NONE);
    CHECK(s.titled[4] == 1 && s.titled[0] == 0);
    CHECK(s.null_write == URLX_ERR_ARGUMENT);
    CHECK(contains(out, "[2.0 http://a.example/?a=1&amp;b=2 | http://a.example/?a=1&amp;b=2]"));
    CHECK(contains(out, "[3.0 http://q.example/long | http://q.example/lo]\n  [3.1 http://q.example/long | ng]"));
    CHECK(!contains(out, "<a "));
    urlx_free(out);

    /* A callback that stops the call: nothing is returned. */
    struct seen stop = {.stop_at = 2};
    CHECK(urlx_finder_set_render(f, render, &stop) == URLX_OK);
    out = (char *)1;
    CHECK(urlx_linkify_html_with(f, text, strlen(text), &out, &len, &written) == URLX_ERR_CALLBACK);
    CHECK(out == NULL && len == 0 && written == 0 && stop.calls == 2);
    /* A setter from inside a call on the same finder changes nothing. */
    struct seen busy = {.finder = f};
    CHECK(urlx_finder_set_render(f, render, &busy) == URLX_OK);
    CHECK(urlx_linkify_html_with(f, text, strlen(text), &out, &len, &written) == URLX_OK);
    CHECK(busy.busy == URLX_ERR_BUSY && written == 4);
    urlx_free(out);
    /* OSC 8 has no callback. */
    CHECK(urlx_linkify_osc8_with(f, text, strlen(text), &out, &len, &written) == URLX_OK);
    CHECK(written == 4 && contains(out, "\x1b]8;id=urlx-1;mailto:a@b.example\x1b\\"));
    urlx_free(out);
    CHECK(urlx_finder_set_render(f, NULL, NULL) == URLX_OK);
    CHECK(urlx_linkify_html_with(f, text, strlen(text), &out, &len, &written) == URLX_OK);
    CHECK(contains(out, "<a href=\"mailto:a@b.example\""));
    /* The deceptive link's class joins the finder's; its title says why. */
    CHECK(contains(out, "title=\"goes to 10.0.0.1 (the part before @ is not the host)\" "
                        "class=\"link &quot;x&quot; urlx-deceptive\" target=\"_blank\">"));
    urlx_free(out);
    urlx_finder_free(f);

    CHECK(urlx_escape_html("<a href='x'>\x01&\xff", 15, &out, &len) == URLX_OK);
    CHECK(strcmp(out, "&lt;a href=&#39;x&#39;&gt;\xef\xbf\xbd&amp;\xef\xbf\xbd") == 0 && len == strlen(out));
    urlx_free(out);
}

static void osc8(void) {
    /* A forged hyperlink, a screen clear and a title, around a link. */
    const char text[] = "pay \x1b]8;;https://evil.example/\x1b\\https://bank.example/\x1b]8;;\x1b\\"
                        " \x1b[2J\x1b]0;t\x07 \xc2\x9b <http://a.ex\n  ample/> end\x1b";
    char *out = NULL;
    size_t len = 0, written = 0;
    CHECK(urlx_linkify_osc8(text, sizeof text - 1, &out, &len) == URLX_OK);
    /* The only escape sequences are the links': two opens for the
     * wrapped one (one id), one for each other, and their closes. */
    size_t escapes = count(out, len, "\x1b");
    size_t opens = count(out, len, "\x1b]8;id=urlx-");
    size_t closes = count(out, len, "\x1b]8;;\x1b\\");
    CHECK(opens == 4 && closes == 4 && escapes == 2 * (opens + closes));
    CHECK(count(out, len, "\x1b]8;id=urlx-3;http://a.example/\x1b\\") == 2);
    CHECK(contains(out, "^[[2J") && contains(out, "^[]0;t^G") && contains(out, "<U+009B>"));
    CHECK(count(out, len, "\x07") == 0);
    urlx_free(out);

    /* Trusted text keeps its escapes. */
    urlx_finder *f = NULL;
    CHECK(urlx_finder_new(&f) == URLX_OK);
    CHECK(urlx_finder_set_raw_controls(f, 1) == URLX_OK);
    const char bold[] = "\x1b[1m http://a.example/ \x1b[0m\x00!";
    CHECK(urlx_linkify_osc8_with(f, bold, sizeof bold - 1, &out, &len, &written) == URLX_OK);
    CHECK(written == 1 && strncmp(out, "\x1b[1m \x1b]8;id=urlx-1;http://a.example/", 36) == 0);
    /* A NUL inside: the length counts past it. */
    CHECK(len > strlen(out) && out[len - 1] == '!' && out[len] == '\0');
    urlx_free(out);
    urlx_finder_free(f);
}

/* One finder, many threads. */
static urlx_finder *shared;
static const char *shared_text = "<URL:http://a.ex\n  ample/> me@b.example www.c.example";

static const char *shared_html =
    "&lt;URL:[1.0 http://a.example/ | http://a.ex]\n  [1.1 http://a.example/ | ample/]&gt; "
    "[2.0 mailto:me@b.example | me@b.example] [3.0 http://www.c.example | www.c.example]";

/* The render callback of the shared finder: it keeps nothing, so threads
 * may run it at once. */
static int shared_render(void *user, const urlx_rendered *r, urlx_out *out) {
    char head[64];
    snprintf(head, sizeof head, "[%zu.%zu %s | ", r->number, r->segment, r->href);
    (void)user;
    return urlx_out_write(out, head, strlen(head)) || urlx_out_write(out, r->text, strlen(r->text)) ||
           urlx_out_write(out, "]", 1);
}

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < 50; i++) {
        urlx_links *links = NULL;
        if (urlx_find_with(shared, shared_text, strlen(shared_text), &links) != URLX_OK ||
            urlx_links_count(links) != 3 || urlx_links_get(links, 1) == NULL ||
            strcmp(urlx_links_get(links, 1)->url, "mailto:me@b.example") != 0)
            return (void *)1;
        urlx_links_free(links);
        char *out = NULL;
        size_t written = 0;
        if (urlx_linkify_html_with(shared, shared_text, strlen(shared_text), &out, NULL,
                                   &written) != URLX_OK ||
            written != 3 || strcmp(out, shared_html) != 0)
            return (void *)1;
        urlx_free(out);
        /* A setter while other threads use the finder: it changes nothing
         * (busy), or changes it to what it already is. */
        int s = urlx_finder_set_email(shared, 1);
        if (s != URLX_OK && s != URLX_ERR_BUSY) return (void *)1;
    }
    return NULL;
}

static void threads(void) {
    CHECK(urlx_finder_new(&shared) == URLX_OK);
    CHECK(urlx_finder_set_email(shared, 1) == URLX_OK);
    CHECK(urlx_finder_set_render(shared, shared_render, NULL) == URLX_OK);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&t[i], NULL, worker, NULL) == 0);
    for (int i = 0; i < 4; i++) {
        void *r = (void *)1;
        CHECK(pthread_join(t[i], &r) == 0 && r == NULL);
    }
    urlx_finder_free(shared);
}

/* Mail: a message's links placed on the raw bytes with their encoding,
 * its fields, the "text shows another host" verdict; the reading view as
 * HTML and for a terminal; an mbox of two messages. */
static const char message[] =
    "From: =?utf-8?q?=C3=89lise?= <e@x.example>\r\n"
    "Subject: Links\r\n"
    "Message-ID: <m1@x.example>\r\n"
    "Content-Type: multipart/alternative; boundary=b\r\n\r\n"
    "--b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    "See http://a.example/long/pa=\r\nth ok\r\n"
    "--b\r\nContent-Type: text/html\r\n\r\n"
    "<a href=\"http://203.0.113.9/\">www.bank.example</a>\r\n"
    "--b--\r\n";

static int title_render(void *user, const urlx_rendered *r, urlx_out *out) {
    (void)user;
    const char *t = r->title ? r->title : "-";
    urlx_out_write(out, "[", 1);
    urlx_out_write(out, t, strlen(t));
    urlx_out_write(out, "]", 1);
    return 0;
}

static void mail(void) {
    urlx_mail_links *links = NULL;
    CHECK(urlx_find_mail(message, sizeof message - 1, &links) == URLX_OK);
    /* (The anchor's text, www.bank.example, is a link too, as the
     * command finds it.) */
    CHECK(urlx_mail_links_count(links) == 3);
    const urlx_mail_link *m = urlx_mail_links_get(links, 0);
    CHECK(m != NULL && strcmp(m->link.url, "http://a.example/long/path") == 0);
    CHECK(m->encoding == URLX_ENCODING_QUOTED_PRINTABLE && m->header == 0);
    /* The span: the raw bytes across the soft line break. */
    CHECK(strncmp(message + m->link.start, "http://a.example/long/pa=\r\nth",
                  m->link.end - m->link.start) == 0);
    CHECK(strcmp(m->subject, "Links") == 0 && strcmp(m->from, "\xc3\x89lise <e@x.example>") == 0);
    CHECK(strcmp(m->message_id, "m1@x.example") == 0 && m->date == NULL);
    m = urlx_mail_links_get(links, 1);
    CHECK(m != NULL && strcmp(m->link.url, "http://203.0.113.9/") == 0);
    CHECK(m->link.deception == URLX_DECEPTION_TEXT_SHOWS);
    CHECK(contains(m->link.deception_reason, "www.bank.example"));
    CHECK(strcmp(urlx_mail_links_get(links, 2)->link.url, "http://www.bank.example") == 0);
    CHECK(urlx_mail_links_get(links, 3) == NULL);
    urlx_mail_links_free(links);
    urlx_mail_links_free(NULL);
    CHECK(urlx_find_mail(NULL, 1, &links) == URLX_ERR_ARGUMENT && links == NULL);

    /* An mbox: each message's links with its own fields. */
    const char mbox[] = "From a@x Sat Nov 28 10:00:00 2026\nSubject: one\n\nhttp://one.example/\n\n"
                        "From b@x Sat Nov 28 10:01:00 2026\nSubject: two\n\nhttp://two.example/\n";
    CHECK(urlx_find_mail(mbox, sizeof mbox - 1, &links) == URLX_OK);
    CHECK(urlx_mail_links_count(links) == 2);
    CHECK(strcmp(urlx_mail_links_get(links, 1)->subject, "two") == 0);
    CHECK(urlx_mail_links_get(links, 1)->link.line == 9);
    urlx_mail_links_free(links);

    /* The reading view: the fields, the text part decoded. */
    char *out = NULL;
    size_t len = 0;
    CHECK(urlx_message_html(message, sizeof message - 1, &out, &len) == URLX_OK);
    CHECK(contains(out, "<b>Subject:</b> <bdi>Links</bdi>"));
    CHECK(contains(out, "<a href=\"http://a.example/long/path\""));
    CHECK(len == strlen(out));
    urlx_free(out);
    CHECK(urlx_message_osc8(message, sizeof message - 1, &out, NULL) == URLX_OK);
    CHECK(contains(out, "Subject: Links\n") && contains(out, "\x1b]8;id=urlx-1;http://a.example/long/path\x1b\\"));
    urlx_free(out);
    /* An HTML-only message: the render callback gets the text's verdict. */
    const char lure[] = "Subject: s\nContent-Type: text/html\n\n<a href=\"http://203.0.113.9/\">www.bank.example</a>\n";
    urlx_finder *f = NULL;
    CHECK(urlx_finder_new(&f) == URLX_OK);
    CHECK(urlx_finder_set_render(f, title_render, NULL) == URLX_OK);
    size_t written = 0;
    CHECK(urlx_message_html_with(f, lure, sizeof lure - 1, &out, NULL, &written) == URLX_OK);
    CHECK(written == 1);
    CHECK(contains(out, "[the text shows www.bank.example but the link goes to 203.0.113.9]"));
    CHECK(!contains(out, "\xe2\x9a\xa0"));
    urlx_free(out);
    urlx_finder_free(f);
}

int main(void) {
    version_and_statuses();
    finding_with_the_defaults();
    wrong_arguments();
    a_configured_finder();
    html();
    osc8();
    threads();
    mail();
    if (failures == 0) printf("ok\n");
    return failures == 0 ? 0 : 1;
}
