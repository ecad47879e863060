package sacrebleu

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
)

// englishCorpus writes a corpus of n lines built as the shared benchmark
// corpora are: every WMT22 system output into English after its pair's
// reference A, concatenated in file name order and repeated. It returns
// the reference and hypothesis files.
func englishCorpus(b *testing.B, n int) (ref, hyp string) {
	b.Helper()
	txt := conformance.Corpora(b)
	outputs, err := filepath.Glob(filepath.Join(txt, "system-outputs", "generaltest2022.*-en.hyp.*.en"))
	if err != nil || len(outputs) == 0 {
		b.Skip("no WMT22 system outputs into English")
	}
	sort.Strings(outputs)
	var hyps, refs []string
	for _, o := range outputs {
		pair := strings.Split(filepath.Base(o), ".")[1]
		r, err := os.ReadFile(filepath.Join(txt, "references", "generaltest2022."+pair+".ref.A.en"))
		if err != nil {
			continue
		}
		h, err := os.ReadFile(o)
		if err != nil {
			b.Fatal(err)
		}
		hl := strings.Split(strings.TrimSuffix(string(h), "\n"), "\n")
		rl := strings.Split(strings.TrimSuffix(string(r), "\n"), "\n")
		if len(hl) != len(rl) {
			continue
		}
		hyps, refs = append(hyps, hl...), append(refs, rl...)
	}
	var hb, rb strings.Builder
	for i := 0; i < n; i++ {
		hb.WriteString(hyps[i%len(hyps)] + "\n")
		rb.WriteString(refs[i%len(refs)] + "\n")
	}
	dir := b.TempDir()
	ref, hyp = filepath.Join(dir, "ref.en"), filepath.Join(dir, "hyp.en")
	if err := os.WriteFile(ref, []byte(rb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(hyp, []byte(hb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return ref, hyp
}

// BenchmarkBLEU1M is `sacrebleu ref.en -i hyp.en -f text` on a million
// English lines: reading both files, scoring, printing. SPEC's goal is at
// most 3 s for the whole process.
func BenchmarkBLEU1M(b *testing.B) {
	ref, hyp := englishCorpus(b, 1_000_000)
	b.ResetTimer()
	for b.Loop() {
		c := &Command{Stdout: io.Discard, Stderr: io.Discard}
		if status := c.Run([]string{ref, "-i", hyp, "-f", "text"}); status != 0 {
			b.Fatalf("status %d", status)
		}
	}
}

// BenchmarkXMLSystems100k is [xmlSystems] on WMT XML files of 100,000
// segments in the shapes that cost the most: one document whose
// reference's ids all differ from its source's but the last (every source
// segment looked for among the reference's), and one document with a
// system per segment.
func BenchmarkXMLSystems100k(b *testing.B) {
	const n = 100_000
	seg := func(w *strings.Builder, id int, text string) {
		w.WriteString(`<seg id="` + strconv.Itoa(id) + `">` + text + "</seg>\n")
	}
	var late, many strings.Builder
	late.WriteString(`<dataset><doc id="d" origlang="de"><src lang="de"><p>` + "\n")
	many.WriteString(late.String())
	for i := 1; i <= n; i++ {
		seg(&late, i, "s")
		seg(&many, i, "s")
	}
	late.WriteString(`</p></src><ref lang="en" translator="A"><p>` + "\n")
	many.WriteString(`</p></src><ref lang="en" translator="A"><p>` + "\n")
	for i := n; i < 2*n; i++ {
		seg(&late, i, "r")
	}
	seg(&many, 1, "r")
	late.WriteString(`</p></ref><hyp system="S"><p>` + "\n")
	many.WriteString(`</p></ref>` + "\n")
	for i := 1; i <= n; i++ {
		seg(&late, i, "h")
		many.WriteString(`<hyp system="S` + strconv.Itoa(i) + `"><p>`)
		seg(&many, 1, "h")
		many.WriteString("</p></hyp>\n")
	}
	late.WriteString("</p></hyp></doc></dataset>\n")
	many.WriteString("</doc></dataset>\n")
	dir := b.TempDir()
	for name, text := range map[string]string{"late": late.String(), "many": many.String()} {
		path := filepath.Join(dir, name+".xml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := xmlSystems(path, model.NewBudget(1<<30)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
