package scoring

import (
	"slices"
	"testing"
)

// tokRecord is one line of tokenizers.jsonl.
type tokRecord struct {
	ID        string `json:"id"`
	Tokenizer string `json:"tokenizer"`
	Input     string `json:"input"`
	Output    string `json:"output"`
	Category  string `json:"category"`
}

func TestTokenizerConformance(t *testing.T) {
	recs := readJSONL[tokRecord](t, sharedDir(t, "conformance", "tokenizers.jsonl"))
	type tally struct{ total, agree int }
	counts := map[string]*tally{}
	for _, name := range TokenizerNames {
		counts[name] = &tally{}
	}
	failures := 0
	for _, r := range recs {
		tok, err := NewTokenizer(r.Tokenizer)
		if err != nil {
			t.Errorf("%s: %v", r.ID, err)
			continue
		}
		c := counts[r.Tokenizer]
		c.total++
		if spec := specTokenize(r.Tokenizer, r.Input); specValid(r.Input) && spec != r.Output {
			t.Errorf("%s (%s): the specification in tokspec_test.go gives %q; sacrebleu %q", r.ID, r.Tokenizer, spec, r.Output)
		}
		got := tok.Tokenize(r.Input)
		gotToks := tok.Tokens(nil, r.Input)
		wantToks := PySplit(nil, r.Output)
		if got == r.Output && slices.Equal(gotToks, wantToks) {
			c.agree++
			continue
		}
		if failures++; failures <= 20 {
			t.Errorf("%s (%s, %s): Tokenize(%q)\n got %q\nwant %q\nTokens = %q\n  want %q",
				r.ID, r.Tokenizer, r.Category, r.Input, got, r.Output, gotToks, wantToks)
		}
	}
	total := 0
	for _, name := range TokenizerNames {
		c := counts[name]
		total += c.total
		t.Logf("%-4s %d/%d cases agree", name, c.agree, c.total)
		if c.total == 0 {
			t.Errorf("no %s cases in tokenizers.jsonl", name)
		}
	}
	if total != len(recs) {
		t.Errorf("%d records, %d checked", len(recs), total)
	}
}
