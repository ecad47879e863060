package ui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every key the explorer answers to. It implements help.KeyMap,
// so the short help line and the full help screen are built from it.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Jump, Filter, Sort, Reverse             key.Binding
	Zoom, DetailDown, DetailUp, Ledger      key.Binding
	Charts                                  key.Binding
	Order, AllOrders, OrderUp, OrderDown    key.Binding
	Tokenizer, Lowercase, Smooth, Compat    key.Binding
	NLTKMethod                              key.Binding
	NextSystem, PrevSystem, Other, Compare  key.Binding
	Explain, Lessons, Help, Back, Quit      key.Binding
}

// DefaultKeyMap returns the explorer's keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Up:         b([]string{"up", "k"}, "↑/k", "previous segment"),
		Down:       b([]string{"down", "j"}, "↓/j", "next segment"),
		PageUp:     b([]string{"pgup", "b"}, "pgup/b", "page up"),
		PageDown:   b([]string{"pgdown", "f", " "}, "pgdn/f", "page down"),
		Top:        b([]string{"home", "g"}, "g/home", "first row"),
		Bottom:     b([]string{"end", "G"}, "G/end", "last row"),
		Jump:       b([]string{":", "#"}, ":", "jump to line"),
		Filter:     b([]string{"/"}, "/", "filter src, hyp, refs"),
		Sort:       b([]string{"o"}, "o", "sort: score/line/length/BP/Δ"),
		Reverse:    b([]string{"r"}, "r", "reverse sort"),
		Zoom:       b([]string{"enter", "z"}, "enter", "zoom segment pane"),
		DetailDown: b([]string{"J", "ctrl+d"}, "J/^d", "scroll segment pane down"),
		DetailUp:   b([]string{"K", "ctrl+u"}, "K/^u", "scroll segment pane up"),
		Ledger:     b([]string{"x"}, "x", "full clip ledger"),
		Charts:     b([]string{"h"}, "h", "charts: scores, p1..pN, BP"),
		Order:      b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "highlight order n"),
		AllOrders:  b([]string{"0", "a"}, "0/a", "all orders at once"),
		OrderUp:    b([]string{"+", "="}, "+", "max order up"),
		OrderDown:  b([]string{"-", "_"}, "-", "max order down"),
		Tokenizer:  b([]string{"t"}, "t", "cycle tokenizer"),
		Lowercase:  b([]string{"l"}, "l", "toggle lowercase"),
		Smooth:     b([]string{"s"}, "s", "cycle smoothing"),
		Compat:     b([]string{"c"}, "c", "sacrebleu / nltk"),
		NLTKMethod: b([]string{"m"}, "m", "nltk smoothing 0-7"),
		NextSystem: b([]string{"tab"}, "tab", "next system"),
		PrevSystem: b([]string{"shift+tab"}, "⇧tab", "previous system"),
		Other:      b([]string{"w"}, "w", "compare with next system"),
		Compare:    b([]string{"v"}, "v", "two hypotheses stacked"),
		Explain:    b([]string{"e"}, "e", "walk through segment"),
		Lessons:    b([]string{"L"}, "L", "lessons"),
		Help:       b([]string{"?"}, "?", "help"),
		Back:       b([]string{"esc"}, "esc", "back / clear filter"),
		Quit:       b([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

// ShortHelp implements help.KeyMap: the footer line, in few words.
func (k KeyMap) ShortHelp() []key.Binding {
	short := func(b key.Binding, keys, desc string) key.Binding {
		b.SetHelp(keys, desc)
		return b
	}
	return []key.Binding{
		short(k.Help, "?", "help"),
		short(k.Down, "↑↓", "move"),
		short(k.Filter, "/", "filter"),
		short(k.Jump, ":", "line"),
		short(k.Sort, "o", "sort"),
		short(k.Order, "1-9", "order"),
		short(k.Tokenizer, "t", "tok"),
		short(k.Lowercase, "l", "case"),
		short(k.Smooth, "s", "smooth"),
		short(k.OrderUp, "+/-", "N"),
		short(k.Compat, "c", "nltk"),
		short(k.NextSystem, "tab", "system"),
		short(k.Compare, "v", "compare"),
		short(k.Zoom, "enter", "zoom"),
		short(k.Ledger, "x", "ledger"),
		short(k.Charts, "h", "charts"),
		short(k.Explain, "e", "explain"),
		short(k.Lessons, "L", "lessons"),
		short(k.Quit, "q", "quit"),
	}
}

// FullHelp implements help.KeyMap: the help screen, in groups.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Jump, k.Filter, k.Sort, k.Reverse},
		{k.Zoom, k.DetailDown, k.DetailUp, k.Ledger, k.Charts, k.Order, k.AllOrders},
		{k.Tokenizer, k.Lowercase, k.Smooth, k.OrderUp, k.OrderDown, k.Compat, k.NLTKMethod},
		{k.NextSystem, k.PrevSystem, k.Other, k.Compare},
		{k.Explain, k.Lessons, k.Help, k.Back, k.Quit},
	}
}

// helpGroups names the groups of [KeyMap.FullHelp].
var helpGroups = []string{"Browse", "Segment", "Options (rescore at once)", "Systems", "Learn"}

// setEnabled keeps the help truthful: keys that do nothing now are hidden.
func (k *KeyMap) setEnabled(systems int, nltk bool) {
	multi := systems > 1
	k.NextSystem.SetEnabled(multi)
	k.PrevSystem.SetEnabled(multi)
	k.Other.SetEnabled(systems > 2)
	k.Compare.SetEnabled(multi)
	k.NLTKMethod.SetEnabled(nltk)
}
