package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestNoteControlsLeftOutSaid: a note pasted with control characters (a
// bell, an escape) and bidirectional controls (an override, an isolate)
// keeps its printable text, and the status line says how many were left
// out at every width from 60 columns, where they were dropped without a
// word; a paste without any says nothing of the kind.
func TestNoteControlsLeftOutSaid(t *testing.T) {
	paste := func(m Model, s string) Model {
		next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true})
		return drive(t, next.(Model), cmd)
	}
	for _, w := range []int{60, 61, 70, 80, 100, 120, 200} {
		m, _ := annotating(t, w, 30)
		m = press(t, m, "A", "enter", "f", "g", "m") // the whole segment, Fluency/Grammar, Minor: the note
		if m.ann.step != stepNote {
			t.Fatalf("at %d columns: step %v; want the note's", w, m.ann.step)
		}
		m = paste(m, "wo\x07rd\u202e order\u2066 \x1bhere")
		if got := m.ann.d.note.text(); got != "word order here" {
			t.Errorf("at %d columns: note %q; want \"word order here\"", w, got)
		}
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "4 control characters") || !strings.Contains(v, "left out") {
			t.Errorf("at %d columns: the screen does not say 4 control characters were left out:\n%s", w, v)
		}
		checkFit(t, "the note with controls left out", m.View(), w, 30)
		m = paste(m, " again")
		if v := ansi.Strip(m.View()); strings.Contains(v, "left out") {
			t.Errorf("at %d columns: a paste without controls still says some were left out:\n%s", w, v)
		}
	}
}
