package ui

import "github.com/charmbracelet/bubbles/key"

// WalkthroughKeyMap holds the keys of the walk-through and the lessons.
// It implements help.KeyMap.
type WalkthroughKeyMap struct {
	// Next, Prev, First and Last move between steps (lessons: next and
	// previous lesson; First resets the hypothesis).
	Next, Prev, First, Last key.Binding
	// Down, Up, PageDown and PageUp scroll the text.
	Down, Up, PageDown, PageUp key.Binding
	// Close closes the screen.
	Close key.Binding
}

// DefaultWalkthroughKeyMap returns the walk-through's keys: →/l/n/space
// and ←/h/p move between steps, j/k (↓/↑) and pgdn/pgup scroll, home/end
// (g/G) jump to the first and last step, esc (or q) closes.
func DefaultWalkthroughKeyMap() WalkthroughKeyMap {
	return WalkthroughKeyMap{
		Next:     key.NewBinding(key.WithKeys("right", "l", "n", " "), key.WithHelp("→/n", "next step")),
		Prev:     key.NewBinding(key.WithKeys("left", "h", "p"), key.WithHelp("←/p", "previous")),
		First:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", "first")),
		Last:     key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", "last")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("j/k", "scroll")),
		Up:       key.NewBinding(key.WithKeys("up", "k")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "f"), key.WithHelp("pgdn", "page")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "b")),
		Close:    key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close")),
	}
}

// LessonsKeyMap returns the lessons' keys. Letters, digits, ← and → go to
// the hypothesis being edited, so lessons change with tab and shift+tab,
// and scroll with ↓/↑ and pgdn/pgup; ctrl+r restores the lesson's
// hypothesis; only esc closes.
func LessonsKeyMap() WalkthroughKeyMap {
	return WalkthroughKeyMap{
		Next:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next lesson")),
		Prev:     key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "back")),
		First:    key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "reset")),
		Last:     key.NewBinding(key.WithDisabled()),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓/↑", "scroll")),
		Up:       key.NewBinding(key.WithKeys("up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page")),
		PageUp:   key.NewBinding(key.WithKeys("pgup")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	}
}

// ShortHelp implements help.KeyMap.
func (k WalkthroughKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Close, k.Next, k.Prev, k.Down, k.PageDown, k.First}
}

// FullHelp implements help.KeyMap.
func (k WalkthroughKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.First, k.Last}, {k.Down, k.Up, k.PageDown, k.PageUp}, {k.Close}}
}

// helpLine renders the short help as "key action · key action", the
// bindings without help text left out.
func (k WalkthroughKeyMap) helpLine() string {
	var s string
	for _, b := range k.ShortHelp() {
		h := b.Help()
		if h.Key == "" || !b.Enabled() {
			continue
		}
		if s != "" {
			s += " · "
		}
		s += h.Key + " " + h.Desc
	}
	return s
}
