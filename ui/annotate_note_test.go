package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestNoteControlsLeftOutSaid: a note pasted with control characters (a
// bell, an escape) and bidirectional controls (an override, an isolate)
// keeps its printable text, and the status line says how many were left
// out at every width from 60 columns, where they were dropped without a
// word; a paste without any says nothing of the kind.
func TestNoteControlsLeftOutSaid(t *testing.T) {
	for _, w := range []int{60, 61, 70, 80, 100, 120, 200} {
		m, _ := annotating(t, w, 30)
		m = press(t, m, "A", "enter", "f", "g", "m") // the whole segment, Fluency/Grammar, Minor: the note
		if m.ann.step != stepNote {
			t.Fatalf("at %d columns: step %v; want the note's", w, m.ann.step)
		}
		m = paste(t, m, "wo\x07rd\u202e order\u2066 \x1bhere")
		if got := m.ann.d.note.text(); got != "word order here" {
			t.Errorf("at %d columns: note %q; want \"word order here\"", w, got)
		}
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "4 control characters") || !strings.Contains(v, "left out") {
			t.Errorf("at %d columns: the screen does not say 4 control characters were left out:\n%s", w, v)
		}
		checkFit(t, "the note with controls left out", m.View(), w, 30)
		m = paste(t, m, " again")
		if v := ansi.Strip(m.View()); strings.Contains(v, "left out") {
			t.Errorf("at %d columns: a paste without controls still says some were left out:\n%s", w, v)
		}
	}
}

// TestEditedNoteKeepsControls: a note read from the annotation file with
// control characters (a bell, an override, as an older tool or an MQM
// import could leave) keeps them when the annotation is edited: the note
// prompt shows them escaped, and enter saves the note as it was, where
// the prompt dropped them without a word and the save lost them.
func TestEditedNoteKeepsControls(t *testing.T) {
	m, path := annotating(t, 100, 30)
	m = press(t, m, "A", "enter", "f", "g", "m")
	m = typeText(t, m, "first")
	m = press(t, m, "enter")
	const note = "fi\a rst\u202e"
	a := m.ann.store.All()[0]
	a.Note = note
	if err := m.ann.store.Edit(a); err != nil { // as an older tool could have saved it
		t.Fatal(err)
	}
	m = annotatingWith(t, m.ann.store, annotations.MQM(), 100, 30) // an explorer opened on that file
	m = press(t, typeText(t, press(t, m, ":"), itoa(a.Line)), "enter")
	m = press(t, m, "E", "e", "enter", "enter", "enter") // the span, category and severity kept: the note
	if m.ann.step != stepNote {
		t.Fatalf("step %v; want the note's (status %q)\n%s", m.ann.step, m.statusText(), ansi.Strip(m.View()))
	}
	if got := m.ann.d.note.text(); got != note {
		t.Errorf("note being edited %q; want %q, as in the file", got, note)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, render.Safe(note)) {
		t.Errorf("the note prompt does not show the note escaped, %q:\n%s", render.Safe(note), v)
	}
	press(t, m, "enter")
	if anns := reopen(t, path); len(anns) != 1 || anns[0].Note != note {
		t.Errorf("after the edit: %+v; want the note %q", anns, note)
	}
}
