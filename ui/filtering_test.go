package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/ui/render"
	"github.com/charmbracelet/x/ansi"
)

// TestFilteringState: on a corpus filtered in a job, the header says it
// is filtering (never "N of N match" over the unfiltered rows) until the
// rows land, then the count of the rows that match.
func TestFilteringState(t *testing.T) {
	ds := synthDataset(t, syncRows+500)
	m := ready(t, ds, 120, 40)
	n := model.Thousands(ds.Len()) // 50,500: counts are written in groups of three digits
	m = typeText(t, press(t, m, "/"), "because")
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	v := ansi.Strip(m.View())
	if strings.Contains(v, n+" of "+n+" match") || !strings.Contains(v, `filtering “because”…`) {
		t.Errorf("while the filter runs the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	m = drive(t, m, cmd)
	rows, _, _ := viewRows(context.Background(), ds, m.c.scored, m.list.view, nil, nil)
	want := model.Thousands(len(rows)) + " of " + n + " match"
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

// TestLongMessagesTakeTwoLines: a message longer than the footer (a query
// that cannot be evaluated, with the fix at its end) takes the last two
// lines, so the fix shows at 60 columns; typing a query that does not
// parse, the error stands above the prompt; the first screen's warning
// line, whose full text is on the ! screen, keeps to one.
func TestLongMessagesTakeTwoLines(t *testing.T) {
	for _, sc := range []struct {
		name string
		keys []string
	}{
		{"main", nil},
		{"significance", []string{"B"}},
	} {
		m := press(t, ready(t, demoDataset(t), 60, 16), sc.keys...)
		m = press(t, m, append(append([]string{"/"}, strings.Split("cat:omission", "")...), "enter")...)
		v := ansi.Strip(m.View())
		checkFit(t, sc.name, v, 60, 16)
		lines := strings.Split(v, "\n")
		got := strings.Join(strings.Fields(lines[14]+" "+lines[15]), " ")
		if !strings.Contains(m.statusText(), "(or --mqm FILE)") || !strings.Contains(got, "(or --mqm FILE)") {
			t.Errorf("%s: the last two lines %q; want the message %q whole", sc.name, lines[14:], m.statusText())
		}
		// Typing a query that does not parse (live): the error above the prompt.
		m = press(t, m, append([]string{"/"}, strings.Split("foo:bar", "")...)...)
		lines = strings.Split(ansi.Strip(m.View()), "\n")
		why := strings.Join(strings.Fields(lines[13]+" "+lines[14]), " ")
		if !strings.Contains(why, "is not a field; for the text, write /foo:bar/") || !strings.HasPrefix(strings.TrimSpace(lines[15]), "/") {
			t.Errorf("%s, typing: the last lines %q; want the whole error above the prompt", sc.name, lines[13:])
		}
	}
	// One empty line of a system: the first screen warns in one line.
	ds := demoDataset(t)
	m := ready(t, ds, 60, 16)
	if m.warnLine.empty() || m.status != m.warnLine || ansi.StringWidth(m.statusText()) <= 60 {
		t.Fatalf("the demo corpus should start with a warning line longer than 60 cells: %q", m.statusText())
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if !strings.HasPrefix(lines[15], "? help · ⚠") || strings.Contains(lines[14], "⚠") {
		t.Errorf("the first screen's warning should keep to the last line: %q", lines[14:])
	}
}

// TestLongMessagesKeepTheirWords: the second of the two footer lines goes
// on with the message as written: a break after a hyphen (walk-/through)
// added a space to the line below it ("walk- through"), and a number
// broke after its minus ("2.2e-" / "308", the query's out-of-range
// message at 120 columns).
func TestLongMessagesKeepTheirWords(t *testing.T) {
	_, err := model.ParseQuery("bleu<1e-999")
	statuses := map[int]string{120: "filter unchanged · " + err.Error()} // its fullest wording takes two lines
	for w := 60; w <= 100; w++ {
		statuses[w] = "filter unchanged · a self-explanatory, counter-intuitive and well-understood walk-through of the long-standing n-gram-counting check-up on 2.2e-308 and -3"
	}
	for w, status := range statuses {
		m := ready(t, demoDataset(t), w, 16)
		m.status = saying{text: status}
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		first, second := strings.TrimRight(lines[14], " "), strings.TrimSuffix(strings.TrimRight(lines[15], " "), "…")
		rest, ok := strings.CutPrefix(status, first)
		if !ok || !strings.HasPrefix(strings.TrimLeft(rest, " "), second) {
			t.Errorf("at %d columns the last two lines %q do not go on with the message %q", w, lines[14:], status)
		}
		if strings.HasSuffix(first, "-") && second[0] >= '0' && second[0] <= '9' {
			t.Errorf("at %d columns a number is broken: %q", w, lines[14:])
		}
	}
}

// TestLongMessagesClipped: the two footer lines are clipped as every other
// line is, also when terminals disagree on the width of what they hold
// (emoji sequences, conjoining jamo).
func TestLongMessagesClipped(t *testing.T) {
	for _, status := range []string{strings.Repeat("👨‍👩‍👧", 40), strings.Repeat("❤️", 40) + " " + strings.Repeat("ᄀ", 40)} {
		m := ready(t, demoDataset(t), 60, 16)
		m.status = saying{text: status}
		for i, l := range strings.Split(m.View(), "\n") {
			if render.Clip(l, 60) != l {
				t.Errorf("line %d is not clipped to 60 cells: %q", i+1, ansi.Strip(l))
			}
		}
	}
}

// TestExportRefusalShows: an export path refused (an input file) says why
// above the prompt when the prompt and the reason do not fit one line.
func TestExportRefusalShows(t *testing.T) {
	ds := demoDataset(t)
	in := filepath.Join(t.TempDir(), "hyp.en")
	if err := os.WriteFile(in, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := readyWith(t, ds, 60, 16, WithInputs([]string{in}, nil))
	m = press(t, m, "X")
	m = press(t, m, append(append([]string{"ctrl+u"}, strings.Split(in, "")...), "enter")...)
	if !strings.Contains(m.statusText(), "input") {
		t.Fatalf("exporting over an input file: status %q; want it refused", m.statusText())
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	checkFit(t, "export refused", strings.Join(lines, "\n"), 60, 16)
	why := strings.Join(strings.Fields(strings.Join(lines[13:15], " ")), " ")
	if !strings.Contains(why, "is one of the input files") || !strings.Contains(lines[15], "export") {
		t.Errorf("the last lines %q; want why the path is refused above the prompt", lines[13:])
	}
}

// TestRejectedQueryKeepsSelection: a query that does not parse, entered
// and then given up with esc, leaves the filter and the selection as they
// were before "/", though the live filter moved the selection on the way.
// From a new-user pass.
func TestRejectedQueryKeepsSelection(t *testing.T) {
	m := press(t, ready(t, demoDataset(t), 60, 16), ":", "4", "6", "enter")
	if m.list.seg != 45 {
		t.Fatalf(":46 selected segment %d", m.list.seg+1)
	}
	m = press(t, m, "/")
	m = typeText(t, m, "hyp:food bar:baz")
	m = press(t, m, "enter", "esc")
	if m.list.view.Filter != "" || m.list.seg != 45 || m.list.typing != typingNone {
		t.Errorf("rejected query: filter %q, segment %d, prompt %v; want no filter, line 46 still selected, the prompt closed", m.list.view.Filter, m.list.seg+1, m.list.typing)
	}
}

// TestTypedQueryErrorOnALargeCorpus: without live filtering (a corpus
// over syncRows segments), a query that does not parse says why as it is
// typed, as on a small corpus, instead of only "enter applies". From a
// verification pass.
func TestTypedQueryErrorOnALargeCorpus(t *testing.T) {
	m := ready(t, synthDataset(t, syncRows+500), 60, 16)
	if m.liveFilter() {
		t.Fatal("the corpus should be too large to filter live")
	}
	m = typeText(t, press(t, m, "/"), "foo:bar")
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	why := strings.Join(strings.Fields(lines[13]+" "+lines[14]), " ")
	if !strings.Contains(why, "foo: is not a field") || !strings.HasPrefix(strings.TrimSpace(lines[15]), "/") {
		t.Errorf("typed foo:bar on a large corpus: last lines %q; want why above the prompt", lines[13:])
	}
	if v := ansi.Strip(press(t, m, "enter").View()); !strings.Contains(v, "enter: not applied") || press(t, m, "enter").list.typing != typingFilter {
		t.Errorf("enter on foo:bar on a large corpus closed the prompt or did not say it applied nothing:\n%s", v)
	}
	m = typeText(t, press(t, m, "ctrl+u"), "bleu<10")
	if last := lastLine(m.View()); !strings.Contains(last, "enter applies") {
		t.Errorf("a query that parses: prompt line %q; want enter applies", last)
	}
}

// TestSlowFilterOffTheLoop: on a corpus small enough to be filtered inside
// Update, a filter that takes longer than syncRowsBudget (a big /regexp/
// can take minutes on a test set) is made in a job, the header saying it
// filters, instead of holding Update, and with it every key (ctrl+c too),
// until it ends; its rows land as the filter's, and esc meanwhile gives
// the list back at once.
func TestSlowFilterOffTheLoop(t *testing.T) {
	defer func(b time.Duration) { syncRowsBudget = b }(syncRowsBudget)
	syncRowsBudget = 0 // every filter takes longer than that
	ds := demoDataset(t)
	n := model.Thousands(ds.Len())
	m := typeText(t, press(t, ready(t, ds, 120, 40), "/"), "/becaus") // no closing /: not a query yet
	next, cmd := m.Update(keyMsg("/"))
	m = next.(Model)
	if v := ansi.Strip(m.View()); !strings.Contains(v, `filtering “/becaus/”…`) {
		t.Errorf("while the filter runs the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	busy := m
	m = drive(t, m, cmd)
	rows, _, err := viewRows(context.Background(), ds, m.c.scored, m.list.view, nil, nil)
	if err != nil || len(rows) == 0 || len(rows) == ds.Len() {
		t.Fatalf("the demo corpus should have some segments with \"becaus\": %d, %v", len(rows), err)
	}
	want := model.Thousands(len(rows)) + " of " + n + " match"
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) || strings.Contains(v, "filtering") {
		t.Errorf("once the rows landed the header lacks %q:\n%s", want, strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
	next, _ = busy.Update(keyMsg("esc"))
	if v := ansi.Strip(next.(Model).View()); !strings.Contains(v, n+" of "+n+" segments") || strings.Contains(v, "filtering") {
		t.Errorf("esc while the filter runs: the header reads:\n%s", strings.Join(strings.Split(v, "\n")[:3], "\n"))
	}
}

// TestLongQueryPasted: a query pasted at the filter prompt is taken whole
// up to the length a query may have (61 words joined by or, 487
// characters, were cut at 200 and their first 25 applied without a word),
// and a longer one is refused with the parser's line, never cut down to
// a query that applies.
func TestLongQueryPasted(t *testing.T) {
	ds := demoDataset(t)
	words := make([]string, 60)
	for i := range words {
		words[i] = fmt.Sprintf("w%03d", i)
	}
	long := "because or " + strings.Join(words, " or ")
	m := paste(t, press(t, ready(t, ds, 120, 40), "/"), long)
	if got := m.list.view.Filter; got != long {
		t.Errorf("pasting a %d-character query filters by %d characters: %q", len(long), len(got), got)
	}
	huge := strings.Repeat("abc ", 2500)
	m = paste(t, press(t, ready(t, ds, 120, 40), "/"), huge)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "longer than 4096 bytes") || m.list.view.Filter != "" {
		t.Errorf("pasting a %d-byte query: filter %d bytes, screen:\n%s", len(huge), len(m.list.view.Filter), v)
	}
}

// TestSlowFilterRefusedMeanwhile: a query typed while a slow filter's rows
// are made in the background and refused (its chrf term lacks its scores)
// sets the list back to the filter its rows were made with; the rows of
// the slow filter, landing then, are of no filter the list has, and are
// not shown as that one's.
func TestSlowFilterRefusedMeanwhile(t *testing.T) {
	defer func(b time.Duration) { syncRowsBudget = b }(syncRowsBudget)
	syncRowsBudget = 0 // every filter takes longer than that
	ds := demoDataset(t)
	m := typeText(t, press(t, ready(t, ds, 120, 40), "/"), "/becaus")
	next, slow := m.Update(keyMsg("/")) // "/becaus/", in the background
	m = next.(Model)
	m = paste(t, m, " chrf>5")
	if m.list.view.Filter != "" {
		t.Fatalf("a query whose chrF scores are not at hand, typed: filter %q; want the one before, none", m.list.view.Filter)
	}
	m = drive(t, m, slow) // the rows of "/becaus/" land
	if m.list.view.Filter != "" || len(m.list.rows) != ds.Len() {
		t.Errorf("filter %q lists %d of %d segments, those of \"/becaus/\"", m.list.view.Filter, len(m.list.rows), ds.Len())
	}
}
