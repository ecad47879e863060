package annotations

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
)

// tedRows returns the shared WMT21 TED zh-en MQM file's path and its data
// rows split into fields by hand, or skips when the shared data is absent.
func tedRows(t *testing.T) (string, [][]string) {
	t.Helper()
	path := conformance.Shared(t, "corpora", "mqm", "mqm_ted_zhen.tsv")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	rows := make([][]string, 0, len(lines)-1)
	for _, l := range lines[1:] {
		rows = append(rows, strings.Split(l, "\t"))
	}
	return path, rows
}

func TestTEDOpensAsCorpus(t *testing.T) {
	path, rows := tedRows(t)
	// The counts, by a plain pass over the fields.
	systems, segs := map[string]bool{}, map[string]bool{}
	errs, clean := 0, 0
	for _, f := range rows {
		systems[f[0]] = true
		segs[f[3]] = true
		if f[7] == "No-error" {
			clean++
		} else {
			errs++
		}
	}
	c, err := OpenMQM(path, []string{"ref", "refB"}, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var gotErrs, gotClean int
	names := map[string]bool{}
	for _, a := range c.Annotations {
		names[a.System] = true
		switch a.Kind {
		case KindError:
			gotErrs++
		case KindNoError:
			gotClean++
		}
	}
	if len(names) != len(systems) || len(names) != 15 {
		t.Errorf("%d systems rated; the file has %d, and WMT21 TED zh-en 15", len(names), len(systems))
	}
	if len(c.Segments) != len(segs) || len(c.Segments) != 529 {
		t.Errorf("%d segments; the file has %d, and the README says 529", len(c.Segments), len(segs))
	}
	// 5,618 error rows (one, line 9622, with its "<v>" never closed) and
	// 4,297 No-error rows.
	if gotErrs != errs || gotErrs != 5618 || gotClean != clean || gotClean != 4297 {
		t.Errorf("%d errors and %d no-error marks; the file has %d and %d", gotErrs, gotClean, errs, clean)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], ":9622:") {
		t.Errorf("warnings %q; want one, about line 9622's unclosed <v>", c.Warnings)
	}
	if len(c.Systems) != 13 || len(c.Refs) != 2 || c.RefNames[1] != "refB" || c.RefAbsent != nil {
		t.Errorf("%d systems and references %v; want 13 systems, ref and refB, all present", len(c.Systems), c.RefNames)
	}
	ds, err := c.Dataset()
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != 529 || ds.NRefs() != 2 || len(ds.Src) != 529 || ds.Systems[0].Name != "Borderline" {
		t.Errorf("dataset: %d segments, %d refs, %d sources, first system %q", ds.Len(), ds.NRefs(), len(ds.Src), ds.Systems[0].Name)
	}
	// Segment 1 is seg_id 84, with the texts of the file's first row.
	first := rows[0]
	strip := strings.NewReplacer("<v>", "", "</v>", "")
	if len(ds.SegIDs) != 529 || ds.SegIDs[0] != "84" || ds.SegIDs[528] != c.Segments[528].SegID {
		t.Errorf("the dataset's seg_ids run %v … %v (%d); want the file's, from 84", ds.SegIDs[:min(1, len(ds.SegIDs))], ds.SegIDs[max(0, len(ds.SegIDs)-1):], len(ds.SegIDs))
	}
	if c.Segments[0].SegID != "84" || ds.Src[0] != strip.Replace(first[5]) || ds.Systems[0].Hyps[0] != strip.Replace(first[6]) {
		t.Errorf("segment 1: %+v, %q, %q", c.Segments[0], ds.Src[0], ds.Systems[0].Hyps[0])
	}
	// Every annotation is attached to the dataset it came with.
	if r := Resolve(c.Annotations, ds); len(r.Detached) != 0 {
		// The references' own ratings are not systems of the dataset.
		for _, d := range r.Detached {
			if d.System != "ref" && d.System != "refB" {
				t.Fatalf("detached: %+v", d)
			}
		}
	}
	if _, err := OpenMQM(path, []string{"human"}, model.LoadOptions{}); err == nil || !strings.Contains(err.Error(), `no system "human"`) {
		t.Errorf("an unknown reference: %v", err)
	}
}

func TestTEDSummaryIsWMTsMQM(t *testing.T) {
	path, rows := tedRows(t)
	c, err := OpenMQM(path, nil, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(c.Annotations, MQM())
	by := map[string]SystemSummary{}
	for _, s := range sum {
		by[s.System] = s
	}
	if len(sum) != 15 {
		t.Fatalf("%d systems summarized; want 15", len(sum))
	}
	// WMT's rule, by hand: per (segment, rater) the sum of weights, per
	// segment the mean over its raters, per system the mean over its
	// segments.
	for _, system := range []string{"DIDI-NLP", "Online-W", "refB"} {
		perSeg := map[string]map[string]float64{}
		var errs int
		for _, f := range rows {
			if f[0] != system {
				continue
			}
			cat, sev := f[7], f[8]
			w := 0.0
			switch {
			case cat == "No-error":
			case strings.HasPrefix(cat, "Non-translation"):
				w = 25
			case sev == "Major" || sev == "Critical":
				w = 5
			case sev == "Minor" && cat == "Fluency/Punctuation":
				w = 0.1
			case sev == "Minor":
				w = 1
			}
			if cat != "No-error" {
				errs++
			}
			if perSeg[f[3]] == nil {
				perSeg[f[3]] = map[string]float64{}
			}
			perSeg[f[3]][f[4]] += w
		}
		total := 0.0
		for _, raters := range perSeg {
			s := 0.0
			for _, v := range raters {
				s += v
			}
			total += s / float64(len(raters))
		}
		want := total / float64(len(perSeg))
		got := by[system]
		if !conformance.CloseTo(got.MQM, want) || got.Segments != len(perSeg) {
			t.Errorf("%s: MQM %v over %d segments; by hand %v over %d", system, got.MQM, got.Segments, want, len(perSeg))
		}
		n := 0
		for _, sev := range got.Errors {
			for _, k := range sev {
				n += k
			}
		}
		if n != errs {
			t.Errorf("%s: %d errors counted; the file has %d", system, n, errs)
		}
	}
	// Lower is better: the human translation refB is rated far better
	// than the other human translation, ref.
	if by["refB"].MQM >= by["ref"].MQM {
		t.Errorf("refB %v, ref %v", by["refB"].MQM, by["ref"].MQM)
	}
}

func TestTEDExportKeepsTheRows(t *testing.T) {
	path, _ := tedRows(t)
	data, _ := os.ReadFile(path)
	c, err := OpenMQM(path, nil, model.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := WriteMQM(&out, c.Annotations); err != nil {
		t.Fatal(err)
	}
	in := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(in) {
		t.Fatalf("%d lines exported; the file has %d", len(got), len(in))
	}
	// Every row comes back as it was, with an empty comment column, the
	// one unclosed "<v>" (line 9622) too.
	for i := 1; i < len(in); i++ {
		if want := in[i] + "\t"; got[i] != want {
			t.Fatalf("line %d exported as\n%q\nwant\n%q", i+1, got[i], want)
		}
	}
	// And export → import → export is identical.
	again, err := ReadMQM(bytes.NewReader(out.Bytes()), "export.tsv", LinesByPosition)
	if err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	WriteMQM(&second, again.Annotations)
	if !bytes.Equal(out.Bytes(), second.Bytes()) {
		t.Error("export → import → export of the TED file differs")
	}
}
