//! Drawing the picker with ratatui: a title, the list (each URL over its
//! context line), the selected entry's subject and warning, and a status
//! line (keys, the search being typed, or the question before a deceptive
//! link is opened). Every text drawn was made printable by `items`.

use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{HighlightSpacing, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::app::{App, Mode};

/// What marks a link that may mislead, or that is not a web link.
pub const WARN: &str = "⚠";
/// What marks a URL found in a header.
pub const HEADER: &str = "[header]";
const HELP: &str = "↑↓/jk move  / search  Enter open  y copy  h headers  q quit";

pub fn draw(f: &mut Frame, app: &mut App) {
    // The selected entry's details, cut into rows of the screen's width:
    // as many rows as they take, up to 6 (a long URL is read whole there).
    let details = detail_text(app, usize::from(f.area().width.max(1)));
    let rows = details.lines.len().clamp(2, 6) as u16;
    let [title, list, detail, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(rows),
        Constraint::Length(1),
    ])
    .areas(f.area());

    f.render_widget(Paragraph::new(title_line(app)).reversed(), title);

    // Two rows an entry: the URL, then its context.
    app.page = usize::from(list.height / 2).max(1);
    if app.visible.is_empty() {
        f.render_widget(Paragraph::new(empty_text(app)).italic(), list);
    } else {
        // (Less the highlight symbol's two columns.)
        let room = usize::from(list.width.saturating_sub(2));
        let items: Vec<ListItem> = app.visible.iter().map(|&i| item(app, i, room)).collect();
        let widget = List::new(items)
            .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
            .highlight_symbol("> ")
            .highlight_spacing(HighlightSpacing::Always);
        let mut state = ListState::default()
            .with_offset(app.offset)
            .with_selected(Some(app.selected));
        f.render_stateful_widget(widget, list, &mut state);
        app.offset = state.offset();
    }

    if let Mode::Confirm(i) = app.mode {
        // The question over both rows and the status line, wrapped: where
        // the link goes must be read whole before y.
        let w = app.warning(i).unwrap_or_default();
        let q = Paragraph::new(format!("{WARN} {w}. Open it anyway? (y/n)"))
            .wrap(Wrap { trim: true })
            .red()
            .bold();
        f.render_widget(q, detail.union(status));
        return;
    }
    f.render_widget(Paragraph::new(details), detail);
    f.render_widget(Paragraph::new(status_line(app)), status);
}

fn title_line(app: &App) -> Line<'static> {
    let (body, headers) = app.counts();
    let mut s = format!(" urlx pick: {body} URL(s)");
    if headers > 0 {
        let shown = if app.show_headers {
            "shown"
        } else {
            "hidden, h shows them"
        };
        s.push_str(&format!(", {headers} in headers ({shown})"));
    }
    if !app.query.is_empty() {
        s.push_str(&format!(", {} matching /{}", app.visible.len(), app.query));
    }
    Line::from(s)
}

/// An entry in `room` columns: its URL (elided in the middle when longer:
/// the detail rows show it whole), then its context line, a window of it
/// around the link when the line is longer.
fn item(app: &App, i: usize, room: usize) -> ListItem<'static> {
    let e = &app.entries[i];
    let mut first = Vec::new();
    let mut used = 0;
    if e.deception.is_some() || !e.linkable {
        let mark = format!("{WARN} ");
        used += mark.width();
        first.push(Span::styled(mark, Style::new().fg(Color::Red).bold()));
    }
    if e.header {
        let mark = format!("{HEADER} ");
        used += mark.width();
        first.push(Span::styled(mark, Style::new().fg(Color::Yellow)));
    }
    first.push(Span::styled(
        elided(&e.url, room.saturating_sub(used)),
        Style::new().bold(),
    ));
    let context = window(&e.context, e.at.clone(), room.saturating_sub(2));
    let second = Line::from(Span::styled(format!("  {context}"), Style::new().dim()));
    ListItem::new(Text::from(vec![Line::from(first), second]))
}

/// `s` in at most `room` columns: whole when it fits, else its start and
/// its end with `…` between them.
pub fn elided(s: &str, room: usize) -> String {
    if s.width() <= room {
        return s.to_owned();
    }
    if room == 0 {
        return String::new();
    }
    let half = (room - 1) / 2;
    let head = take_width(s.chars(), room - 1 - half);
    let mut tail: Vec<char> = take_width(s.chars().rev(), half).chars().collect();
    tail.reverse();
    format!("{head}…{}", tail.into_iter().collect::<String>())
}

/// The characters of `chars` that fit in `room` columns.
fn take_width(chars: impl Iterator<Item = char>, room: usize) -> String {
    let mut w = 0;
    chars
        .take_while(|c| {
            w += c.width().unwrap_or(0);
            w <= room
        })
        .collect()
}

/// The line `s` in at most `room` columns, the characters `at` (the link)
/// in view: a window around them with `…` at each cut; the link's start
/// where the link alone is wider than the room.
pub fn window(s: &str, at: std::ops::Range<usize>, room: usize) -> String {
    if s.width() <= room || room < 3 {
        return take_width(s.chars(), room);
    }
    let chars: Vec<char> = s.chars().collect();
    let w = |r: std::ops::Range<usize>| -> usize {
        chars[r].iter().map(|c| c.width().unwrap_or(0)).sum()
    };
    let start = at.start.min(chars.len());
    let end = at.end.clamp(start, chars.len());
    // The link's columns, then what is left shared around it.
    let link = w(start..end);
    let (mut lo, mut hi) = (start, end);
    if link + 2 > room {
        // The link alone is too wide: its start.
        hi = start;
        while hi < chars.len() && w(start..hi + 1) + 2 <= room {
            hi += 1;
        }
    } else {
        // Grow both sides in turn while a `…` still fits at each cut.
        loop {
            let mut grew = false;
            let fits = |lo: usize, hi: usize| {
                w(lo..hi) + usize::from(lo > 0) + usize::from(hi < chars.len()) <= room
            };
            if lo > 0 && fits(lo - 1, hi) {
                lo -= 1;
                grew = true;
            }
            if hi < chars.len() && fits(lo, hi + 1) {
                hi += 1;
                grew = true;
            }
            if !grew {
                break;
            }
        }
    }
    let mut out = String::new();
    if lo > 0 {
        out.push('…');
    }
    out.extend(&chars[lo..hi]);
    if hi < chars.len() {
        out.push('…');
    }
    out
}

fn empty_text(app: &App) -> Text<'static> {
    let (body, headers) = app.counts();
    let s = if body == 0 && headers > 0 && !app.show_headers {
        format!("No URL in the body. {headers} URL(s) in the headers: h shows them.")
    } else if !app.query.is_empty() {
        format!("No URL matches /{}.", app.query)
    } else {
        "No URL.".to_owned()
    };
    Text::from(s)
}

/// The selected entry's details, each cut into rows of `cols` columns:
/// its subject, its warning, where a protection redirect leads, and the
/// URL whole (when the list had to elide it).
fn detail_text(app: &App, cols: usize) -> Text<'static> {
    let mut lines = Vec::new();
    if let Some(i) = app.current_index() {
        let e = &app.entries[i];
        let mut add = |s: String, style: Style| {
            lines.extend(rows(&s, cols).into_iter().map(|r| Line::styled(r, style)));
        };
        if let Some(subject) = &e.subject {
            add(format!("Subject: {subject}"), Style::new());
        }
        if let Some(w) = app.warning(i) {
            add(format!("{WARN} {w}"), Style::new().fg(Color::Red));
        }
        if let Some(t) = &e.unwrapped {
            add(format!("→ leads to {t}"), Style::new().fg(Color::Green));
        }
        if e.url.width() + 2 > cols {
            add(e.url.clone(), Style::new().dim());
        }
    }
    Text::from(lines)
}

/// `s` cut into rows of at most `cols` columns, by character.
fn rows(s: &str, cols: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut w = 0;
    for c in s.chars() {
        let cw = c.width().unwrap_or(0);
        if w + cw > cols && w > 0 {
            out.push(String::new());
            w = 0;
        }
        if let Some(r) = out.last_mut() {
            r.push(c);
        }
        w += cw;
    }
    out
}

fn status_line(app: &App) -> Line<'static> {
    if app.mode == Mode::Search {
        return Line::from(format!("/{}▏", app.query));
    }
    match &app.status {
        Some(s) => Line::from(s.clone()),
        None => Line::from(HELP).dim(),
    }
}

#[cfg(test)]
mod tests {
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    use super::super::app::tests::{entry, keys};
    use super::super::app::{Action, App};
    use super::*;

    /// The screen after drawing `app`, one string a row, trailing blanks
    /// cut.
    fn screen(app: &mut App) -> String {
        screen_of(app, 80)
    }

    fn screen_of(app: &mut App, width: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(width, 12)).unwrap();
        t.draw(|f| draw(f, app)).unwrap();
        let buf = t.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            let row: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
            out.push_str(row.trim_end());
            out.push('\n');
        }
        out
    }

    /// The row that holds `s`.
    fn row_of<'s>(screen: &'s str, s: &str) -> &'s str {
        screen
            .lines()
            .find(|l| l.contains(s))
            .unwrap_or_else(|| panic!("{s:?} not on the screen:\n{screen}"))
    }

    fn sample() -> App {
        let mut unsub = entry(
            "https://lists.example.org/unsub",
            "<https://lists.example.org/unsub>",
            true,
        );
        unsub.subject = Some("News".into());
        let mut one = entry(
            "https://a.example/one",
            "Read https://a.example/one first",
            false,
        );
        one.subject = Some("News".into());
        let mut bad = entry(
            "http://bank.example@10.0.0.1/",
            "Log in: http://bank.example@10.0.0.1/",
            false,
        );
        bad.deception = Some("goes to 10.0.0.1 (the part before @ is not the host)".into());
        App::new(
            vec![
                unsub,
                one,
                entry("https://b.example/two", "and two", false),
                bad,
            ],
            false,
        )
    }

    #[test]
    fn lists_urls_and_context() {
        let mut app = sample();
        let s = screen(&mut app);
        assert!(row_of(&s, "urlx pick").contains("3 URL(s), 1 in headers (hidden, h shows them)"));
        assert!(row_of(&s, "https://a.example/one").starts_with("> https://a.example/one"));
        row_of(&s, "Read https://a.example/one first");
        row_of(&s, "and two");
        assert!(!s.contains("lists.example.org"), "{s}");
        assert!(row_of(&s, "Subject: News").starts_with("Subject"));
        row_of(&s, "q quit");
    }

    #[test]
    fn j_and_k_move_the_selection() {
        let mut app = sample();
        keys(&mut app, "j");
        let s = screen(&mut app);
        assert!(row_of(&s, "https://b.example/two").starts_with("> "));
        assert!(row_of(&s, "https://a.example/one").starts_with("  "));
        // Its message has no subject.
        assert!(!s.contains("Subject"));
        keys(&mut app, "k");
        let s = screen(&mut app);
        assert!(row_of(&s, "https://a.example/one").starts_with("> "));
    }

    #[test]
    fn search_filters_the_list() {
        let mut app = sample();
        keys(&mut app, "/TWO");
        let s = screen(&mut app);
        assert!(!s.contains("a.example"), "{s}");
        assert!(row_of(&s, "https://b.example/two").starts_with("> "));
        assert!(row_of(&s, "urlx pick").contains("1 matching /TWO"));
        assert_eq!(s.lines().last(), Some("/TWO▏"));
        keys(&mut app, "zz\n");
        let s = screen(&mut app);
        row_of(&s, "No URL matches /TWOzz.");
    }

    #[test]
    fn h_shows_header_urls() {
        let mut app = sample();
        keys(&mut app, "h");
        let s = screen(&mut app);
        assert!(row_of(&s, "https://lists.example.org/unsub").starts_with("  [header] https://"));
        assert!(row_of(&s, "urlx pick").contains("1 in headers (shown)"));
        row_of(&s, "1 header URL(s) shown");
    }

    #[test]
    fn only_header_urls_said_so() {
        let mut app = App::new(vec![entry("https://lists.example.org/", "", true)], false);
        let s = screen(&mut app);
        row_of(
            &s,
            "No URL in the body. 1 URL(s) in the headers: h shows them.",
        );
    }

    #[test]
    fn deceptive_marked_and_confirmed() {
        let mut app = sample();
        let s = screen(&mut app);
        assert!(row_of(&s, "bank.example")
            .starts_with(&format!("  {WARN} http://bank.example@10.0.0.1/")));
        assert_eq!(keys(&mut app, "G\n"), [Action::None, Action::None]);
        let s = screen(&mut app);
        let bottom: Vec<&str> = s.lines().skip(9).collect();
        assert_eq!(
            bottom.join(" ").trim_end(),
            "⚠ this link goes to 10.0.0.1 (the part before @ is not the host). Open it anyway? (y/n)"
        );
        assert_eq!(keys(&mut app, "y"), [Action::Open(3)]);
        let s = screen(&mut app);
        assert!(!s.contains("Open it anyway"));
    }

    /// At any width from 60 columns the link stays in view in its own
    /// context line (a window around it, `…` at the cuts); a long URL is
    /// elided in the middle in the list and shown whole below; where a
    /// protection redirect leads is shown.
    #[test]
    fn the_link_stays_in_view_at_any_width() {
        let short = "https://lore.kernel.org/lkml/20261128.x/";
        let ctx = format!(
            "{}here is the link: {short} and {}",
            "words before the link ".repeat(6),
            "words after it ".repeat(6)
        );
        let long = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&data=05%7C01%7Cuser%40example.com";
        let mut protected = entry(long, long, false);
        protected.unwrapped = Some("https://lore.kernel.org/x".into());
        for width in [60u16, 80, 100] {
            let mut app = App::new(vec![entry(short, &ctx, false), protected.clone()], false);
            let s = screen_of(&mut app, width);
            let rows: Vec<&str> = s.lines().collect();
            let context = rows[2];
            assert!(
                context.contains(&format!("link: {short} and")),
                "{width}: {s}"
            );
            assert!(
                context.trim_start().starts_with('…') && context.ends_with('…'),
                "{width}: {s}"
            );
            assert!(
                context.chars().count() <= usize::from(width),
                "{width}: {s}"
            );
            // The long URL elided in the list.
            let listed = rows[3];
            assert!(
                listed.starts_with("  https://nam12.safelinks"),
                "{width}: {s}"
            );
            assert!(
                listed.contains('…') && listed.ends_with("example.com"),
                "{width}: {s}"
            );
            assert!(listed.chars().count() <= usize::from(width), "{width}: {s}");
            // Selected: where it leads, and the URL whole below the list.
            keys(&mut app, "j");
            let s = screen_of(&mut app, width);
            assert!(
                s.contains("→ leads to https://lore.kernel.org/x"),
                "{width}: {s}"
            );
            let below: String = s.lines().skip(6).collect::<Vec<_>>().concat();
            assert!(below.contains(long), "{width}: {s}");
        }
    }

    #[test]
    fn windows_and_elision() {
        assert_eq!(elided("abcdefghij", 10), "abcdefghij");
        assert_eq!(elided("abcdefghij", 7), "abc…hij");
        assert_eq!(elided("日本語のURL", 7), "日…URL");
        assert_eq!(
            window("one two three four five", 8..13, 100),
            "one two three four five"
        );
        assert_eq!(window("one two three four five", 8..13, 11), "…o three f…");
        // The link alone wider than the room: its start.
        assert_eq!(window("a verylonglink b", 2..14, 8), "…verylo…");
    }

    #[test]
    fn q_quits() {
        let mut app = sample();
        assert_eq!(keys(&mut app, "q"), [Action::Quit]);
    }

    #[test]
    fn scrolls_to_the_selection() {
        let list = (0..20)
            .map(|k| entry(&format!("https://e.example/{k}"), "", false))
            .collect();
        let mut app = App::new(list, false);
        keys(&mut app, "G");
        let s = screen(&mut app);
        assert!(row_of(&s, "https://e.example/19").starts_with("> "));
        assert!(!s.contains("https://e.example/0\n"));
        // 12 rows: title, 8 for the list (4 entries), 2 of detail, status.
        assert_eq!(app.page, 4);
        app.key(crossterm::event::KeyCode::PageUp.into());
        assert_eq!(app.current().unwrap().url, "https://e.example/15");
    }
}
