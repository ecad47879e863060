package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportWhileSorting: X pressed while the list is sorted in a job (a
// big corpus, i just pressed) writes nothing in the old order: it says to
// export once the sort ends; and the rows, when they land, start from
// their first row as they do without the export.
func TestExportWhileSorting(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := press(t, ready(t, ds, 120, 40), "down", "down", "down", "down", "down")
	next, sortCmd := m.Update(keyMsg("i"))
	m = next.(Model)
	if !m.jobs.running(jobRows) {
		t.Fatal("i on a corpus over syncRows should sort in a job")
	}
	path := filepath.Join(t.TempDir(), "out.csv")
	m = press(t, m, "X", "ctrl+u")
	m = typeText(t, m, path)
	next, expCmd := m.Update(keyMsg("enter"))
	m = drive(t, next.(Model), expCmd)
	if _, err := os.Stat(path); err == nil {
		t.Errorf("the export wrote %s in the order before the sort", path)
	}
	if !strings.Contains(m.statusText(), "export when it ends") {
		t.Errorf("status %q; want it to say to export when the sort ends", m.statusText())
	}
	m = drive(t, m, sortCmd)
	if m.list.cursor != 0 || m.list.top != 0 || m.list.seg != m.list.rows[0] {
		t.Errorf("after the sort the list shows row %d (top %d); want the first row", m.list.cursor+1, m.list.top+1)
	}
	m = press(t, m, "X", "enter")
	if !strings.HasPrefix(m.statusText(), "exported") {
		t.Fatalf("X, enter after the sort: status %q", m.statusText())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("export after the sort: %v", err)
	}
	head, _, _ := strings.Cut(string(b), "\n")
	if !strings.Contains(head, "impact") {
		t.Errorf("the export after the sort has no impact column: %q", head)
	}
}
