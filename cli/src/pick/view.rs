//! Drawing the picker with ratatui: a title, the list (each URL over its
//! context line), the selected entry's subject and warning, and a status
//! line (keys, the search being typed, or the question before a deceptive
//! link is opened). Every text drawn was made printable by `items`.

use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{HighlightSpacing, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{App, Mode};

/// What marks a link that may mislead, or that is not a web link.
pub const WARN: &str = "⚠";
/// What marks a URL found in a header.
pub const HEADER: &str = "[header]";
const HELP: &str = "↑↓/jk move  / search  Enter open  y copy  h headers  q quit";

pub fn draw(f: &mut Frame, app: &mut App) {
    let [title, list, detail, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(f.area());

    f.render_widget(Paragraph::new(title_line(app)).reversed(), title);

    // Two rows an entry: the URL, then its context.
    app.page = usize::from(list.height / 2).max(1);
    if app.visible.is_empty() {
        f.render_widget(Paragraph::new(empty_text(app)).italic(), list);
    } else {
        let items: Vec<ListItem> = app.visible.iter().map(|&i| item(app, i)).collect();
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
    f.render_widget(Paragraph::new(detail_text(app)), detail);
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

fn item(app: &App, i: usize) -> ListItem<'static> {
    let e = &app.entries[i];
    let mut first = Vec::new();
    if e.deception.is_some() || !e.linkable {
        first.push(Span::styled(
            format!("{WARN} "),
            Style::new().fg(Color::Red).bold(),
        ));
    }
    if e.header {
        first.push(Span::styled(
            format!("{HEADER} "),
            Style::new().fg(Color::Yellow),
        ));
    }
    first.push(Span::styled(e.url.clone(), Style::new().bold()));
    let second = Line::from(Span::styled(format!("  {}", e.context), Style::new().dim()));
    ListItem::new(Text::from(vec![Line::from(first), second]))
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

fn detail_text(app: &App) -> Text<'static> {
    let mut lines = Vec::new();
    if let Some(i) = app.current_index() {
        if let Some(subject) = &app.entries[i].subject {
            lines.push(Line::from(format!("Subject: {subject}")));
        }
        if let Some(w) = app.warning(i) {
            lines.push(Line::from(format!("{WARN} {w}")).red());
        }
    }
    Text::from(lines)
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
        let mut t = Terminal::new(TestBackend::new(80, 12)).unwrap();
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
