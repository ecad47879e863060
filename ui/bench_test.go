package ui

import (
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkView draws the main screen of the demo corpus at 120×40.
func BenchmarkView(b *testing.B) {
	m := ready(b, demoDataset(b), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkKeypress1M is one keypress (next segment) and the redraw that
// follows, on a corpus of a million segments and two systems.
func BenchmarkKeypress1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	keys := []tea.KeyMsg{keyMsg("j"), keyMsg("k")}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keys[i%2])
		m = next.(Model)
		_ = m.View()
		i++
	}
}

// settle runs cmd and feeds its messages to m, but not the commands they
// lead to: what a user waits for after a key, without the background run
// that counts every n-gram order afterwards.
func settle(b *testing.B, m Model, cmd tea.Cmd) Model {
	b.Helper()
	if cmd == nil {
		return m
	}
	var msgs []tea.Msg
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if c != nil {
				msgs = append(msgs, c())
			}
		}
	default:
		msgs = append(msgs, msg)
	}
	for _, msg := range msgs {
		if _, tick := msg.(spinner.TickMsg); tick || msg == nil {
			continue
		}
		next, _ := m.Update(msg)
		m = next.(Model)
	}
	return m
}

// BenchmarkFirstScreen100k is opening the explorer on 100k segments (two
// systems): the first scoring run, the worst-first rows and the first view.
func BenchmarkFirstScreen100k(b *testing.B) {
	ds := synthDataset(b, 100_000)
	b.ReportAllocs()
	for b.Loop() {
		m := New(ds, model.DefaultSettings())
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m = settle(b, next.(Model), m.Init())
		if m.c.scored == nil || len(m.list.rows) != ds.Len() {
			b.Fatal("no scored screen")
		}
		_ = m.View()
	}
}

// benchKeys measures option keys on 100k segments (with every order
// counted, as after the background run), from the key to the redrawn
// screen with everything rescored; keys are pressed in turn.
func benchKeys(b *testing.B, keys ...string) {
	m := ready(b, synthDataset(b, 100_000), 120, 40)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, cmd := m.Update(keyMsg(keys[i%len(keys)]))
		m = settle(b, next.(Model), cmd)
		if m.jobs.running(jobScore) {
			b.Fatal("still scoring")
		}
		_ = m.View()
		i++
	}
}

// BenchmarkRescoreTokenizer100k switches between 13a and intl on 100k
// segments (t cycles through char too, whose tokens are characters and
// cost several times more), from the switch to the redrawn screen.
func BenchmarkRescoreTokenizer100k(b *testing.B) {
	m := ready(b, synthDataset(b, 100_000), 120, 40)
	toks := []string{"intl", "13a"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		tok := toks[i%2]
		cmd := m.applySettings(m.c.set.WithOption(func(o *scoring.Options) { o.Tokenize = tok }))
		m = settle(b, m, cmd)
		if m.jobs.running(jobScore) || m.c.scored.Settings.Corpus.Tokenize != tok {
			b.Fatal("not rescored")
		}
		_ = m.View()
		i++
	}
}
func BenchmarkRescoreLowercase100k(b *testing.B) { benchKeys(b, "l") }
func BenchmarkRescoreSmooth100k(b *testing.B)    { benchKeys(b, "s") }
func BenchmarkRescoreMaxOrder100k(b *testing.B)  { benchKeys(b, "+", "-") }

// BenchmarkSort1M is a sort change on a million segments (the rows are
// sorted in a command, off the UI loop), until the sorted screen.
func BenchmarkSort1M(b *testing.B) {
	m := ready(b, synthDataset(b, 1_000_000), 120, 40)
	b.ReportAllocs()
	for b.Loop() {
		next, cmd := m.Update(keyMsg("o"))
		m = settle(b, next.(Model), cmd)
		_ = m.View()
	}
}
