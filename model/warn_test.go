package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTokenizerWarning(t *testing.T) {
	many := func(s string) []string { return strings.Split(strings.Repeat(s+"\n", 999), "\n")[:999] }
	tests := []struct {
		name string
		ref  []string
		want map[string]string // tokenizer → the start of the warning
	}{
		{"Chinese", many("我们今天去公园散步，天气很好。"), map[string]string{
			"13a":  "the references are mostly Chinese characters, which -t 13a does not split into words; score with -t zh",
			"intl": "the references are mostly Chinese characters, which -t intl does not split into words; score with -t zh",
		}},
		{"Japanese", many("私たちは今日公園を散歩しました。"), map[string]string{
			"13a": "the references are mostly Japanese characters, which -t 13a does not split into words; sacrebleu advises its ja-mecab tokenizer, which bleuscope lacks: score with -t char",
		}},
		{"Korean", many("우리는 오늘 공원에서 산책했습니다."), map[string]string{
			"intl": "the references are mostly Korean characters; sacrebleu advises its ko-mecab tokenizer, which bleuscope lacks, over -t intl: score with -t char",
		}},
		{"English with a Chinese name", many("The delegation met 习近平 in Beijing on Tuesday."), nil},
		{"German", many("Die Kinder spielten draußen im Garten."), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := memDataset(nil, [][]string{tt.ref}, System{Name: "A", Hyps: tt.ref})
			for _, tok := range []string{"13a", "intl", "zh", "char", "none"} {
				got := ds.TokenizerWarning(tok)
				want, warned := tt.want[tok]
				switch {
				case tt.want != nil && (tok == "13a" || tok == "intl"):
					if !strings.HasPrefix(got, want) || got == "" {
						t.Errorf("TokenizerWarning(%q) = %q; want it to start %q", tok, got, want)
					}
				case got != "" && !warned:
					t.Errorf("TokenizerWarning(%q) = %q; want none", tok, got)
				}
			}
		})
	}
}

func TestWarningsPrintable(t *testing.T) {
	// A system name (JSONL key) that would retitle the terminal and
	// reverse the text, and a file name with an escape.
	hostile := "\x1b]2;PWNED\x07\u202eevil"
	inDir(t, map[string]string{
		"t.jsonl":        `{"refs": ["the dog"], "hyps": {"` + `\u001b]2;PWNED\u0007\u202eevil` + `": "the dog"}}` + "\n",
		hostile + ".txt": "a@@ b\n",
		"ref.txt":        "a b\n",
	})
	for _, in := range []Input{
		{Systems: []string{"t.jsonl"}},
		{Systems: []string{hostile + ".txt"}, Refs: []string{"ref.txt"}},
	} {
		ds := mustLoad(t, in)
		if len(ds.Warnings) == 0 {
			t.Fatalf("%v: no warning; want one naming the hostile system", in.Systems)
		}
		for _, w := range ds.Warnings {
			if w != Printable(w) || !strings.Contains(w, "PWNED") {
				t.Errorf("%v: warning %q reaches a terminal raw", in.Systems, w)
			}
		}
	}
}

func TestEmptyReferenceWarning(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hyp := write("hyp.en", "a cat\nthe dog\nhello\n")
	holes := write("holes.en", "a cat\n\n\n")
	full := write("full.en", "a cat\nthe dog\nhi\n")
	ds, err := Load(Input{Systems: []string{hyp}, Refs: []string{full, holes}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range ds.Warnings {
		if strings.Contains(w, "empty reference") {
			got = append(got, w)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], holes+": 2 lines are empty (first: line 2);") {
		t.Errorf("warnings about empty references: %q; want one for holes.en, lines 2 on", got)
	}
}
