package sacrebleu

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// testSetCache is sacrebleu's local copy of its built-in test sets:
// $SACREBLEU (even empty), else ~/.sacrebleu. sacrebleu keeps each test set's text in
// DIR/NAME/NAME'.LANGPAIR.FIELD, where NAME' is the name with "/" turned
// into "_" and FIELD a field name with ":" turned into "-" (src, ref,
// ref-A, ref-0, docid, origlang, the WMT systems...). bleuscope reads
// those files and never downloads anything. What it reads beyond them (a
// WMT XML file, for the order of its fields) it reads within budget, the
// run's input limit.
type testSetCache struct {
	dir    string
	budget *model.Budget
}

// newTestSetCache finds the cache as sacrebleu does: $SACREBLEU when it is
// set, even empty (the current directory then, as os.path.join("", name)
// is name), else ~/.sacrebleu. A relative path is read from base, the
// directory relative paths are read from ("" for the working directory).
func newTestSetCache(lookupEnv func(string) (string, bool), base string, budget *model.Budget) testSetCache {
	dir, set := lookupEnv("SACREBLEU")
	if !set {
		// Python's os.path.expanduser("~"): $HOME, "/" when it is
		// empty, and the user's home when it is not set.
		home, set := lookupEnv("HOME")
		if !set {
			home, _ = os.UserHomeDir()
		} else if home == "" {
			home = "/"
		}
		dir = filepath.Join(home, ".sacrebleu")
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(base, dir)
	}
	if dir == "" {
		dir = "."
	}
	return testSetCache{dir: dir, budget: budget}
}

// xmlReferences are the references sacrebleu scores against for the WMT
// test sets of 2021 and later (its other test sets use every reference):
// the translators of the test set, and per language pair where they
// differ ("" is the reference without a translator); and raw, the path
// of the XML file sacrebleu made the test set's text files of, under
// NAME/raw/ (%s standing for the language pair; [testSetCache.rawXML]).
var xmlReferences = map[string]struct {
	refs   []string
	byPair map[string][]string
	raw    string
}{
	"wmt24":         {refs: []string{"refA"}, raw: "xml/wmttest2024.%s.all.xml"},
	"wmt23":         {refs: []string{"refA"}, byPair: map[string][]string{"en-he": {"refB"}, "he-en": {"refB"}}, raw: "wmt23-news-systems-v.0.1/xml/wmttest2023.%s.all.xml"},
	"wmt22":         {refs: []string{"A"}, byPair: map[string][]string{"cs-en": {"B"}, "en-cs": {"B"}, "liv-en": {""}, "ru-sah": {""}}, raw: "wmt22-news-systems-1.1/xml/wmttest2022.%s.all.xml"},
	"wmt21/systems": {refs: []string{"A"}, raw: "wmt21-news-systems-1.3/xml/newstest2021.%s.all.xml"},
	"wmt21":         {refs: []string{"A"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/B":       {refs: []string{"B"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/AB":      {refs: []string{"A", "B"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/C":       {refs: []string{"C"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/AC":      {refs: []string{"A", "C"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/D":       {refs: []string{"D"}, raw: "test/newstest2021.%s.xml"},
	"wmt21/dev":     {refs: []string{"A", ""}, raw: "dev/xml/newsdev2021.%s.xml"},
}

// prefix is the file name prefix of a test set's language pair.
func (c testSetCache) prefix(ts, langpair string) string {
	return filepath.Join(c.dir, ts, strings.ReplaceAll(ts, "/", "_")+"."+langpair+".")
}

// fieldFile is the text file of one field.
func (c testSetCache) fieldFile(ts, langpair, field string) string {
	return c.prefix(ts, langpair) + strings.ReplaceAll(field, ":", "-")
}

// fields lists the fields the cache holds for a test set's language pair,
// named as sacrebleu names them (ref:A for the file ending in ref-A): src,
// the references, then the others in name order.
func (c testSetCache) fields(ts, langpair string) []string {
	p := c.prefix(ts, langpair)
	entries, err := os.ReadDir(filepath.Dir(p))
	if err != nil {
		return nil
	}
	base := filepath.Base(p)
	var src, refs, others []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasPrefix(name, base) || strings.HasSuffix(name, ".lock") {
			continue
		}
		f := strings.TrimPrefix(name, base)
		switch {
		case f == "src":
			src = append(src, f)
		case f == "ref" || strings.HasPrefix(f, "ref-"):
			refs = append(refs, strings.Replace(f, "-", ":", 1))
		default:
			others = append(others, f)
		}
	}
	sort.Slice(refs, func(i, j int) bool { return refLess(refs[i], refs[j]) })
	sort.Strings(others)
	return append(append(src, refs...), others...)
}

// refLess orders reference fields: ref, then ref:0, ref:1, ... by number,
// then the named ones.
func refLess(a, b string) bool {
	na, ea := strconv.Atoi(strings.TrimPrefix(a, "ref:"))
	nb, eb := strconv.Atoi(strings.TrimPrefix(b, "ref:"))
	switch {
	case a == "ref" || b == "ref":
		return a == "ref" && b != "ref"
	case ea == nil && eb == nil:
		return na < nb
	case (ea == nil) != (eb == nil):
		return ea == nil
	}
	return a < b
}

// langPairs lists the language pairs the cache holds for a test set.
func (c testSetCache) langPairs(ts string) []string {
	entries, err := os.ReadDir(filepath.Join(c.dir, ts))
	if err != nil {
		return nil
	}
	base := strings.ReplaceAll(ts, "/", "_") + "."
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), base)
		if e.IsDir() || !ok {
			continue
		}
		lp, _, ok := strings.Cut(rest, ".")
		if ok && strings.Contains(lp, "-") && !seen[lp] {
			seen[lp] = true
			out = append(out, lp)
		}
	}
	sort.Strings(out)
	return out
}

// referenceFiles returns the reference files sacrebleu would score a test
// set's language pair against.
func (c testSetCache) referenceFiles(ts, langpair string) []string {
	var files []string
	if x, ok := xmlReferences[ts]; ok {
		refs := x.refs
		if r, ok := x.byPair[langpair]; ok {
			refs = r
		}
		for _, r := range refs {
			field := "ref"
			if r != "" {
				field = "ref:" + r
			}
			files = append(files, c.fieldFile(ts, langpair, field))
		}
		return files
	}
	for _, f := range c.fields(ts, langpair) {
		if f == "ref" || strings.HasPrefix(f, "ref:") {
			files = append(files, c.fieldFile(ts, langpair, f))
		}
	}
	return files
}

// neverDownloads is the one line that answers a request to download.
func (c testSetCache) neverDownloads(ts string, langpair *string) error {
	what := ts
	if langpair != nil {
		what += " " + *langpair
	}
	return fatal(1, fmt.Sprintf("bleuscope never downloads test sets, and sacrebleu's local cache (%s) has no %s: pass the files instead (bleuscope sacrebleu REF.txt -i HYP.txt), or let sacrebleu fetch it once (sacrebleu -t %s --echo ref)", c.dir, what, strings.ReplaceAll(what, " ", " -l ")))
}

// checkLangPair fails when the cache has nothing of ts for langpair.
func (c testSetCache) checkLangPair(ts, langpair string) error {
	if len(c.fields(ts, langpair)) == 0 {
		return c.neverDownloads(ts, &langpair)
	}
	return nil
}

// references returns the reference files of ts for langpair, failing when
// one of them is not in the cache.
func (c testSetCache) references(ts, langpair string) ([]string, error) {
	files := c.referenceFiles(ts, langpair)
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return nil, c.neverDownloads(ts, &langpair)
		}
	}
	return files, nil
}

// list prints the test sets in the cache, or with -t the fields of its
// language pairs.
func (c testSetCache) list(out *bufio.Writer, o *options) error {
	if o.testSet != nil {
		if !IsTestSet(*o.testSet) {
			// sacrebleu has no language pairs to list for a name it does
			// not know, and fails looking up the one -l names.
			if o.langpair != nil {
				return exception("KeyError: " + pyQuote(*o.testSet))
			}
			return nil
		}
		pairs := c.langPairs(*o.testSet)
		if o.langpair != nil {
			if known, _ := langPairsOf(*o.testSet); !slices.Contains(known, *o.langpair) {
				return exception("Exception: No such language pair " + *o.testSet + "/" + *o.langpair)
			}
			pairs = []string{*o.langpair}
		}
		if len(pairs) == 0 {
			return c.neverDownloads(*o.testSet, o.langpair)
		}
		for _, lp := range pairs {
			fields, err := c.orderXMLFields(*o.testSet, lp, c.fields(*o.testSet, lp))
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s: %s\n", lp, strings.Join(fields, ", "))
		}
		return nil
	}
	var sets []string
	pairs := map[string][]string{}
	filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == c.dir {
			return nil
		}
		rel, _ := filepath.Rel(c.dir, p)
		rel = filepath.ToSlash(rel)
		if strings.Count(rel, "/") > 2 {
			return filepath.SkipDir
		}
		if lps := c.langPairs(rel); len(lps) > 0 {
			sets = append(sets, rel)
			pairs[rel] = lps
		}
		return nil
	})
	sort.Sort(sort.Reverse(sort.StringSlice(sets)))
	fmt.Fprintf(out, "The test sets in sacrebleu's local cache (%s) are:\n", c.dir)
	for _, s := range sets {
		fmt.Fprintf(out, "%-30s: %s\n", s, strings.Join(pairs[s], ", "))
	}
	return nil
}

// echo prints the requested fields of the test sets, TAB-separated, one
// line per segment.
func (c testSetCache) echo(out *bufio.Writer, fsys *fileSystem, testSets []string, langpair string, requested []string) error {
	for _, ts := range testSets {
		want, err := c.echoFields(ts, langpair, requested)
		if err != nil {
			return err
		}
		var cols [][]string
		for _, f := range want {
			lines, err := fsys.lines(c.fieldFile(ts, langpair, f), codecUTF8)
			if err != nil {
				return err
			}
			cols = append(cols, lines)
		}
		n := -1
		for _, col := range cols {
			if n < 0 || len(col) < n {
				n = len(col)
			}
		}
		for i := 0; i < n; i++ {
			parts := make([]string, len(cols))
			for k := range cols {
				parts[k] = cols[k][i]
			}
			out.WriteString(strings.Join(parts, "\t") + "\n")
		}
	}
	return nil
}

// echoFields is the fields --echo prints for a test set's language pair,
// as sacrebleu's print_test_set chooses them, or its error: "all" is
// every field, in the order sacrebleu lists them
// ([testSetCache.orderXMLFields]), and "ref", when there is no field of
// that name, the reference field first by name. It lists the cache's
// directory once, and reads a WMT XML file at most once.
func (c testSetCache) echoFields(ts, langpair string, requested []string) ([]string, error) {
	fields := c.fields(ts, langpair)
	listed := func() ([]string, error) { return c.orderXMLFields(ts, langpair, fields) }
	var firstRef string
	for _, f := range fields {
		if strings.HasPrefix(f, "ref") && (firstRef == "" || f < firstRef) {
			firstRef = f
		}
	}
	if firstRef == "" {
		// sacrebleu would fetch the test set again: every one has references.
		return nil, c.neverDownloads(ts, &langpair)
	}
	want := slices.Clone(requested)
	var err error
	if slices.Contains(want, "all") {
		if len(want) != 1 {
			return nil, fatal(1, "Cannot use --echo all with other fields")
		}
		if err := c.missingXML(ts, langpair); err != nil {
			return nil, err
		}
		if want, err = listed(); err != nil {
			return nil, err
		}
	}
	hasRef := slices.Contains(fields, "ref")
	for i, f := range want {
		switch {
		case f == "ref" && !hasRef:
			want[i] = firstRef
		case !slices.Contains(fields, f):
			available, err := listed()
			if err != nil {
				return nil, err
			}
			lines := []string{
				fmt.Sprintf("No such field %s in test set %s for language pair %s.", f, ts, langpair),
				fmt.Sprintf("available fields for %s/%s: %s", ts, langpair, strings.Join(available, ", ")),
			}
			if !hasRef {
				lines = append(lines, fmt.Sprintf("'ref' also allowed for backwards compatibility (will return %s)", firstRef))
			}
			return nil, fatal(1, lines...)
		}
	}
	return want, nil
}
