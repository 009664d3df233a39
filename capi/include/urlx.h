/* urlx: find URLs in plain text (mail, news, RFC-style documents) by the
 * rules of the URL specifications, and write text with its URLs as links,
 * from C. Link with -lurlx (pkg-config: urlx).
 *
 * Conventions:
 * - Text is bytes and a length: any bytes (invalid UTF-8, NUL) are taken.
 * - A call that can fail returns a urlx_status: URLX_OK, or why it failed.
 *   Its results are written through pointers only on URLX_OK; on failure
 *   they are set to NULL or 0.
 * - Memory urlx returns, urlx frees, never free(): urlx_links_free() for a
 *   link list, urlx_free() for a string a urlx_linkify_* call or
 *   urlx_escape_html() returned, urlx_finder_free() for a finder. The
 *   strings inside a urlx_link belong to its list.
 * - No call unwinds into C. URLX_ERR_PANIC says urlx failed inside (a bug,
 *   to be reported); nothing was returned, and every handle stays usable.
 * - Threads: a urlx_finder is configured (urlx_finder_set_*), then may be
 *   used by any number of threads at once for finding and linkifying. A
 *   setter on a finder that a call is using (another thread's, or a render
 *   callback on its own finder) changes nothing and returns URLX_ERR_BUSY.
 *   A finder is freed only when no call uses it. A urlx_links may be read
 *   from any thread, and freed once.
 * - Versions: within one SONAME (liburlx.so.0.1 for 0.1.x) calls are only
 *   added, and fields only added at the end of urlx_link and
 *   urlx_rendered, so a program built against an older header runs with a
 *   newer library; one built against a newer header needs at least that
 *   library (urlx_version()).
 */
#ifndef URLX_H
#define URLX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header; urlx_version() gives the library's. */
#define URLX_VERSION_MAJOR 0
#define URLX_VERSION_MINOR 1
#define URLX_VERSION_PATCH 0
#define URLX_VERSION "0.1.0"

/* The version of the library loaded, "MAJOR.MINOR.PATCH". */
const char *urlx_version(void);

/* What a call did. */
typedef enum urlx_status {
    URLX_OK = 0,
    /* An argument is wrong: a NULL pointer where one is needed, a string
     * that is not UTF-8, a length past the address space. */
    URLX_ERR_ARGUMENT = 1,
    /* An option's value is refused (a cap of 0, a scheme name that is not
     * one); the finder keeps the configuration it had. */
    URLX_ERR_OPTION = 2,
    /* The render callback returned non-zero: the call stopped there. */
    URLX_ERR_CALLBACK = 3,
    /* urlx failed inside (a bug): nothing was returned. */
    URLX_ERR_PANIC = 4,
    /* A setter on a finder that a call is using: nothing changed. */
    URLX_ERR_BUSY = 5,
    URLX_STATUS_MAX_ = 0x7fffffff /* keeps the enum an int */
} urlx_status;

/* A sentence that says what a status means (static, never NULL). */
const char *urlx_status_str(urlx_status status);

/* How a URL was written. */
enum urlx_form {
    URLX_FORM_URL_PREFIX = 0, /* <URL:...> or URL:... */
    URLX_FORM_ANGLE = 1,      /* <...> */
    URLX_FORM_QUOTED = 2,     /* "..." */
    URLX_FORM_BARE = 3,
    URLX_FORM_ABBREVIATED = 4, /* www.... reported with http:// */
    URLX_FORM_EMAIL = 5,      /* an address reported with mailto: */
    URLX_FORM_DOMAIN = 6,     /* a domain name reported with http:// (an
                                 option of the Rust library) */
    URLX_FORM_DEFANGED = 7,   /* a defanged indicator reported refanged
                                 (urlx::refang, in Rust) */
    URLX_FORM_OTHER = 255     /* a form newer than this header */
};

/* Why a link may not go where it seems to (urlx_link.deception). */
enum urlx_deception {
    URLX_DECEPTION_NONE = 0,
    /* http(s) with userinfo: http://www.bank.example@10.0.0.1/ */
    URLX_DECEPTION_USERINFO = 1,
    /* A host resolvers read as an IPv4 address: 2130706433, 0x7f.1 */
    URLX_DECEPTION_NUMERIC_HOST = 2,
    /* A host label that mixes scripts (a Cyrillic letter among Latin),
       in Unicode or punycode */
    URLX_DECEPTION_MIXED_SCRIPT = 3,
    /* A label all in one script that looks all Latin (UTS 39 whole-script
       confusable: the Cyrillic "аррӏе" looks like "apple") */
    URLX_DECEPTION_WHOLE_SCRIPT = 4,
    /* a loopback, private or link-local host: "goes to 192.168.1.1, an
       address on your own machine or network" */
    URLX_DECEPTION_LOCAL_ADDRESS = 5,
    /* an HTML link whose text shows another host than its href's (the
       reading view of mail; not given for a link found in text) */
    URLX_DECEPTION_TEXT_SHOWS = 6,
    URLX_DECEPTION_OTHER = 255 /* a reason newer than this header */
};

/* A byte range of the text: [start, end). Read as an array
 * (urlx_link.segments), it never grows. */
typedef struct urlx_span {
    size_t start;
    size_t end;
} urlx_span;

/* One link. The strings are NUL-terminated UTF-8; everything here belongs
 * to the list it came from (or, given to a render callback, lives until
 * the callback returns). The fields the command's --json has too are
 * derived as it derives them (the library's LinkRecord). */
typedef struct urlx_link {
    size_t start;        /* byte offset of the URL's text in the text */
    size_t end;          /* the byte after it */
    size_t line;         /* 1-based */
    size_t column;       /* 1-based, in bytes */
    size_t char_column;  /* 1-based, in characters (for a picker) */
    const char *url;     /* wrappers and line breaks removed */
    const char *alt;     /* the other reading, or NULL: the hyphen at a line
                            break dropped, or a wrapper's spaces as %20 */
    const char *scheme;  /* lower case whatever the case written (RFC 3986
                            3.1): "http", "mailto"; "" for a URL without
                            one; url keeps the case written */
    const char *host;    /* as written, or NULL (mailto:, urn:, news:) */
    int form;            /* enum urlx_form */
    int truncated;       /* 1 when a cap, or bytes that are not UTF-8,
                            cut the URL: it may be longer in the text */
    int linkable;        /* 1 when the finder's link schemes let it be a
                            link (by default the safe list: http, https,
                            ftp, mailto, ...; never javascript:) */
    int deception;       /* enum urlx_deception */
    const char *deception_reason; /* in words ("goes to 10.0.0.1 (the
                            part before @ is not the host)"), or NULL */
    const urlx_span *segments; /* the URL's text line by line, without a
                            line break, quote prefix or indentation: one
                            span for a URL on one line */
    size_t segment_count;
    const char *unwrapped; /* the URL a link-protection redirect (Outlook
                            SafeLinks, Proofpoint URL Defense, Google's
                            /url?q=, ...) leads to, nested ones to the end;
                            NULL for other links and for a redirect that
                            holds a token only (Mimecast, t.co) */
    const char *redirect; /* the redirect's service ("safelinks",
                            "urldefense-v3", "t.co", ...), or NULL */
} urlx_link;

/* A list of links (opaque). */
typedef struct urlx_links urlx_links;

/* How links are found and written (opaque): the finder's options, and
 * the linkifier's. */
typedef struct urlx_finder urlx_finder;

/* ---- Finding ---- */

/* The links in text[0..len] with the default options. */
urlx_status urlx_find(const char *text, size_t len, urlx_links **out);

/* The links in text[0..len] as finder finds them. */
urlx_status urlx_find_with(const urlx_finder *finder, const char *text,
                           size_t len, urlx_links **out);

/* How many links the list holds (0 for NULL). */
size_t urlx_links_count(const urlx_links *links);

/* Link i, or NULL when i is out of range or links is NULL. The pointer
 * lives as long as the list. */
const urlx_link *urlx_links_get(const urlx_links *links, size_t i);

void urlx_links_free(urlx_links *links);

/* ---- A finder: options ---- */

/* A finder with the default options: the bare schemes of the contract
 * (http, https, ftp, ...), www. abbreviations on, e-mail addresses off,
 * URLs up to 8192 bytes, wrappers up to 2048 bytes and 8 lines; links
 * written for the safe schemes with rel="nofollow noopener". */
urlx_status urlx_finder_new(urlx_finder **out);

void urlx_finder_free(urlx_finder *finder);

/* Bare e-mail addresses as mailto: links (default off). */
urlx_status urlx_finder_set_email(urlx_finder *finder, int on);
/* www. hosts as http:// links (default on). */
urlx_status urlx_finder_set_www(urlx_finder *finder, int on);
/* Join a bare URL that ends at a line end with a next line that begins
 * with / ? & = # or % (default off). */
urlx_status urlx_finder_set_join_breaks(urlx_finder *finder, int on);
/* UTS #58 mode (default off): links as Unicode's link detection standard
 * (UTS #58, Unicode 17) finds them, and only those: domain names whose
 * last label is one of IANA's top-level domains (ASCII or not), with
 * http:// or https:// or none (given https://, form URLX_FORM_DOMAIN), and
 * e-mail addresses (mailto:, form URLX_FORM_EMAIL). The form options
 * (e-mail, www., C-W6, schemes) do not apply in this mode; the caps do. */
urlx_status urlx_finder_set_uts58(urlx_finder *finder, int on);
/* Bare scheme:// URLs of every scheme in IANA's URI scheme registry,
 * permanent and provisional (wss://, coap://, rsync://; default on). */
urlx_status urlx_finder_set_registered_schemes(urlx_finder *finder, int on);
/* The caps, each at least 1 (else URLX_ERR_OPTION): the longest URL in
 * bytes, the most bytes and lines a wrapper may span. A URL cut by a cap
 * is flagged truncated. SIZE_MAX is no cap (byte caps are taken as at
 * most SIZE_MAX / 64, longer than any text). */
urlx_status urlx_finder_set_max_url_len(urlx_finder *finder, size_t bytes);
urlx_status urlx_finder_set_max_wrapper_bytes(urlx_finder *finder, size_t bytes);
urlx_status urlx_finder_set_max_wrapper_lines(urlx_finder *finder, size_t lines);
/* The most bytes of a line looked at; 0 for no cap (the default). */
urlx_status urlx_finder_set_max_line_len(urlx_finder *finder, size_t bytes);
/* The schemes found in bare text, and the schemes without // found only
 * inside <...> and quotes; each list replaces the default (the bare list
 * also turns IANA's registered schemes off). schemes may be NULL when n
 * is 0. */
urlx_status urlx_finder_set_bare_schemes(urlx_finder *finder,
                                         const char *const *schemes, size_t n);
urlx_status urlx_finder_set_wrapped_schemes(urlx_finder *finder,
                                            const char *const *schemes, size_t n);

/* ---- A finder: how links are written ---- */

/* The schemes that may become links (replaces the safe list); javascript:,
 * data: and vbscript: never do, whatever the list says. */
urlx_status urlx_finder_set_link_schemes(urlx_finder *finder,
                                         const char *const *schemes, size_t n);
/* The rel, target and class attributes of the HTML anchors; NULL for
 * none. Default: rel="nofollow noopener", no target, no class. */
urlx_status urlx_finder_set_rel(urlx_finder *finder, const char *rel);
urlx_status urlx_finder_set_target(urlx_finder *finder, const char *target);
urlx_status urlx_finder_set_class(urlx_finder *finder, const char *cls);
/* OSC 8 output writes the text's control characters as they are (escape
 * sequences included): only for text the caller wrote itself. Default 0:
 * they are shown (ESC as ^[), so a text cannot drive the terminal. */
urlx_status urlx_finder_set_raw_controls(urlx_finder *finder, int on);

/* Where a render callback writes. */
typedef struct urlx_out urlx_out;

/* Appends bytes[0..len] to the output, as they are. */
urlx_status urlx_out_write(urlx_out *out, const char *bytes, size_t len);

/* What the render callback is given for one line of a link. Every pointer
 * here, and out, lives until the callback returns: copy what you keep. */
typedef struct urlx_rendered {
    const urlx_link *link; /* made for this line: group the lines of one
                            link by number, not by this pointer */
    size_t number;       /* 1, 2, ...: the link's number among the links
                            written (as a picker numbers them) */
    size_t segment;      /* which line of the link: 0 for its first; a
                            link wrapped over lines is rendered once a line,
                            with one number */
    const char *href;    /* the URL, escaped for an attribute value */
    const char *text;    /* this line's text as the reader saw it,
                            HTML-escaped */
    const char *title;   /* why the link is deceptive, escaped for an
                            attribute value, or NULL; in a message's
                            reading view also where an HTML link's text
                            shows another host */
} urlx_rendered;

/* Writes one line of a link in place of <a href="...">text</a>: what it
 * writes goes into the HTML as it is, and the class, rel, target and
 * title are its own to write. href, text and title are escaped; the
 * link's url, host and deception_reason are not: escape what you add
 * (urlx_escape_html()). Returns 0 to go on, anything else to stop the
 * call, which then returns URLX_ERR_CALLBACK. Called on the thread of the
 * linkify call before that call returns; a finder shared by threads calls
 * it from each at once, with the same user pointer. It must not unwind (a
 * C++ exception) or longjmp out, nor free its finder. */
typedef int (*urlx_render_fn)(void *user, const urlx_rendered *rendered,
                              urlx_out *out);

/* The render callback of urlx_linkify_html_with() (HTML only: OSC 8
 * output has no callback) and the pointer it is given; fn NULL for urlx's
 * own anchors. */
urlx_status urlx_finder_set_render(urlx_finder *finder, urlx_render_fn fn,
                                   void *user);

/* ---- Linkifying ----
 * Each writes a NUL-terminated string the caller frees with urlx_free();
 * *out_len (if not NULL) gets its length in bytes, which counts any NUL
 * inside (OSC 8 with raw controls). *written (if not NULL) gets the
 * number of links written: a URL whose scheme may not be a link stays
 * text and is not counted. */

/* text[0..len] as HTML: every byte escaped (& < > " ' and controls),
 * invalid UTF-8 as U+FFFD, each link an anchor a line to the whole URL,
 * deceptive links with a title and the class urlx-deceptive. */
urlx_status urlx_linkify_html(const char *text, size_t len, char **out,
                              size_t *out_len);
urlx_status urlx_linkify_html_with(const urlx_finder *finder, const char *text,
                                   size_t len, char **out, size_t *out_len,
                                   size_t *written);

/* text[0..len] with OSC 8 terminal hyperlinks (for less -R): the text's
 * control characters other than tab and line ends are shown, not obeyed,
 * so the only escape sequences written are the links'; each target is
 * the URL's ASCII form, with id=urlx-N shared by the lines of one link. */
urlx_status urlx_linkify_osc8(const char *text, size_t len, char **out,
                              size_t *out_len);
urlx_status urlx_linkify_osc8_with(const urlx_finder *finder, const char *text,
                                   size_t len, char **out, size_t *out_len,
                                   size_t *written);

/* ---- Mail ----
 * A message (an .eml, what a mail client holds) or an mbox, sniffed as
 * the command sniffs it: MIME parts, quoted-printable, base64, charsets
 * and HTML decoded. */

/* How the raw bytes of a mail link's span encode its text. */
enum urlx_encoding {
    URLX_ENCODING_PLAIN = 0,
    URLX_ENCODING_QUOTED_PRINTABLE = 1,
    URLX_ENCODING_BASE64 = 2 /* no raw substring is the URL: the span
                                covers whole groups of 4 characters */
};

/* One link of mail. link.start and link.end are the raw bytes of the
 * input that hold the URL's text, from the first to the last (they decode
 * to it by encoding, the part's charset and, in HTML, its references);
 * link.deception includes URLX_DECEPTION_TEXT_SHOWS, an HTML link whose
 * text shows another host. The message's fields are decoded (RFC 2047),
 * or NULL where it has none. Everything belongs to the list. */
typedef struct urlx_mail_link {
    urlx_link link;
    int encoding;        /* enum urlx_encoding */
    int header;          /* 1 when a header field holds it (List-*, ...) */
    const char *message_id;
    const char *subject;
    const char *date;
    const char *from;
    const char *to;
} urlx_mail_link;

/* A list of mail links (opaque). */
typedef struct urlx_mail_links urlx_mail_links;

/* The links of the message or mbox data[0..len]. */
urlx_status urlx_find_mail(const char *data, size_t len, urlx_mail_links **out);
urlx_status urlx_find_mail_with(const urlx_finder *finder, const char *data,
                                size_t len, urlx_mail_links **out);
/* How many links the list holds; 0 for NULL. */
size_t urlx_mail_links_count(const urlx_mail_links *links);
/* Link i, or NULL when i is out of range. */
const urlx_mail_link *urlx_mail_links_get(const urlx_mail_links *links,
                                          size_t i);
/* Frees a list; NULL is ignored. */
void urlx_mail_links_free(urlx_mail_links *links);

/* The message msg[0..len] as a reader sees it: From, To, Date and Subject
 * (decoded, direction controls shown), then the text part decoded, or the
 * HTML part as text where there is none, each HTML link's href written
 * after its text as the link, with a warning where the text shows another
 * host (in HTML, a render callback gets it as the title and writes the
 * link its own way). As HTML (an <article> with the body in a <pre>) or
 * for a terminal (OSC 8); strings and counts as urlx_linkify_*. */
urlx_status urlx_message_html(const char *msg, size_t len, char **out,
                              size_t *out_len);
urlx_status urlx_message_html_with(const urlx_finder *finder, const char *msg,
                                   size_t len, char **out, size_t *out_len,
                                   size_t *written);
urlx_status urlx_message_osc8(const char *msg, size_t len, char **out,
                              size_t *out_len);
urlx_status urlx_message_osc8_with(const urlx_finder *finder, const char *msg,
                                   size_t len, char **out, size_t *out_len,
                                   size_t *written);

/* text[0..len] HTML-escaped as urlx escapes the text around links (& < >
 * " ' as references, controls and invalid UTF-8 as U+FFFD): for what a
 * render callback writes of its own. */
urlx_status urlx_escape_html(const char *text, size_t len, char **out,
                             size_t *out_len);

/* Frees a string urlx_linkify_*, urlx_message_* or urlx_escape_html()
 * returned; NULL is ignored. */
void urlx_free(char *s);

#ifdef __cplusplus
}
#endif

#endif
