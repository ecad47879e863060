package scoring_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// terPerRef is one entry of per_ref in ter.jsonl.
type terPerRef struct {
	NumEdits      int    `json:"num_edits"`
	RefLen        int    `json:"ref_len"`
	Shifts        int    `json:"shifts"`
	EditDistance  int    `json:"edit_distance"`
	Candidates    int    `json:"shift_candidates_checked"`
	LimitHit      bool   `json:"candidate_limit_hit"`
	DiscardedGain *int   `json:"discarded_shift_gain"`
	ShiftedHyp    string `json:"shifted_hyp"`
}

// terSegment is the diagnostic part of a record: tokens and per_ref.
type terSegment struct {
	HypTokens string      `json:"hyp_tokens"`
	RefTokens []string    `json:"ref_tokens"`
	PerRef    []terPerRef `json:"per_ref"`
}

// terRecord is one record of ter.jsonl, sentence or corpus level (refs is
// decoded once the level is known).
type terRecord struct {
	ID       string          `json:"id"`
	Level    string          `json:"level"`
	Hyp      string          `json:"hyp"`
	Hyps     []string        `json:"hyps"`
	Refs     json.RawMessage `json:"refs"`
	HypFile  string          `json:"hyp_file"`
	RefFiles []string        `json:"ref_files"`
	Lines    []int           `json:"lines"`
	Options  struct {
		CaseSensitive bool `json:"case_sensitive"`
		Normalized    bool `json:"normalized"`
		NoPunct       bool `json:"no_punct"`
		AsianSupport  bool `json:"asian_support"`
	} `json:"options"`
	Expected struct {
		terSegment
		Error            string       `json:"error"`
		Score            float64      `json:"score"`
		NumEdits         int          `json:"num_edits"`
		RefLength        float64      `json:"ref_length"`
		Stats            [][2]float64 `json:"stats"`
		Signature        string       `json:"signature"`
		SignatureShort   string       `json:"signature_short"`
		Formatted        string       `json:"formatted"`
		FormattedCLIText string       `json:"formatted_cli_text"`
		Segments         []terSegment `json:"segments"`
	} `json:"expected"`
}

func (r *terRecord) options() scoring.TEROptions {
	o := r.Options
	return scoring.TEROptions{CaseSensitive: o.CaseSensitive, Normalized: o.Normalized,
		NoPunct: o.NoPunct, AsianSupport: o.AsianSupport}
}

// present returns the references that are not null.
func present(refs []*string) []string {
	var out []string
	for _, r := range refs {
		if r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// checkTERSegment compares tokens and per-reference search details of one
// segment with e.
func checkTERSegment(hyp string, refs []string, o scoring.TEROptions, e terSegment, bad func(string, any, any)) {
	if got := strings.Join(scoring.TERTokens(hyp, o), " "); got != e.HypTokens {
		bad("hyp tokens", got, e.HypTokens)
	}
	for k, ref := range refs {
		if k < len(e.RefTokens) {
			if got := strings.Join(scoring.TERTokens(ref, o), " "); got != e.RefTokens[k] {
				bad("ref tokens "+strconv.Itoa(k+1), got, e.RefTokens[k])
			}
		}
	}
	pairs, shifted := scoring.TERPairs(hyp, refs, o)
	if len(pairs) != len(e.PerRef) {
		bad("per_ref count", len(pairs), len(e.PerRef))
		return
	}
	for k, w := range e.PerRef {
		p := pairs[k]
		gain := 0
		if w.DiscardedGain != nil {
			gain = *w.DiscardedGain
		}
		got := terPerRef{p.Edits, p.RefLen, p.Shifts, p.EditDistance, p.Candidates, p.LimitHit, nil, strings.Join(shifted[k], " ")}
		want := w
		want.DiscardedGain = nil
		if got != want || p.LimitHit && p.DiscardedGain != gain {
			bad("per_ref "+strconv.Itoa(k+1), []any{got, p.DiscardedGain}, []any{want, gain})
		}
	}
}

func TestConformanceTER(t *testing.T) {
	recs := conformance.ReadJSONL[terRecord](t, filepath.Join(conformance.Dir(t), "ter.jsonl"))
	a := &agreement{t: t, file: "ter.jsonl"}
	files := &fileCache{t: t}
	levels := map[string]int{}
	exact, details := 0, 0
	for _, rec := range recs {
		o := rec.options()
		e := rec.Expected
		var diffs []string
		bad := func(what string, got, want any) {
			diffs = append(diffs, what+": got "+jsonString(got)+", want "+jsonString(want))
		}
		levels[rec.Level]++
		// The segments: hypothesis and present references, and nrefs.
		var hyps []string
		var refs [][]string
		switch rec.Level {
		case "sentence":
			var r []*string
			if err := json.Unmarshal(rec.Refs, &r); err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			hyps, refs = []string{rec.Hyp}, [][]string{present(r)}
		case "corpus":
			var streams [][]*string
			if rec.HypFile != "" {
				all := files.lines(rec.HypFile)
				lines := rec.Lines
				if lines == nil {
					for i := range all {
						lines = append(lines, i+1)
					}
				}
				var rs [][]string
				for _, f := range rec.RefFiles {
					rs = append(rs, files.lines(f))
				}
				for _, l := range lines {
					hyps = append(hyps, all[l-1])
					var seg []string
					for _, r := range rs {
						seg = append(seg, r[l-1])
					}
					refs = append(refs, seg)
				}
			} else {
				if err := json.Unmarshal(rec.Refs, &streams); err != nil {
					t.Fatalf("%s: %v", rec.ID, err)
				}
				hyps = rec.Hyps
				for i := range hyps {
					var seg []*string
					for _, s := range streams {
						seg = append(seg, s[i])
					}
					refs = append(refs, present(seg))
				}
			}
		default:
			t.Fatalf("%s: unknown level %q", rec.ID, rec.Level)
		}
		nrefs := len(refs[0])
		for _, r := range refs {
			if len(r) != nrefs {
				nrefs = scoring.VariableRefs
			}
		}
		// Statistics segment by segment (in parallel) and summed.
		per := make([]scoring.TERStats, len(hyps))
		err := scoring.TERSegments(context.Background(), len(hyps), o, func(i int, out []string) (string, []string) {
			return hyps[i], append(out, refs[i]...)
		}, func(i int, st scoring.TERStats) { per[i] = st })
		sum, err2 := scoring.TERCorpusStats(context.Background(), len(hyps), o, func(i int, out []string) (string, []string) {
			return hyps[i], append(out, refs[i]...)
		})
		if e.Error != "" {
			if err == nil || err2 == nil {
				bad("error", "none", e.Error)
			}
			a.check(rec.ID, diffs)
			continue
		}
		if err != nil || err2 != nil {
			a.check(rec.ID, []string{"unexpected error: " + jsonString([]any{err, err2})})
			continue
		}
		if len(e.Stats) != len(per) {
			bad("segments", len(per), len(e.Stats))
		} else {
			for i, st := range per {
				if float64(st.Edits) != e.Stats[i][0] || !conformance.CloseTo(st.RefLen, e.Stats[i][1]) {
					bad("stats of segment "+strconv.Itoa(i+1), []any{st.Edits, st.RefLen}, e.Stats[i])
					break
				}
			}
		}
		score := sum.Score()
		if !conformance.CloseTo(score, e.Score) {
			bad("score", score, e.Score)
		}
		if score == e.Score {
			exact++
		}
		if sum.Edits != e.NumEdits || !conformance.CloseTo(sum.RefLen, e.RefLength) {
			bad("num_edits, ref_length", []any{sum.Edits, sum.RefLen}, []any{e.NumEdits, e.RefLength})
		}
		if s := scoring.TERSignature(o, nrefs, "2.6.0"); s != e.Signature {
			bad("signature", s, e.Signature)
		}
		if s := scoring.TERShortSignature(o, nrefs, "2.6.0"); s != e.SignatureShort {
			bad("short signature", s, e.SignatureShort)
		}
		if s := "TER = " + formatScore(score, 2); s != e.Formatted {
			bad("formatted", s, e.Formatted)
		}
		if e.FormattedCLIText != "" {
			if s := "TER|" + e.Signature + " = " + formatScore(score, 1); s != e.FormattedCLIText {
				bad("cli text", s, e.FormattedCLIText)
			}
		}
		if rec.Level == "sentence" {
			s, st, err := scoring.SentenceTER(hyps[0], refs[0], o)
			if err != nil || s != score || st != per[0] {
				bad("SentenceTER", []any{s, st, err}, []any{score, per[0]})
			}
			checkTERSegment(hyps[0], refs[0], o, e.terSegment, bad)
			details++
		}
		for i, seg := range e.Segments {
			checkTERSegment(hyps[i], refs[i], o, seg, bad)
			details++
		}
		a.check(rec.ID, diffs)
	}
	a.report()
	t.Logf("ter.jsonl: %d sentence and %d corpus records, %d scores bit-identical, tokens and search details of %d segments checked",
		levels["sentence"], levels["corpus"], exact, details)
}
