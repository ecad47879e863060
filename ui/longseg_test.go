package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
)

// longDataset is one system over four lines: three short ones that match
// nothing (so worst-first selects them first) and, on line 2, a
// hypothesis of tokens tokens that copies its reference with a tenth of
// the words replaced.
func longDataset(t testing.TB, tokens int) *model.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, uint64(tokens)))
	ref := make([]string, tokens)
	hyp := make([]string, tokens)
	for i := range ref {
		ref[i] = synthWords[rng.IntN(len(synthWords))]
		hyp[i] = ref[i]
		if rng.IntN(10) == 0 {
			hyp[i] = synthWords[rng.IntN(len(synthWords))]
		}
	}
	fsys := fstest.MapFS{
		"ref.txt": {Data: []byte("x y z\n" + strings.Join(ref, " ") + "\nx y z\nx y z\n")},
		"a.txt":   {Data: []byte("a b c\n" + strings.Join(hyp, " ") + "\na b c\na b c\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"a=a.txt"}, Refs: []string{"ref.txt"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// inFlight is the number of long segments being explained.
func inFlight(m Model) int {
	if !m.jobs.running(jobExplain) {
		return 0
	}
	return len(m.jobs.jobs[jobExplain].keys)
}

// update sends msg and returns the model and the command, without running it.
func update(m Model, msg tea.Msg) (Model, tea.Cmd) {
	next, cmd := m.Update(msg)
	return next.(Model), cmd
}

// TestLongSegmentOffLoop selects a segment of 100k tokens a side: Update
// answers at once with the pane saying it computes, the command explains
// it, and feeding its message back installs the ledger.
func TestLongSegmentOffLoop(t *testing.T) {
	ds := longDataset(t, 100_000)
	if ds.Segment(0, 1).Bytes() <= syncLedgerBytes {
		t.Fatal("line 2 is not long enough to be explained in a command")
	}
	m := ready(t, ds, 120, 40)
	if m.list.seg == 1 || m.pane.waiting {
		t.Fatalf("the long segment is selected from the start (seg %d)", m.list.seg)
	}

	start := time.Now()
	m, cmd := update(m, keyMsg("G")) // highest score last: the long line
	took := time.Since(start)
	if m.list.seg != 1 {
		t.Fatalf("G selected line %d; want 2", m.list.seg+1)
	}
	if !m.pane.waiting || len(m.pane.long) != 0 || inFlight(m) != 1 || cmd == nil {
		t.Fatalf("after selecting the long segment: waiting %v, %d ledgers at hand, %d in flight, cmd %v; want waiting on one command",
			m.pane.waiting, len(m.pane.long), inFlight(m), cmd != nil)
	}
	if v := m.View(); !strings.Contains(v, waitingText) {
		t.Errorf("the segment pane does not say it computes:\n%s", v)
	}
	start = time.Now()
	model.Explain(ds.Segment(0, 1), m.c.shown().Sentence)
	explain := time.Since(start)
	if took > explain/4 {
		t.Errorf("Update took %v on the long segment; Explain alone takes %v", took, explain)
	}
	t.Logf("Update %v, Explain %v", took, explain)

	// Moving away and back while it computes starts nothing new.
	m, _ = update(m, keyMsg("k"))
	m, again := update(m, keyMsg("j"))
	if m.list.seg != 1 || again != nil || inFlight(m) != 1 {
		t.Errorf("back on the long segment while it computes: cmd %v, %d in flight; want no second command", again != nil, inFlight(m))
	}

	m = drive(t, m, cmd)
	if m.pane.waiting || len(m.pane.long) != 1 || inFlight(m) != 0 {
		t.Fatalf("after the command: waiting %v, %d ledgers at hand, %d in flight", m.pane.waiting, len(m.pane.long), inFlight(m))
	}
	d := m.pane.long[0].info.Detail
	if got := d.Orders[0].Total; got != 100_000 {
		t.Errorf("installed ledger counts %d unigrams; want 100000", got)
	}
	if st := m.c.scored.Systems[0].Stats.Get(1); d.Stats.HypLen != st.HypLen || d.Stats.RefLen != st.RefLen {
		t.Errorf("installed ledger lengths %d/%d; the scores say %d/%d", d.Stats.HypLen, d.Stats.RefLen, st.HypLen, st.RefLen)
	}
	pane := strings.Join(m.pane.body.lines, "\n")
	if strings.Contains(m.View(), waitingText) || !strings.Contains(pane, "clip ledger · 2-grams") {
		t.Errorf("the ledger was not installed in the pane:\n%s", pane)
	}
	checkFit(t, "long segment", m.View(), 120, 40)

	// An order change now renders from the ledger at hand.
	m, cmd = update(m, keyMsg("1"))
	if cmd != nil || m.pane.waiting || !strings.Contains(strings.Join(m.pane.body.lines, "\n"), "clip ledger · 1-grams") {
		t.Errorf("order change on the explained long segment: cmd %v, waiting %v", cmd != nil, m.pane.waiting)
	}
	// Leaving the segment forgets its ledger.
	m, _ = update(m, keyMsg("k"))
	if len(m.pane.long) != 0 {
		t.Errorf("%d ledgers kept after leaving the long segment", len(m.pane.long))
	}
}

// TestLongSegmentStaleDropped: a ledger that lands after the selection
// (or the options) moved on is dropped, and coming back computes again.
func TestLongSegmentStaleDropped(t *testing.T) {
	m := ready(t, longDataset(t, 20_000), 120, 40)
	m, cmd := update(m, keyMsg("G"))
	if m.list.seg != 1 || cmd == nil {
		t.Fatalf("no command for the long segment (seg %d)", m.list.seg)
	}
	m, _ = update(m, keyMsg("g")) // move on before the result lands
	seg := m.list.seg
	m = drive(t, m, cmd)
	if len(m.pane.long) != 0 || inFlight(m) != 0 || m.list.seg != seg || m.pane.waiting {
		t.Errorf("stale ledger: %d installed, %d in flight, seg %d (want %d), waiting %v", len(m.pane.long), inFlight(m), m.list.seg, seg, m.pane.waiting)
	}

	// A result made under other options is dropped too, and the segment
	// is explained again.
	m, _ = update(m, keyMsg("G"))
	k := m.jobs.jobs[jobExplain].keys[0]
	k.opt.Lowercase = !k.opt.Lowercase
	_, tag, _ := m.jobs.current(jobExplain)
	m, cmd = update(m, ledgerMsg{jobTag: tag, done: []longLedger{{key: k}}})
	if len(m.pane.long) != 0 || !m.pane.waiting {
		t.Errorf("a ledger under other options was installed")
	}
	if inFlight(m) != 1 || cmd == nil {
		t.Errorf("%d in flight, cmd %v; the right one must be computing", inFlight(m), cmd != nil)
	}
	m = drive(t, m, cmd)
	if len(m.pane.long) != 1 || m.pane.waiting {
		t.Errorf("coming back: %d ledgers, waiting %v", len(m.pane.long), m.pane.waiting)
	}
}

// TestLongSegmentWalkthroughWaits: e on a long segment waits for its
// ledger, renders the walk-through in a command and opens it; a key
// pressed meanwhile cancels the wait.
func TestLongSegmentWalkthroughWaits(t *testing.T) {
	m := ready(t, longDataset(t, 8_000), 100, 30)
	m, cmd := update(m, keyMsg("G"))
	m, none := update(m, keyMsg("e"))
	if m.screen != screenMain || none != nil || !strings.Contains(m.statusText(), waitingText) {
		t.Fatalf("e while computing: screen %v, cmd %v, status %q", m.screen, none != nil, m.statusText())
	}
	m = drive(t, m, cmd) // the ledger, then the walk-through
	if m.screen != screenExplain || m.learn == nil {
		t.Fatalf("the walk-through did not open once ready (screen %v)", m.screen)
	}
	checkFit(t, "long walk-through", m.View(), 100, 30)

	m = press(t, m, "esc")
	m, cmd = update(m, keyMsg("e"))
	if cmd == nil || m.screen != screenMain {
		t.Fatal("e on the explained long segment did not render in a command")
	}
	m, _ = update(m, keyMsg("1")) // any key cancels the wait
	m = drive(t, m, cmd)
	if m.screen != screenMain {
		t.Error("the walk-through opened after a key cancelled it")
	}
}

// BenchmarkSelectLongSegment is a keypress onto a segment of 1.5M tokens
// a side and back: the key and the redraw, without the ledger.
func BenchmarkSelectLongSegment(b *testing.B) {
	m := ready(b, longDataset(b, 1_500_000), 120, 40)
	keys := []tea.KeyMsg{keyMsg("G"), keyMsg("g")}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m, _ = update(m, keys[i%2])
		_ = m.View()
		i++
	}
}

// BenchmarkExplainAtThreshold is scoring.Explain on a segment of
// syncLedgerBytes, half hypothesis and half reference: the most a
// selection change pays inside Update.
func BenchmarkExplainAtThreshold(b *testing.B) {
	ds := longDataset(b, syncLedgerBytes/10) // a word and a space are about 5 bytes
	hyp, ref := ds.Systems[0].Hyps[1], ds.Refs[0][1]
	b.Logf("%d bytes, %d tokens a side", len(hyp)+len(ref), len(strings.Fields(hyp)))
	opt := scoring.SentenceOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scoring.Explain(hyp, []string{ref}, opt); err != nil {
			b.Fatal(err)
		}
	}
}
