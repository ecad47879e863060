package ui

import (
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
)

// TestSortEndsSigDetour: the list sorted by impact from the comparison (i
// there, the comparison opened on the analysis) goes back to it with esc,
// but once a sort is chosen on the list (o, o), the list is the person's:
// esc leaves it as it stands, and a double esc (two Escapes read
// together) no longer lands on the analysis, through the comparison,
// from what looks like the main list. Before, it did, the order chosen
// given up for the one before i.
func TestSortEndsSigDetour(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 120, 40), "n", "B", "i")
	if m.screen != screenMain || m.list.view.Sort != model.SortImpact {
		t.Fatalf("i on the comparison: screen %v, sort %v; want the list by impact", m.screen, m.list.view.Sort)
	}
	if back := press(t, m, "esc"); back.screen != screenSig {
		t.Errorf("esc on the list i sorted: screen %v; want the comparison", back.screen)
	}
	m = press(t, m, "o", "o")
	chosen := m.list.view.Sort
	if back := press(t, m, "esc"); back.screen != screenMain || back.list.view.Sort != chosen {
		t.Errorf("esc after o: screen %v, sort %v; want the list as it stands, sorted by %v", back.screen, back.list.view.Sort, chosen)
	}
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEscape, Alt: true}) // esc, esc at once
	if back := drive(t, next.(Model), cmd); back.screen != screenMain {
		t.Errorf("a double esc after o: screen %v; want the list", back.screen)
	}
}
