//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
	"github.com/charmbracelet/x/ansi"
)

// TestAnnotateReadOnlyFile: an annotation file that cannot be written (a
// read-only file) opens read-only: its annotations are shown, the open
// warnings say it is read-only and why, and every key that would change
// one (A, N, and e, d, a in the E list) is refused with a status line
// saying why and what to do, the file untouched. Before, the keys worked
// and the first save said NOT SAVED, the change kept in memory only.
func TestAnnotateReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes a read-only file anyway: run the tests as another user to check this")
	}
	ds := demoDataset(t)
	seg := ready(t, ds, 120, 40).list.rows[0] // selected at open
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	st := openStore(t, path)
	a := annotations.Annotation{Kind: annotations.KindNoError, System: ds.Systems[0].StableName(), Line: seg + 1, Rater: "ana"}
	a.SetText(ds.Systems[0].Hyps[seg], ds.Src[seg])
	if _, err := st.MarkNoError(a); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	m := annotatingWith(t, openStore(t, path), annotations.MQM(), 120, 40)
	if ws := strings.Join(inputWarnings(m.c), "\n"); !strings.Contains(ws, path+": cannot be written (permission denied): opened read-only") {
		t.Errorf("the open warnings do not say the file is read-only:\n%s", ws)
	}
	if m.c.keys.Annotate.Enabled() || m.c.keys.NoError.Enabled() || !m.c.keys.Annotations.Enabled() {
		t.Error("a read-only file: A and N should be off, E on")
	}
	refusal := "read-only: " + path + ": cannot be written (permission denied); fix its permissions and open it again to annotate"
	for _, keys := range [][]string{{"A"}, {"N"}, {"E", "d"}, {"E", "e"}, {"E", "a"}} {
		m := press(t, m, keys...)
		if m.statusText() != refusal || m.ann.step == stepDelete || m.ann.step == stepSpan {
			t.Errorf("%q on a read-only file: status %q, step %d; want %q", keys, m.statusText(), m.ann.step, refusal)
		}
	}
	v := strings.Split(ansi.Strip(press(t, m, "E").View()), "\n")
	if footer := v[len(v)-1]; !strings.Contains(footer, "read-only") || strings.Contains(footer, "delete") || strings.Contains(footer, "edit") {
		t.Errorf("the E list's footer on a read-only file: %q; want read-only, no edit or delete", footer)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) || m.ann.pending() != 0 {
		t.Errorf("the read-only file changed, or changes are pending (%d)", m.ann.pending())
	}
}
