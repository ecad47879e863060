package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFilteringState: on a corpus filtered in a job, the header says it
// is filtering (never "N of N match" over the unfiltered rows) until the
// rows land, then the count of the rows that match.
func TestFilteringState(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := ready(t, ds, 120, 40)
	n := itoa(ds.Len())
	m = typeText(t, press(t, m, "/"), "because")
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	v := ansi.Strip(m.View())
	if strings.Contains(v, n+" of "+n+" match") || !strings.Contains(v, `filtering “because”…`) {
		t.Errorf("while the filter runs the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	m = drive(t, m, cmd)
	rows, _ := viewRows(ds, m.c.scored, m.list.view, nil, nil)
	want := itoa(len(rows)) + " of " + n + " match"
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) || strings.Contains(v, "filtering") {
		t.Errorf("once the rows landed the header lacks %q:\n%s", want, strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	next, cmd = m.Update(keyMsg("esc"))
	m = next.(Model)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "clearing the filter…") {
		t.Errorf("while the filter is cleared the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	m = drive(t, m, cmd)
	if v := ansi.Strip(m.View()); !strings.Contains(v, n+" of "+n+" segments") {
		t.Errorf("once cleared the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
}
