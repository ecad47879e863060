package sacrebleu

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cacheRun runs the drop-in in dir with SACREBLEU pointing at cache.
func cacheRun(t *testing.T, dir, cache string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir,
		LookupEnv: lookupIn(map[string]string{"SACREBLEU": cache})}
	status := c.Run(args)
	return stdout.String(), stderr.String(), status
}

func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTestSetCache reads built-in test sets from a cache laid out as
// sacrebleu lays out ~/.sacrebleu: the references it would choose, their
// fields for --echo, and one line instead of a download.
func TestTestSetCache(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	writeFiles(t, cache, map[string]string{
		"wmt22/wmt22.de-en.src":       "Die Katze sitzt.\nEs regnet.\n",
		"wmt22/wmt22.de-en.ref-A":     "The cat sits.\nIt is raining.\n",
		"wmt22/wmt22.de-en.ref-B":     "The cat is sitting.\nIt rains.\n",
		"wmt22/wmt22.de-en.docid":     "d1\nd1\n",
		"wmt22/wmt22.cs-en.ref-A":     "one two three four\n",
		"wmt22/wmt22.cs-en.ref-B":     "two three four five\n",
		"wmt20/wmt20.de-en.src":       "x\ny\n",
		"wmt20/wmt20.de-en.ref-0":     "The cat sits.\nIt is raining.\n",
		"wmt20/wmt20.de-en.ref-1":     "The cat is sitting.\nIt rains.\n",
		"wmt21/B/wmt21_B.en-cs.ref-B": "jedna\n",
	})
	writeFiles(t, dir, map[string]string{"hyp.txt": "The cat sits.\nIt rains.\n", "one.txt": "two three four five\n"})
	refA := filepath.Join(cache, "wmt22", "wmt22.de-en.ref-A")
	refB := filepath.Join(cache, "wmt22", "wmt22.de-en.ref-B")

	same := func(testSet []string, explicit []string) {
		t.Helper()
		got, errOut, status := cacheRun(t, dir, cache, append(testSet, "-i", "hyp.txt", "-f", "text")...)
		want, _, _ := cacheRun(t, dir, cache, append(explicit, "-i", "hyp.txt", "-f", "text")...)
		if status != 0 || got != want {
			t.Errorf("sacrebleu %q: %q (status %d, %s); want the same as with %q: %q", testSet, got, status, errOut, explicit, want)
		}
	}
	// wmt22 scores de-en against reference A only, cs-en against B; the
	// older test sets against every reference.
	same([]string{"-t", "wmt22", "-l", "de-en"}, []string{refA})
	same([]string{"-t", "wmt20", "-l", "de-en"}, []string{refA, refB})
	if out, _, status := cacheRun(t, dir, cache, "-t", "wmt22", "-l", "cs-en", "-i", "one.txt", "-b"); out != "100.0\n" || status != 0 {
		t.Errorf("wmt22 cs-en against reference B: %q, status %d; want 100.0", out, status)
	}
	if out, _, _ := cacheRun(t, dir, cache, "-t", "wmt22", "-l", "de-en", "--echo", "src", "ref", "docid"); out != "Die Katze sitzt.\tThe cat sits.\td1\nEs regnet.\tIt is raining.\td1\n" {
		t.Errorf("--echo src ref docid: %q", out)
	}
	if out, _, _ := cacheRun(t, dir, cache, "-t", "wmt21/B", "-l", "en-cs", "--echo", "ref"); out != "jedna\n" {
		t.Errorf("--echo ref of wmt21/B: %q", out)
	}
	out, _, _ := cacheRun(t, dir, cache, "--list")
	for _, set := range []string{"wmt22 ", "wmt20 ", "wmt21/B "} {
		if !strings.Contains(out, "\n"+set) {
			t.Errorf("--list does not show %s: %q", set, out)
		}
	}
	if out, _, _ := cacheRun(t, dir, cache, "--list", "-t", "wmt22", "-l", "de-en"); out != "de-en: src, ref:A, ref:B, docid\n" {
		t.Errorf("--list -t wmt22 -l de-en: %q", out)
	}
	for _, args := range [][]string{
		{"-t", "wmt19", "-l", "de-en", "-i", "hyp.txt"},
		{"-t", "wmt22", "-l", "fr-de", "-i", "hyp.txt"},
		{"--download", "wmt19"},
	} {
		out, errOut, status := cacheRun(t, dir, cache, args...)
		if status != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "bleuscope never downloads") {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want one line saying nothing is downloaded, status 1", args, out, errOut, status)
		}
	}
	if _, errOut, status := cacheRun(t, dir, cache, "-t", "wmt22", "-i", "hyp.txt"); status != 1 || !strings.Contains(errOut, "I need a language pair (-l).") {
		t.Errorf("-t without -l: stderr %q, status %d; want sacrebleu's error, 1", errOut, status)
	}
}

// TestUnknownTestSet: a test-set name sacrebleu 2.6.0 does not know gets
// sacrebleu's own answer (what its DATASETS lookup says, and its exit
// status), whether or not the cache holds anything, checked before the
// cache; a name it knows keeps the line about the cache.
func TestUnknownTestSet(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{"hyp.txt": "The cat sits.\n"})
	unknown := "sacreBLEU: Unknown test set 'wmt99'\nsacreBLEU: Please run with --list to see the available test sets.\n"
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
		status         int
	}{
		{[]string{"-t", "wmt99", "-l", "de-en", "-i", "hyp.txt"}, "", unknown, 1},
		{[]string{"-t", "wmt22,wmt99", "-l", "de-en", "-i", "hyp.txt"}, "", unknown, 1},
		{[]string{"-t", "wmt99", "-l", "de-en", "-i", "hyp.txt", "-q"}, "", "Unknown test set 'wmt99'\nPlease run with --list to see the available test sets.\n", 1},
		{[]string{"-t", "wm't99", "-l", "de-en", "-i", "hyp.txt"}, "", "sacreBLEU: Unknown test set \"wm't99\"\nsacreBLEU: Please run with --list to see the available test sets.\n", 1},
		{[]string{"-t", "wmt99", "--echo", "src"}, "", unknown, 1},
		{[]string{"--list", "-t", "wmt99"}, "", "", 0},
		{[]string{"--list", "-t", "wmt99", "-l", "de-en"}, "", "KeyError: 'wmt99'\n", 1},
		{[]string{"--download", "wmt99"}, "", "Exception: No such test set wmt99\n", 1},
		{[]string{"--citation", "-t", "wmt99"}, "", "KeyError: 'wmt99'\n", 1},
	} {
		out, errOut, status := cacheRun(t, dir, cache, tc.args...)
		if out != tc.stdout || errOut != tc.stderr || status != tc.status {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want %q, %q, %d", tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		}
	}
	if _, errOut, status := cacheRun(t, dir, cache, "-t", "wmt19/google/ar", "-l", "en-de", "-i", "hyp.txt"); status != 1 || !strings.Contains(errOut, "bleuscope never downloads") {
		t.Errorf("a known test set not in the cache: stderr %q, status %d; want the line about the cache, 1", errOut, status)
	}
	for ts, x := range xmlReferences {
		pairs, ok := langPairsOf(ts)
		if !ok {
			t.Errorf("xmlReferences has %q, which is no test set of sacrebleu's", ts)
		}
		for lp := range x.byPair {
			if !slices.Contains(pairs, lp) {
				t.Errorf("xmlReferences has %s %s, which is no language pair of sacrebleu's", ts, lp)
			}
		}
	}
}

// TestArgumentsCheckedBeforeTheCache: sacrebleu's own checks of -t, -l
// and references answer as sacrebleu does whether or not the cache holds
// the test set; only what sacrebleu would then download gets the line
// about the cache.
func TestArgumentsCheckedBeforeTheCache(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{"hyp.txt": "The cat sits.\n", "ref.txt": "The cat sits.\n"})
	needPair := "sacreBLEU: I need a language pair (-l). Use --list to see available language pairs for this test set.\n"
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"-t", "wmt22", "-i", "hyp.txt"}, needPair},
		{[]string{"-t", "wmt22", "--echo", "src"}, needPair},
		{[]string{"-t", "wmt22,wmt14", "-i", "hyp.txt"}, needPair},
		{[]string{"-t", "wmt22", "ref.txt", "-i", "hyp.txt"}, "sacreBLEU: I need exactly one of (a) a predefined test set (-t) or (b) a list of references\n"},
	} {
		out, errOut, status := cacheRun(t, dir, cache, tc.args...)
		if out != "" || errOut != tc.stderr || status != 1 {
			t.Errorf("sacrebleu %q with an empty cache: stdout %q, stderr %q, status %d; want %q, status 1", tc.args, out, errOut, status, tc.stderr)
		}
	}
}

// TestUnknownLangPair: a language pair sacrebleu 2.6.0 does not have for a
// test set it knows gets sacrebleu's own lines (the pair, then every pair
// the first such test set has, in sacrebleu's order; with --list, the
// exception its dataset raises) and exit status 1, even when the cache
// holds files under that name.
func TestUnknownLangPair(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	writeFiles(t, cache, map[string]string{"wmt14/wmt14.de-fr.src": "x\n", "wmt14/wmt14.de-fr.ref": "The cat sits.\n"})
	writeFiles(t, dir, map[string]string{"hyp.txt": "The cat sits.\n"})
	wmt14 := []string{"No such language pair 'de-fr'", "Available language pairs for 'wmt14' are:",
		" > cs-en", " > en-cs", " > de-en", " > en-de", " > en-fr", " > fr-en", " > en-hi", " > hi-en", " > en-ru", " > ru-en"}
	logged := func(prefix string, lines ...string) string {
		return prefix + strings.Join(lines, "\n"+prefix) + "\n"
	}
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"-t", "wmt14", "-l", "de-fr", "-i", "hyp.txt"}, logged("sacreBLEU: ", wmt14...)},
		{[]string{"-t", "wmt22,wmt14", "-l", "de-fr", "-i", "hyp.txt"}, logged("sacreBLEU: ", wmt14...)},
		{[]string{"-t", "wmt14", "-l", "de-fr", "--echo", "src"}, logged("sacreBLEU: ", wmt14...)},
		{[]string{"-t", "wmt14", "-l", "de-fr", "-i", "hyp.txt", "-q"}, logged("", wmt14...)},
		{[]string{"-t", "wmt21/C", "-l", "x'y"}, logged("sacreBLEU: ", `No such language pair "x'y"`, "Available language pairs for 'wmt21/C' are:", " > en-de")},
		{[]string{"--list", "-t", "wmt14", "-l", "de-fr"}, "Exception: No such language pair wmt14/de-fr\n"},
	} {
		out, errOut, status := cacheRun(t, dir, cache, tc.args...)
		if out != "" || errOut != tc.stderr || status != 1 {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want %q, status 1", tc.args, out, errOut, status, tc.stderr)
		}
	}
}

// TestNoReferences: with neither references nor -t, sacrebleu's three
// lines, the last its list of every test set (Python's repr of the names
// in reverse order), whether the system comes from -i or standard input.
func TestNoReferences(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"hyp.txt": "The cat sits.\n"})
	want := "sacreBLEU: If manual references given, make sure to provide them before the -i/--input argument to avoid confusion.\n" +
		"sacreBLEU: Otherwise, I need a predefined test set (-t) from the following list:\n" +
		"sacreBLEU: " +
		"['wmt24', 'wmt23', 'wmt22', 'wmt21/systems', 'wmt21/dev', 'wmt21/D', 'wmt21/C', 'wmt21/B', 'wmt21/AC', 'wmt21/AB', 'wmt21', 'wmt20/tworefs', 'wmt20/robust/set3', 'wmt20/robust/set2', 'wmt20/robust/set1', 'wmt20/dev', 'wmt20', 'wmt19/google/wmtp', 'wmt19/google/hqr', 'wmt19/google/hqp', 'wmt19/google/hqall', 'wmt19/google/arp', 'wmt19/google/ar', 'wmt19/dev', 'wmt19', 'wmt18/test-ts', 'wmt18/dev', 'wmt18', 'wmt17/tworefs', 'wmt17/ms', 'wmt17/improved', 'wmt17/dev', 'wmt17/B', 'wmt17', 'wmt16/tworefs', 'wmt16/dev', 'wmt16/B', 'wmt16', 'wmt15', 'wmt14/full', 'wmt14', 'wmt13', 'wmt12', 'wmt11', 'wmt10', 'wmt09', 'wmt08/nc', 'wmt08/europarl', 'wmt08', 'multi30k/2018', 'multi30k/2017', 'multi30k/2016', 'mtnt2019', 'mtnt1.1/valid', 'mtnt1.1/train', 'mtnt1.1/test', 'mtedx/valid', 'mtedx/test', 'iwslt17/tst2016', 'iwslt17/tst2015', 'iwslt17/tst2014', 'iwslt17/tst2013', 'iwslt17/tst2012', 'iwslt17/tst2011', 'iwslt17/tst2010', 'iwslt17/dev2010', 'iwslt17']" + "\n"
	for _, args := range [][]string{{"-i", "hyp.txt"}, {"-m", "chrf", "-b"}, {"--echo", "src", "hyp.txt", "-i", "hyp.txt"}} {
		out, errOut, status := cacheRun(t, dir, t.TempDir(), args...)
		if out != "" || errOut != want || status != 1 {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want %q, status 1", args, out, errOut, status, want)
		}
	}
}

// TestEcho: --echo chooses its fields and refuses others as sacrebleu's
// print_test_set does: "ref" without a field of that name is the first
// reference by name (A for wmt22 cs-en, though B is scored), "all" is
// every field and alone, and an unknown field (the cache's own file name
// ref-0 among them) gets sacrebleu's lines and exit status 1.
func TestEcho(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	files := map[string]string{
		"wmt22/wmt22.cs-en.src":   "S\n",
		"wmt22/wmt22.cs-en.ref-A": "A\n",
		"wmt22/wmt22.cs-en.ref-B": "B\n",
	}
	for _, f := range []string{"src", "ref-0", "ref-1", "docid", "genre", "origlang"} {
		files["wmt17/tworefs/wmt17_tworefs.en-fi."+f] = f + " 1\n" + f + " 2\n"
	}
	writeFiles(t, cache, files)
	tworefs := []string{"-t", "wmt17/tworefs", "-l", "en-fi", "--echo"}
	noSuchField := func(f string) string {
		return "sacreBLEU: No such field " + f + " in test set wmt17/tworefs for language pair en-fi.\n" +
			"sacreBLEU: available fields for wmt17/tworefs/en-fi: src, ref:0, ref:1, docid, genre, origlang\n" +
			"sacreBLEU: 'ref' also allowed for backwards compatibility (will return ref:0)\n"
	}
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
		status         int
	}{
		{[]string{"-t", "wmt22", "-l", "cs-en", "--echo", "ref", "src"}, "A\tS\n", "", 0},
		{append(tworefs, "all"), "src 1\tref-0 1\tref-1 1\tdocid 1\tgenre 1\toriglang 1\nsrc 2\tref-0 2\tref-1 2\tdocid 2\tgenre 2\toriglang 2\n", "", 0},
		{append(tworefs, "ref", "ref:1"), "ref-0 1\tref-1 1\nref-0 2\tref-1 2\n", "", 0},
		{append(tworefs, "all", "src"), "", "sacreBLEU: Cannot use --echo all with other fields\n", 1},
		{append(tworefs, "src", "foo"), "", noSuchField("foo"), 1},
		{append(tworefs, "ref-0"), "", noSuchField("ref-0"), 1},
	} {
		out, errOut, status := cacheRun(t, dir, cache, tc.args...)
		if out != tc.stdout || errOut != tc.stderr || status != tc.status {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want %q, %q, %d", tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		}
	}
}

// TestEchoAllXMLOrder: --echo all and --list give the fields of a WMT
// test set of 2021 and later in sacrebleu's order, not by name: src, the
// references, docid, origlang, the systems as they first appear in the
// XML file sacrebleu made the text files of (in a document with a
// segment a reference translates, not a test suite's), then domain;
// --list gives the systems by name when the cache lacks that file, and
// --echo all refuses, as sacrebleu gives no other order (it would
// download the file); before, its columns came in name order.
func TestEchoAllXMLOrder(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	files := map[string]string{}
	for _, f := range []string{"src", "ref-A", "ref-B", "docid", "origlang", "domain", "Zeta", "Alpha", "Mid", "Suite"} {
		files["wmt22/wmt22.de-en."+f] = f + "\n"
		files["wmt21/wmt21.ha-en."+f] = f + "\n"
	}
	const doc = `<doc id="%s" origlang="de"%s><src lang="de"><p><seg id="1">s</seg></p></src>` +
		`<ref lang="en" translator="A"><p><seg id="1">%s</seg></p></ref>%s</doc>`
	hyp := func(names ...string) string {
		var b strings.Builder
		for _, n := range names {
			b.WriteString(`<hyp system="` + n + `"><p><seg id="1">h</seg></p></hyp>`)
		}
		return b.String()
	}
	files["wmt22/raw/wmt22-news-systems-1.1/xml/wmttest2022.de-en.all.xml"] = `<?xml version="1.0" encoding="utf-8"?><dataset id="wmttest2022">` +
		fmt.Sprintf(doc, "untranslated", "", "", hyp("Alpha")) + // no reference text: dropped
		fmt.Sprintf(doc, "suite", ` testsuite="x"`, "r", hyp("Suite")) + // a test suite: skipped
		fmt.Sprintf(doc, "d1", "", "r", hyp("Zeta", "Alpha", "Zeta")) +
		fmt.Sprintf(doc, "d2", "", "r", hyp("Mid", "Alpha")) + `</dataset>`
	writeFiles(t, cache, files)
	want := "src, ref:A, ref:B, docid, origlang, Zeta, Alpha, Mid, Suite, domain"
	noXML := "src, ref:A, ref:B, docid, origlang, Alpha, Mid, Suite, Zeta, domain"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-t", "wmt22", "-l", "de-en", "--echo", "all"}, strings.ReplaceAll(strings.ReplaceAll(want, ":", "-"), ", ", "\t") + "\n"},
		{[]string{"--list", "-t", "wmt22", "-l", "de-en"}, "de-en: " + want + "\n"},
		{[]string{"--list", "-t", "wmt21", "-l", "ha-en"}, "ha-en: " + noXML + "\n"},
	} {
		if out, errOut, status := cacheRun(t, dir, cache, tc.args...); out != tc.want || status != 0 {
			t.Errorf("sacrebleu %q: %q (status %d, %s); want %q", tc.args, out, status, errOut, tc.want)
		}
	}
	out, errOut, status := cacheRun(t, dir, cache, "-t", "wmt21", "-l", "ha-en", "--echo", "all")
	if want := "wmt21/raw/test/newstest2021.ha-en.xml), which gives the order of --echo all's columns"; out != "" || status != 1 ||
		strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "bleuscope never downloads") || !strings.Contains(errOut, filepath.FromSlash(want)) {
		t.Errorf("--echo all without the XML file: stdout %q, stderr %q, status %d; want one line naming the file, 1", out, errOut, status)
	}
	if out, _, _ := cacheRun(t, dir, cache, "-t", "wmt21", "-l", "ha-en", "--echo", "src", "Zeta"); out != "src\tZeta\n" {
		t.Errorf("--echo src Zeta without the XML file: %q; want the fields named", out)
	}
	_, errOut, _ = cacheRun(t, dir, cache, "-t", "wmt22", "-l", "de-en", "--echo", "nope")
	if !strings.Contains(errOut, "available fields for wmt22/de-en: "+want+"\n") {
		t.Errorf("--echo nope: %q; want the fields in sacrebleu's order", errOut)
	}
}

// TestXMLInputLimit: the WMT XML file --echo all, --list and an unknown
// field's line read for the order of a test set's fields is read within
// BLEUSCOPE_MAX_INPUT, with the files of the run, and past it gets the
// one line of the drop-in's other inputs, naming the XML file and the
// variable; an endless one (a device) stops there too. Before, it was
// read whatever its size, outside the limit.
func TestXMLInputLimit(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	xmlPath := "wmt22/raw/wmt22-news-systems-1.1/xml/wmttest2022.de-en.all.xml"
	files := map[string]string{
		xmlPath: `<dataset><doc id="d" origlang="de"><src lang="de"><p><seg id="1">s</seg></p></src>` +
			`<ref lang="en" translator="A"><p><seg id="1">r</seg></p></ref>` +
			`<hyp system="Z"><p><seg id="1">` + strings.Repeat("h ", 1000) + `</seg></p></hyp>` +
			`<hyp system="A"><p><seg id="1">h</seg></p></hyp></doc></dataset>`,
	}
	for _, f := range []string{"src", "ref-A", "docid", "origlang", "A", "Z"} {
		files["wmt22/wmt22.de-en."+f] = f + "\n"
	}
	writeFiles(t, cache, files)
	run := func(limit string, args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		env := map[string]string{"SACREBLEU": cache, maxInputVar: limit}
		c := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, LookupEnv: lookupIn(env)}
		status := c.Run(args)
		return stdout.String(), stderr.String(), status
	}
	overLimit := func(errOut string) bool {
		return strings.Count(errOut, "\n") == 1 && strings.Contains(errOut, maxInputVar+"=") &&
			strings.Contains(errOut, "wmttest2022.de-en.all.xml: the input is larger than bleuscope's limit of 1 KiB")
	}
	for _, args := range [][]string{
		{"-t", "wmt22", "-l", "de-en", "--echo", "all"},
		{"--list", "-t", "wmt22", "-l", "de-en"},
		{"-t", "wmt22", "-l", "de-en", "--echo", "nope"},
	} {
		if out, errOut, status := run("1K", args...); status != 1 || out != "" || !overLimit(errOut) {
			t.Errorf("sacrebleu %q under a 1K limit: stdout %q, stderr %q, status %d; want the limit's line, 1", args, out, errOut, status)
		}
		if _, errOut, status := run("8K", args...); strings.Contains(errOut, maxInputVar) || status == 1 && args[len(args)-1] != "nope" {
			t.Errorf("sacrebleu %q under an 8K limit: stderr %q, status %d; want the XML read", args, errOut, status)
		}
	}
	if out, _, _ := run("8K", "-t", "wmt22", "-l", "de-en", "--echo", "all"); out != "src\tref-A\tdocid\toriglang\tZ\tA\n" {
		t.Errorf("--echo all under an 8K limit: %q; want the fields in the XML's order", out)
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		return
	}
	p := filepath.Join(cache, filepath.FromSlash(xmlPath))
	os.Remove(p)
	if err := os.Symlink("/dev/zero", p); err != nil {
		t.Skip("no symbolic links here")
	}
	if out, errOut, status := run("1K", "-t", "wmt22", "-l", "de-en", "--echo", "all"); status != 1 || out != "" || !overLimit(errOut) {
		t.Errorf("an endless XML file under a 1K limit: stdout %q, stderr %q, status %d; want the limit's line, 1", out, errOut, status)
	}
}

// TestCacheDirectory checks where the cache is, as sacrebleu's
// os.environ.get('SACREBLEU', os.path.join(os.path.expanduser("~"),
// '.sacrebleu')) puts it: $SACREBLEU set but empty is the current
// directory, a relative one is relative to it, and an empty $HOME is "/".
func TestCacheDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"wmt22/wmt22.de-en.ref-A":     "The cat sits.\nIt is raining.\n",
		"sub/wmt22/wmt22.de-en.ref-A": "The cat sits.\nIt is raining.\n",
		"ref.txt":                     "The cat sits.\nIt is raining.\n",
		"hyp.txt":                     "The cat sits.\nIt rains.\n",
	})
	want, _, status := runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "-f", "text")
	if status != 0 {
		t.Fatalf("explicit reference: status %d", status)
	}
	for _, cache := range []string{"", "sub"} {
		env := map[string]string{"SACREBLEU": cache, "HOME": t.TempDir()}
		got, errOut, status := runIn(t, dir, env, "-t", "wmt22", "-l", "de-en", "-i", "hyp.txt", "-f", "text")
		if status != 0 || got != want {
			t.Errorf("SACREBLEU=%q: status %d, stdout %q, stderr %q; want %q", cache, status, got, errOut, want)
		}
	}
	home := newTestSetCache(lookupIn(map[string]string{"HOME": ""}), dir, nil)
	if want := filepath.FromSlash("/.sacrebleu"); home.dir != want {
		t.Errorf("HOME empty, SACREBLEU unset: cache %q, want %q", home.dir, want)
	}
}
