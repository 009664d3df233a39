//! The picker's state and what each key does to it. No terminal I/O: a key
//! comes in, the state changes, and an [`Action`] says what the caller
//! should do (open, copy, quit), so every key is tested without a terminal.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::items::Entry;

/// What the keys go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moving in the list.
    List,
    /// Typing a search after `/`.
    Search,
    /// Asked whether to open the entry of that index anyway (deceptive,
    /// or a scheme that is not a web link).
    Confirm(usize),
}

/// What the caller does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    None,
    Quit,
    /// Open the entry of that index.
    Open(usize),
    /// Copy the entry of that index.
    Copy(usize),
}

pub struct App {
    pub entries: Vec<Entry>,
    /// Header URLs listed too (`h`).
    pub show_headers: bool,
    /// The search, as typed.
    pub query: String,
    pub mode: Mode,
    /// Indices of the entries listed, in order.
    pub visible: Vec<usize>,
    /// The selected row of `visible`.
    pub selected: usize,
    /// The first row shown: kept by the view between frames.
    pub offset: usize,
    /// Rows in a page (PgUp, PgDn): set by the view from the screen.
    pub page: usize,
    /// A message for the status line, until the next key.
    pub status: Option<String>,
    /// Each entry's URL and context in lower case, for the search.
    haystack: Vec<String>,
}

impl App {
    pub fn new(entries: Vec<Entry>, show_headers: bool) -> App {
        let haystack = entries
            .iter()
            .map(|e| format!("{}\n{}", e.url, e.context).to_lowercase())
            .collect();
        let mut app = App {
            entries,
            show_headers,
            query: String::new(),
            mode: Mode::List,
            visible: Vec::new(),
            selected: 0,
            offset: 0,
            page: 10,
            status: None,
            haystack,
        };
        app.refilter();
        app
    }

    /// URLs in the body, and in headers.
    pub fn counts(&self) -> (usize, usize) {
        let headers = self.entries.iter().filter(|e| e.header).count();
        (self.entries.len() - headers, headers)
    }

    /// The index of the selected entry.
    pub fn current_index(&self) -> Option<usize> {
        self.visible.get(self.selected).copied()
    }

    #[cfg(test)]
    pub fn current(&self) -> Option<&Entry> {
        self.current_index().map(|i| &self.entries[i])
    }

    /// Why the entry of index `i` needs a yes before it is opened.
    pub fn warning(&self, i: usize) -> Option<String> {
        let e = &self.entries[i];
        if let Some(d) = &e.deception {
            return Some(format!("this link {d}"));
        }
        if !e.linkable {
            let scheme = e.url.split(':').next().unwrap_or("");
            return Some(format!("{scheme}: is not a web or mail link"));
        }
        None
    }

    /// The entries listed: by the header toggle and the search. The
    /// selected entry stays selected when it is still listed.
    fn refilter(&mut self) {
        let current = self.current_index();
        let query = self.query.to_lowercase();
        self.visible = (0..self.entries.len())
            .filter(|&i| self.show_headers || !self.entries[i].header)
            .filter(|&i| query.is_empty() || self.haystack[i].contains(&query))
            .collect();
        self.selected = current
            .and_then(|c| self.visible.iter().position(|&i| i == c))
            .unwrap_or(0);
    }

    fn move_by(&mut self, delta: isize) {
        let last = self.visible.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    pub fn key(&mut self, key: KeyEvent) -> Action {
        self.status = None;
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Action::Quit;
        }
        match self.mode {
            Mode::List => self.list_key(key),
            Mode::Search => {
                self.search_key(key);
                Action::None
            }
            Mode::Confirm(i) => {
                self.mode = Mode::List;
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    Action::Open(i)
                } else {
                    self.status = Some("not opened".to_owned());
                    Action::None
                }
            }
        }
    }

    /// Moves shared by the list and the search.
    fn motion(&mut self, code: KeyCode) -> bool {
        let page = self.page.max(1) as isize;
        match code {
            KeyCode::Up => self.move_by(-1),
            KeyCode::Down => self.move_by(1),
            KeyCode::PageUp => self.move_by(-page),
            KeyCode::PageDown => self.move_by(page),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.move_by(isize::MAX),
            _ => return false,
        }
        true
    }

    fn list_key(&mut self, key: KeyEvent) -> Action {
        if self.motion(key.code) {
            return Action::None;
        }
        match key.code {
            KeyCode::Char('k') => self.move_by(-1),
            KeyCode::Char('j') => self.move_by(1),
            KeyCode::Char('g') => self.selected = 0,
            KeyCode::Char('G') => self.move_by(isize::MAX),
            KeyCode::Char('/') => {
                self.mode = Mode::Search;
                self.query.clear();
                self.refilter();
            }
            KeyCode::Char('h') => {
                self.show_headers = !self.show_headers;
                self.refilter();
                let (_, headers) = self.counts();
                self.status = Some(match (self.show_headers, headers) {
                    (_, 0) => "no URL in the headers".to_owned(),
                    (true, n) => format!("{n} header URL(s) shown"),
                    (false, n) => format!("{n} header URL(s) hidden"),
                });
            }
            KeyCode::Enter => {
                if let Some(i) = self.current_index() {
                    if self.warning(i).is_some() {
                        self.mode = Mode::Confirm(i);
                    } else {
                        return Action::Open(i);
                    }
                }
            }
            KeyCode::Char('y') => {
                if let Some(i) = self.current_index() {
                    return Action::Copy(i);
                }
            }
            KeyCode::Char('q') | KeyCode::Esc => return Action::Quit,
            _ => {}
        }
        Action::None
    }

    fn search_key(&mut self, key: KeyEvent) {
        if self.motion(key.code) {
            return;
        }
        match key.code {
            KeyCode::Enter => self.mode = Mode::List,
            KeyCode::Esc => {
                self.mode = Mode::List;
                self.query.clear();
                self.refilter();
            }
            KeyCode::Backspace => {
                self.query.pop();
                self.refilter();
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.query.push(c);
                self.refilter();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn entry(url: &str, context: &str, header: bool) -> Entry {
        // The link where the context shows it, else at its start.
        let at = match context.find(url) {
            Some(b) => {
                let k = context[..b].chars().count();
                k..k + url.chars().count()
            }
            None => 0..0,
        };
        Entry {
            url: url.to_owned(),
            context: context.to_owned(),
            at,
            subject: None,
            header,
            deception: None,
            linkable: true,
            unwrapped: None,
        }
    }

    pub(crate) fn keys(app: &mut App, keys: &str) -> Vec<Action> {
        keys.chars().map(|c| app.key(press(c))).collect()
    }

    pub(crate) fn press(c: char) -> KeyEvent {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            '\x08' => KeyCode::Backspace,
            c => KeyCode::Char(c),
        };
        KeyEvent::from(code)
    }

    fn sample() -> App {
        App::new(
            vec![
                entry("https://lists.example.org/unsub", "List-Unsubscribe", true),
                entry("https://a.example/one", "first line", false),
                entry("https://b.example/two", "second LINE", false),
                entry("https://c.example/three", "third", false),
            ],
            false,
        )
    }

    fn current(app: &App) -> &str {
        &app.current().unwrap().url
    }

    #[test]
    fn moves_and_stops_at_the_ends() {
        let mut app = sample();
        assert_eq!(app.visible, [1, 2, 3]);
        assert_eq!(current(&app), "https://a.example/one");
        keys(&mut app, "k");
        assert_eq!(app.selected, 0);
        keys(&mut app, "jj");
        assert_eq!(current(&app), "https://c.example/three");
        keys(&mut app, "j");
        assert_eq!(app.selected, 2);
        keys(&mut app, "g");
        assert_eq!(app.selected, 0);
        keys(&mut app, "G");
        assert_eq!(app.selected, 2);
        app.key(KeyCode::Home.into());
        assert_eq!(app.selected, 0);
        app.key(KeyCode::Down.into());
        assert_eq!(app.selected, 1);
        app.key(KeyCode::Up.into());
        assert_eq!(app.selected, 0);
        app.page = 2;
        app.key(KeyCode::PageDown.into());
        assert_eq!(app.selected, 2);
        app.key(KeyCode::PageUp.into());
        assert_eq!(app.selected, 0);
        app.key(KeyCode::End.into());
        assert_eq!(app.selected, 2);
    }

    #[test]
    fn enter_opens_y_copies_q_quits() {
        let mut app = sample();
        assert_eq!(keys(&mut app, "j\n"), [Action::None, Action::Open(2)]);
        assert_eq!(keys(&mut app, "y"), [Action::Copy(2)]);
        assert_eq!(keys(&mut app, "q"), [Action::Quit]);
        assert_eq!(keys(&mut app, "\x1b"), [Action::Quit]);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(app.key(ctrl_c), Action::Quit);
    }

    #[test]
    fn search_filters_case_insensitively() {
        let mut app = sample();
        keys(&mut app, "/line");
        assert_eq!(app.mode, Mode::Search);
        assert_eq!(app.visible, [1, 2]);
        keys(&mut app, "\x08\x08\x08\x08B.EX");
        assert_eq!(app.visible, [2]);
        assert_eq!(keys(&mut app, "\n"), [Action::None]);
        assert_eq!(app.mode, Mode::List);
        assert_eq!(app.query, "B.EX");
        assert_eq!(app.visible, [2]);
        assert_eq!(keys(&mut app, "\n"), [Action::Open(2)]);
        // Esc while searching clears the search.
        keys(&mut app, "/zzz");
        assert!(app.visible.is_empty());
        assert_eq!(keys(&mut app, "\n"), [Action::None]);
        // Keys are text while searching: j and q are typed, not obeyed.
        assert_eq!(keys(&mut app, "/jq"), [Action::None; 3]);
        assert_eq!(app.query, "jq");
        keys(&mut app, "/zzz\x1b");
        assert_eq!((app.mode, app.query.as_str()), (Mode::List, ""));
        assert_eq!(app.visible, [1, 2, 3]);
    }

    #[test]
    fn selection_kept_across_filtering() {
        let mut app = sample();
        keys(&mut app, "jj");
        keys(&mut app, "/three\x1b");
        assert_eq!(current(&app), "https://c.example/three");
    }

    #[test]
    fn h_toggles_header_urls() {
        let mut app = sample();
        assert_eq!(app.counts(), (3, 1));
        keys(&mut app, "h");
        assert_eq!(app.visible, [0, 1, 2, 3]);
        assert_eq!(app.status.as_deref(), Some("1 header URL(s) shown"));
        assert_eq!(current(&app), "https://a.example/one");
        keys(&mut app, "h");
        assert_eq!(app.visible, [1, 2, 3]);
        let app = App::new(sample().entries, true);
        assert_eq!(app.visible, [0, 1, 2, 3]);
    }

    #[test]
    fn deceptive_or_unsafe_asks_first() {
        let mut e = entry("http://bank.example@10.0.0.1/", "x", false);
        e.deception = Some("goes to 10.0.0.1 (the part before @ is not the host)".into());
        let mut js = entry("javascript:alert(1)", "y", false);
        js.linkable = false;
        let mut app = App::new(vec![e, js], false);
        assert_eq!(keys(&mut app, "\n"), [Action::None]);
        assert_eq!(app.mode, Mode::Confirm(0));
        assert_eq!(
            app.warning(0).as_deref(),
            Some("this link goes to 10.0.0.1 (the part before @ is not the host)")
        );
        assert_eq!(keys(&mut app, "n"), [Action::None]);
        assert_eq!(
            (app.mode, app.status.as_deref()),
            (Mode::List, Some("not opened"))
        );
        assert_eq!(keys(&mut app, "\ny"), [Action::None, Action::Open(0)]);
        assert_eq!(keys(&mut app, "j\n"), [Action::None, Action::None]);
        assert_eq!(
            app.warning(1).as_deref(),
            Some("javascript: is not a web or mail link")
        );
        assert_eq!(keys(&mut app, "y"), [Action::Open(1)]);
    }

    #[test]
    fn empty_list_does_nothing() {
        let mut app = App::new(vec![entry("https://h.example/", "", true)], false);
        assert!(app.visible.is_empty());
        assert_eq!(keys(&mut app, "jkgG\ny"), [Action::None; 6]);
        assert_eq!(keys(&mut app, "h\n"), [Action::None, Action::Open(0)]);
    }
}
