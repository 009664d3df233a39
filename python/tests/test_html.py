"""``urlx.linkify_html_fragment``: HTML in, the URLs of its text linked,
every other byte kept (C-S1); callbacks as bleach's; the README's
migration examples run as doctests."""

import doctest
import pathlib

import pytest

import urlx

ROOT = pathlib.Path(__file__).resolve().parents[2]


def a(url, text, extra=' rel="nofollow noopener"'):
    return f'<a href="{url}"{extra}>{text}</a>'


def test_c_s1_only_text_is_linked():
    page = (
        '<p title="http://t.example/">x http://a.example/ <!-- http://c.example/ -->'
        "<a href=/>http://in.example/</a><code>http://code.example/</code></p>"
    )
    assert urlx.linkify_html_fragment(page) == page.replace(
        "x http://a.example/ ", "x " + a("http://a.example/", "http://a.example/") + " "
    )


def test_c_s1_callbacks_edit_and_drop_and_cannot_add_script():
    def edit(attrs, new):
        assert new is True
        attrs[(None, "href")] = "/out?u=" + attrs[(None, "href")]
        attrs[(None, "class")] = "ext"
        return attrs

    def drop(attrs, new):
        return None if "drop" in attrs[(None, "href")] else attrs

    out = urlx.linkify_html_fragment("http://keep.example/ http://drop.example/", callbacks=[drop, edit])
    assert out == '<a href="/out?u=http://keep.example/" class="ext">http://keep.example/</a> http://drop.example/'

    def evil(attrs, new):
        attrs[(None, "href")] = "javascript:alert(1)"
        return attrs

    assert urlx.linkify_html_fragment("http://a.example/", callbacks=[evil]) == "http://a.example/"
    for href in [" javascript:alert(1)", "java\tscript:alert(1)", "\x01JAVASCRIPT:alert(1)", "data:text/html,x"]:

        def sneaky(attrs, new, href=href):
            attrs[(None, "href")] = href
            return attrs

        assert urlx.linkify_html_fragment("http://a.example/", callbacks=[sneaky]) == "http://a.example/", href

    def handler(attrs, new):
        attrs[(None, "onclick")] = "alert(1)"
        return attrs

    with pytest.raises(ValueError, match="event-handler"):
        urlx.linkify_html_fragment("http://a.example/", callbacks=[handler])

    def boom(attrs, new):
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        urlx.linkify_html_fragment("http://a.example/", callbacks=[boom])
    with pytest.raises(ValueError, match="rel does not apply with callbacks"):
        urlx.linkify_html_fragment("x", callbacks=[], rel="me")


def test_c_s1_text_and_its_references_stay_as_written():
    # The link's text as the page wrote it; the callback's text, if it
    # changes it, escaped.
    out = urlx.linkify_html_fragment("http&#58;//a.example/?q=&lt;x&gt;")
    assert out.startswith('<a href="http://a.example/?q=')

    def text(attrs, new):
        assert attrs["_text"] == "http://b.example/?a&b"
        attrs["_text"] = "<b>"
        return attrs

    assert (
        urlx.linkify_html_fragment("http://b.example/?a&amp;b", callbacks=[text])
        == '<a href="http://b.example/?a&amp;b">&lt;b&gt;</a>'
    )


def test_readme_migration_examples():
    try:
        import bleach  # noqa: F401
    except ImportError:
        pytest.fail("bleach is missing: pip install './python[test]'", pytrace=False)
    failures, tried = doctest.testfile(str(ROOT / "python" / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0
