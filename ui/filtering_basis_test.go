package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// TestSlowRowsOfAnotherBasis: while the rows of a slow filter are made
// again in a job after a tab, a baseline key or an option key, the list
// shows none of the rows made for the system, baseline or scores before
// (another system's matches, figures of other scores), and the header
// says it filters, the job in flight too; the new rows then land as the
// filter's.
func TestSlowRowsOfAnotherBasis(t *testing.T) {
	budget := syncRowsBudget
	defer func() { syncRowsBudget = budget }()
	ds := demoDataset(t)
	for _, tc := range []struct{ key, query string }{
		{"tab", "/becaus/"}, // another system's hypotheses
		{"w", "delta<0"},    // a Δ to another baseline
		{"s", "bleu<20"},    // sentence scores under other smoothing
	} {
		syncRowsBudget = budget
		m := filterBy(t, ready(t, ds, 60, 16), tc.query) // room for 3 of its rows
		old := len(m.list.rows)
		syncRowsBudget = 0 // every filter now takes longer than that
		next, cmd := m.Update(keyMsg(tc.key))
		m = next.(Model)
		var rest []tea.Cmd
		if m.jobs.running(jobRows) {
			rest = []tea.Cmd{cmd}
		} else { // the rescore lands first
			m, rest = driveUntil(t, m, cmd, func(m Model) bool { return m.jobs.running(jobRows) })
		}
		v := ansi.Strip(m.View())
		head := strings.Join(strings.Split(v, "\n")[:4], "\n")
		if !strings.Contains(v, "filtering “"+tc.query+"”…") || strings.Contains(v, model.Thousands(old)+" of 70 match") {
			t.Errorf("%s on %q while the rows are made: the header reads:\n%s", tc.key, tc.query, head)
		}
		if first := strings.Split(v, "\n")[0]; !strings.HasSuffix(strings.TrimSpace(first), "filtering…") {
			t.Errorf("%s on %q: the job in flight reads %q; want filtering…", tc.key, tc.query, first)
		}
		if !strings.Contains(v, "filtering again") || strings.Contains(v, " of "+model.Thousands(old)) {
			t.Errorf("%s on %q: the list shows rows made before it:\n%s", tc.key, tc.query, head)
		}
		seg := m.list.seg
		if moved := press(t, m, "down", "end"); moved.list.seg != seg {
			t.Errorf("%s on %q: ↓ and end over the rows not shown selected line %d (was %d)", tc.key, tc.query, moved.list.seg+1, seg+1)
		}
		m = drive(t, m, tea.Batch(rest...))
		want, _, err := viewRows(context.Background(), ds, m.c.scored, m.list.view, nil, nil)
		if err != nil || !slices.Equal(m.list.rows, want) || m.list.misfit(m.c) {
			t.Errorf("%s on %q: %d rows landed; want %d (%v)", tc.key, tc.query, len(m.list.rows), len(want), err)
		}
		if v := ansi.Strip(m.View()); strings.Contains(v, "filtering") || !strings.Contains(v, model.Thousands(len(want))+" of 70 match") {
			t.Errorf("%s on %q once the rows landed: the header reads:\n%s", tc.key, tc.query, strings.Join(strings.Split(v, "\n")[:4], "\n"))
		}
	}
}

// TestSlowRowsFailAfterTab: rows made in a job after a tab that fail (the
// filter cannot be applied to that system) never leave the list waiting
// for them, "filtering …" in its header: it goes back to no filter, whose
// rows it shows, and says why.
func TestSlowRowsFailAfterTab(t *testing.T) {
	budget := syncRowsBudget
	defer func() { syncRowsBudget = budget }()
	ds := demoDataset(t)
	m := filterBy(t, ready(t, ds, 120, 40), "/becaus/")
	syncRowsBudget = 0
	next, cmd := m.Update(keyMsg("tab"))
	m = next.(Model)
	msg := only[rowsMsg](t, cmd)
	msg.listRows, msg.err = listRows{}, errors.New("cannot be applied here")
	next, cmd = m.Update(msg)
	syncRowsBudget = budget
	m = drive(t, next.(Model), cmd)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "filtering") || m.list.misfit(m.c) || len(m.list.rows) != ds.Len() || !strings.Contains(v, "cannot be applied here") {
		t.Errorf("a failed rows job after tab: %d rows, filter %q, screen:\n%s", len(m.list.rows), m.list.view.Filter, v)
	}
}

// TestRowsShownWhileRescoring: while a tokenizer change is scored again in
// a job, the list goes on showing its rows, which are of the scores still
// on screen, rather than none until the new ones land.
func TestRowsShownWhileRescoring(t *testing.T) {
	m := filterBy(t, ready(t, demoDataset(t), 120, 40), "/becaus/")
	next, _ := m.Update(keyMsg("t"))
	m = next.(Model)
	if !m.jobs.running(jobScore) {
		t.Fatal("t did not score again in a job")
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "again for the system") || m.list.misfit(m.c) {
		t.Errorf("while the new scores are made the list hides its rows:\n%s", v)
	}
}

// TestSlowRowsOfOtherReferences: once R's scores against one reference
// land, rows made in a job for them (a filter on scores, slow) leave the
// list showing none of the rows of the scores against both until they
// land, as for a tab or an option key; before, the header counted the
// rows of before under the new scores ("6 of 70 match “bleu<55” · BLEU
// 49.71", of both references, where 14 match against A alone).
func TestSlowRowsOfOtherReferences(t *testing.T) {
	budget := syncRowsBudget
	defer func() { syncRowsBudget = budget }()
	m := filterBy(t, ready(t, demoDataset(t), 120, 40), "bleu<55")
	old := len(m.list.rows)
	syncRowsBudget = 0
	next, cmd := m.Update(keyMsg("R"))
	m, rest := driveUntil(t, next.(Model), cmd, func(m Model) bool { return m.jobs.running(jobRows) })
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "ref A only") || strings.Contains(v, model.Thousands(old)+" of 70 match") || !m.list.misfit(m.c) {
		t.Errorf("R's scores landed, their rows made: the list shows the %d rows of before:\n%s", old, strings.Join(strings.Split(v, "\n")[:4], "\n"))
	}
	m = drive(t, m, tea.Batch(rest...))
	want, _, err := viewRows(context.Background(), m.c.ds, m.c.scored, m.list.view, nil, nil)
	if err != nil || len(want) == old || !slices.Equal(m.list.rows, want) || m.list.misfit(m.c) {
		t.Errorf("R: %d rows landed; want %d, not the %d of both references (%v)", len(m.list.rows), len(want), old, err)
	}
}
