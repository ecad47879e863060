package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// nltkRecord is one record of nltk.jsonl.
type nltkRecord struct {
	ID       string          `json:"id"`
	Function string          `json:"function"`
	Args     nltkArgs        `json:"args"`
	Expected json.RawMessage `json:"expected"`
	Warnings int             `json:"warnings"`
	Category string          `json:"category"`
}

type nltkArgs struct {
	References        [][]string      `json:"references"`
	Hypothesis        []string        `json:"hypothesis"`
	ListOfReferences  [][][]string    `json:"list_of_references"`
	Hypotheses        [][]string      `json:"hypotheses"`
	Weights           json.RawMessage `json:"weights"`
	SmoothingFunction string          `json:"smoothing_function"`
	SmoothingParams   struct {
		Epsilon, Alpha, K float64
	} `json:"smoothing_params"`
	AutoReweigh   bool `json:"auto_reweigh"`
	N             int  `json:"n"`
	HypLen        int  `json:"hyp_len"`
	ClosestRefLen int  `json:"closest_ref_len"`
}

// nltkTally counts, per NLTK function, the records that agree and those
// whose floats agree to the last bit.
type nltkTally struct{ total, agree, exact int }

func TestNLTKConformance(t *testing.T) {
	records := readJSONL[nltkRecord](t, sharedDir(t, "conformance", "nltk.jsonl"))
	tally := map[string]*nltkTally{}
	for _, rec := range records {
		c := tally[rec.Function]
		if c == nil {
			c = &nltkTally{}
			tally[rec.Function] = c
		}
		c.total++
		exact, err := checkNLTKRecord(rec)
		if err != nil {
			t.Errorf("%s %s (%s): %v", rec.ID, rec.Function, rec.Category, err)
			continue
		}
		c.agree++
		if exact {
			c.exact++
		}
	}
	names := make([]string, 0, len(tally))
	for name := range tally {
		names = append(names, name)
	}
	sort.Strings(names)
	all := 0
	for _, name := range names {
		c := tally[name]
		all += c.total
		t.Logf("%-20s %4d/%4d agree, %4d bit-identical", name, c.agree, c.total, c.exact)
	}
	if all == 0 {
		t.Fatal("no records read")
	}
}

// checkNLTKRecord runs one record; exact reports bit-identical floats.
func checkNLTKRecord(rec nltkRecord) (exact bool, err error) {
	a := rec.Args
	want, err := decodeExpected(rec.Expected)
	if err != nil {
		return false, err
	}
	switch rec.Function {
	case "sentence_bleu", "corpus_bleu":
		refs, hyps := a.ListOfReferences, a.Hypotheses
		if rec.Function == "sentence_bleu" {
			refs, hyps = [][][]string{a.References}, [][]string{a.Hypothesis}
		}
		sm, err := nltkSmoothingArg(a)
		if err != nil {
			return false, err
		}
		var got []NLTKScore
		var runErr error
		var ws [][]float64
		multi := json.Unmarshal(a.Weights, &ws) == nil
		if multi {
			got, runErr = NLTKCorpusBLEUMulti(refs, hyps, ws, sm, a.AutoReweigh)
		} else {
			var w []float64
			if err := json.Unmarshal(a.Weights, &w); err != nil {
				return false, err
			}
			var s NLTKScore
			if rec.Function == "sentence_bleu" {
				s, runErr = NLTKSentenceBLEU(a.References, a.Hypothesis, w, sm, a.AutoReweigh)
			} else {
				s, runErr = NLTKCorpusBLEU(refs, hyps, w, sm, a.AutoReweigh)
			}
			got = []NLTKScore{s}
			if err := checkNLTKTotalsPath(refs, hyps, w, sm, a.AutoReweigh, s, runErr); err != nil {
				return false, err
			}
		}
		if e, ok := want.(wantError); ok {
			return true, checkNLTKError(runErr, e)
		}
		if runErr != nil {
			return false, fmt.Errorf("unexpected error %v; want %v", runErr, want)
		}
		wants, ok := want.([]any)
		if !multi {
			wants, ok = []any{want}, true
		}
		if !ok || len(wants) != len(got) {
			return false, fmt.Errorf("got %d scores; want %v", len(got), want)
		}
		exact = true
		for i, s := range got {
			num, ok := wants[i].(json.Number)
			if !ok {
				return false, fmt.Errorf("expected value %v is not a number", wants[i])
			}
			e, err := checkNLTKNumber(s.Value, s.IsInt, num)
			if err != nil {
				return false, fmt.Errorf("score %d: %v", i, err)
			}
			exact = exact && e
			if s.Warnings != rec.Warnings {
				return false, fmt.Errorf("warnings = %d; want %d", s.Warnings, rec.Warnings)
			}
		}
		return exact, nil

	case "modified_precision":
		num, den, runErr := NLTKModifiedPrecision(a.References, a.Hypothesis, a.N)
		if e, ok := want.(wantError); ok {
			return true, checkNLTKError(runErr, e)
		}
		if runErr != nil {
			return false, fmt.Errorf("unexpected error %v", runErr)
		}
		m, _ := want.(map[string]any)
		wn, _ := m["numerator"].(json.Number)
		wd, _ := m["denominator"].(json.Number)
		wv, _ := m["value"].(json.Number)
		if wn.String() != strconv.Itoa(num) || wd.String() != strconv.Itoa(den) {
			return false, fmt.Errorf("Fraction(%d, %d); want Fraction(%s, %s)", num, den, wn, wd)
		}
		v, err := pyFraction(num, den).float()
		if err != nil {
			return false, err
		}
		return checkNLTKNumber(v, false, wv)

	case "closest_ref_length":
		got, runErr := NLTKClosestRefLength(a.References, a.HypLen)
		if e, ok := want.(wantError); ok {
			return true, checkNLTKError(runErr, e)
		}
		if runErr != nil {
			return false, fmt.Errorf("unexpected error %v", runErr)
		}
		num, _ := want.(json.Number)
		return checkNLTKNumber(float64(got), true, num)

	case "brevity_penalty":
		got := NLTKBrevityPenalty(a.ClosestRefLen, a.HypLen)
		num, _ := want.(json.Number)
		return checkNLTKNumber(got.Value, got.IsInt, num)
	}
	return false, fmt.Errorf("unknown function %q", rec.Function)
}

// checkNLTKTotalsPath scores the corpus again from summed per-segment
// totals, the way the app does, and asserts the same outcome and steps
// that add up to the score.
func checkNLTKTotalsPath(refs [][][]string, hyps [][]string, w []float64, sm NLTKSmoothing, autoReweigh bool, want NLTKScore, wantErr error) error {
	if len(refs) != len(hyps) || len(hyps) == 0 || len(w) == 0 {
		return nil // NLTK fails before or without any segment
	}
	var t NLTKTotals
	for i := range hyps {
		seg, err := NLTKSegmentTotals(refs[i], hyps[i], len(w))
		if err != nil {
			if wantErr == nil || err.Error() != wantErr.Error() {
				return fmt.Errorf("totals path: segment %d: %v; want %v", i, err, wantErr)
			}
			return nil
		}
		t.Add(seg)
	}
	last := len(hyps) - 1
	got, err := NLTKCorpusFromTotals(t, refs[last], hyps[last], w, sm, autoReweigh)
	steps, stepsErr := NLTKStepsFromTotals(t, refs[last], hyps[last], w, sm, autoReweigh)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || fmt.Sprint(stepsErr) != fmt.Sprint(wantErr) {
		return fmt.Errorf("totals path: error %v / %v; want %v", err, stepsErr, wantErr)
	}
	if err != nil {
		return nil
	}
	if got != want || steps.Score != want {
		return fmt.Errorf("totals path: %+v, steps %+v; want %+v", got, steps.Score, want)
	}
	if steps.NoMatch {
		return nil
	}
	var used []float64
	for i, u := range steps.Used {
		if u {
			used = append(used, steps.Terms[i])
		}
	}
	sum, err := fsum(used)
	if err != nil || sum != steps.LogSum || steps.BP.Value*crExp(steps.LogSum) != want.Value {
		return fmt.Errorf("steps do not add up: fsum %v (%v), LogSum %v, BP %v, score %v", sum, err, steps.LogSum, steps.BP.Value, want.Value)
	}
	return nil
}

// wantError is an expected {"error": "Type: message"}.
type wantError string

func decodeExpected(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if m, ok := v.(map[string]any); ok {
		if e, ok := m["error"].(string); ok {
			return wantError(e), nil
		}
	}
	return v, nil
}

func nltkSmoothingArg(a nltkArgs) (NLTKSmoothing, error) {
	sm := NLTKSmoothing{Epsilon: a.SmoothingParams.Epsilon, Alpha: a.SmoothingParams.Alpha, K: a.SmoothingParams.K}
	m, ok := strings.CutPrefix(a.SmoothingFunction, "method")
	if !ok {
		return sm, fmt.Errorf("smoothing function %q", a.SmoothingFunction)
	}
	n, err := strconv.Atoi(m)
	sm.Method = n
	return sm, err
}

// checkNLTKError asserts that err is the exception NLTK raised.
func checkNLTKError(err error, want wantError) error {
	if err == nil {
		return fmt.Errorf("no error; want %s", want)
	}
	typ, _, _ := strings.Cut(string(want), ":")
	var ne *NLTKError
	if !errors.As(err, &ne) || ne.Exception != typ || !strings.Contains(err.Error(), typ) {
		return fmt.Errorf("error %q; want %s", err, want)
	}
	if err.Error() != "scoring: nltk: "+string(want) {
		return fmt.Errorf("error %q; want %q", err, "scoring: nltk: "+string(want))
	}
	return nil
}

// checkNLTKNumber compares a result with NLTK's, telling Python's int from
// its float by the JSON text ("0" versus "0.0"): ints exactly, floats to a
// relative 1e-12 (a 0.0 to an absolute 1e-12).
func checkNLTKNumber(got float64, gotInt bool, want json.Number) (exact bool, err error) {
	s := want.String()
	if s == "" {
		return false, fmt.Errorf("expected value missing")
	}
	wantInt := !strings.ContainsAny(s, ".eEnN")
	w, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return false, err
	}
	if gotInt != wantInt {
		return false, fmt.Errorf("got %v (int %v); want %s (int %v)", got, gotInt, s, wantInt)
	}
	if got == w || math.IsNaN(got) && math.IsNaN(w) {
		return true, nil
	}
	diff := math.Abs(got - w)
	if !wantInt && (diff <= 1e-12*math.Abs(w) || w == 0 && diff <= 1e-12) {
		return false, nil
	}
	return false, fmt.Errorf("got %v; want %s", got, s)
}
