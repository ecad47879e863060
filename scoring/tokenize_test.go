package scoring

import (
	"errors"
	"slices"
	"testing"
)

// tokCase is one hand-checked tokenizer input and sacrebleu's output.
type tokCase struct {
	name, in, want string
}

var tokCases = map[string][]tokCase{
	"13a": {
		{"punctuation", "Hello, world!", "Hello , world !"},
		{"numbers keep separators", "3.14 and 1,000", "3.14 and 1,000"},
		{"hyphen inside a word", "a-b", "a-b"},
		{"hyphen after a digit", "1-2", "1 - 2"},
		{"hyphen chain", "2-3-4", "2 - 3 - 4"},
		{"hyphen in e-mail", "e-mail: x@y.com", "e-mail : x @ y . com"},
		{"entities", "&quot;hi&quot; &amp; &lt;b&gt;", `" hi " & < b >`},
		{"entities decoded once, in order", "&amp;quot;", "& quot ;"},
		{"skipped", "a<skipped>b", "ab"},
		{"line breaks", "Hyphen-\nated line\nbreak", "Hyphenated line break"},
		{"two periods", "a..b", "a . . b"},
		{"period comma between digits", "1.,2", "1 . , 2"},
		{"odd run between digits", "1.,.5", "1 . , .5"},
		{"even run between digits", "1..5", "1 . . 5"},
		{"year at the end", "1990.", "1990 ."},
		{"apostrophe", "don't", "don't"},
		{"abbreviation", "U.S.A.", "U . S . A ."},
		{"money", "$5.00!", "$ 5.00 !"},
		{"leading period", " .5", ". 5"},
		{"leading ellipsis", "...and", ". . . and"},
		{"unicode spaces", "\u00a0a\u3000b\u200bc", "a b\u200bc"},
		{"information separators", "a\x1cb\u0085c", "a b c"},
		{"empty", "", ""},
		{"only spaces", " \t ", ""},
	},
	"intl": {
		{"year keeps its period", "1990.", "1990."},
		{"word loses its period", "end.", "end ."},
		{"decimal", "3.14", "3.14"},
		{"currency symbol", "$5", "$ 5"},
		{"guillemets", "«Bonjour»", "« Bonjour »"},
		{"grouping and euro", "1,000.50€", "1,000.50 €"},
		{"brackets", "(a)", "( a )"},
		{"ellipsis after digit", "1...", "1 . . ."},
		{"run after letter", "a,.5", "a , .5"},
		{"run after digit", "1,.5", "1 , . 5"},
		{"superscripts are numbers", "x²+y²", "x² + y²"},
		{"apostrophe", "don't", "don ' t"},
		{"only punctuation", "...", ". . ."},
		{"no entity decoding", "&amp;", "& amp ;"},
	},
	"zh": {
		{"ideographs", "我爱北京。", "我 爱 北 京 。"},
		{"no padding at the start", " .5", ".5"},
		{"no padding at the end", "1.", "1."},
		{"word at the end", "a.", "a ."},
		{"curly quotes are in a range", "“引号”", "“ 引 号 ”"},
		{"extension B is not", "a𠀀b", "a𠀀b"},
		{"mixed", "Hello, 世界!", "Hello , 世 界 !"},
		{"kana are not", "ひらがな漢字", "ひらがな 漢 字"},
		{"number and ideograph", "3.14元", "3.14 元"},
		{"radicals", "⿱⺀", "⿱ ⺀"},
		{"stripped spaces", "\u2000x\u2001y", "x y"},
		{"no entity decoding", "&quot;", "& quot ;"},
	},
	"char": {
		{"spaces kept", "ab c", "a b   c"},
		{"ideographs", "中文", "中 文"},
		{"edges", " a ", "  a  "},
		{"combining mark is its own character", "e\u0301", "e \u0301"},
		{"one character", "x", "x"},
		{"empty", "", ""},
	},
	"none": {
		{"identity", " Hello,  world! ", " Hello,  world! "},
		{"empty", "", ""},
	},
}

func TestTokenizeHandChecked(t *testing.T) {
	for _, name := range TokenizerNames {
		tok, err := NewTokenizer(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range tokCases[name] {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				if got := tok.Tokenize(c.in); got != c.want {
					t.Errorf("Tokenize(%q) = %q; want %q", c.in, got, c.want)
				}
				if got := specTokenize(name, c.in); specValid(c.in) && got != c.want {
					t.Errorf("specTokenize(%q) = %q; want %q", c.in, got, c.want)
				}
				want := PySplit(nil, c.want)
				if got := tok.Tokens(nil, c.in); !slices.Equal(got, want) {
					t.Errorf("Tokens(%q) = %q; want %q", c.in, got, want)
				}
			})
		}
	}
}

func TestNewTokenizer(t *testing.T) {
	for _, name := range TokenizerNames {
		tok, err := NewTokenizer(name)
		if err != nil {
			t.Fatalf("NewTokenizer(%q): %v", name, err)
		}
		if tok.Name() != name || tok.String() != name {
			t.Errorf("NewTokenizer(%q).Name() = %q", name, tok.Name())
		}
	}
	if got := (Tokenizer{}).Name(); got != "13a" {
		t.Errorf("zero Tokenizer is %q; want 13a", got)
	}
	for _, name := range []string{"x", "", "13A", "ja-mecab"} {
		_, err := NewTokenizer(name)
		if !errors.Is(err, ErrUnknownTokenizer) {
			t.Errorf("NewTokenizer(%q) error %v; want ErrUnknownTokenizer", name, err)
		}
	}
	_, err := NewTokenizer("x")
	want := `scoring: tokenizer: "x" is not a tokenizer (want 13a, intl, zh, char or none)`
	if err == nil || err.Error() != want {
		t.Errorf("NewTokenizer(%q) error %v; want %s", "x", err, want)
	}
}

// TestTokensAppend checks that Tokens appends to dst and keeps what is there.
func TestTokensAppend(t *testing.T) {
	for _, name := range TokenizerNames {
		tok, _ := NewTokenizer(name)
		dst := []string{"keep"}
		got := tok.Tokens(dst, "a b")
		want := []string{"keep", "a", "b"}
		if !slices.Equal(got, want) {
			t.Errorf("%s: Tokens = %q; want %q", name, got, want)
		}
	}
}

// TestTokenizeNoCopy checks that Tokenize returns the line itself when the
// tokenizer leaves it as it is.
func TestTokenizeNoCopy(t *testing.T) {
	line := "The cat sat on the mat ."
	for _, name := range TokenizerNames {
		if name == "char" {
			continue
		}
		tok, _ := NewTokenizer(name)
		if got := tok.Tokenize(line); got != line {
			t.Fatalf("%s: Tokenize(%q) = %q", name, line, got)
		}
		if n := testing.AllocsPerRun(100, func() { tok.Tokenize(line) }); n != 0 {
			t.Errorf("%s: Tokenize of an already tokenized line allocates %v times", name, n)
		}
	}
}

// TestTokensAllocations checks the fast path: with a reused dst, Tokens
// allocates nothing on lines that need no rewriting.
func TestTokensAllocations(t *testing.T) {
	lines := map[string]string{
		"13a":  `He said: "It's 3.14, isn't it?" (1-2 weeks)`,
		"intl": `Er sagte: „Das kostet 3,14 €“ – oder?`,
		"zh":   "他说：“这是3.14，对吗？”",
		"char": "中文 text",
		"none": "a b  c",
	}
	for name, line := range lines {
		tok, _ := NewTokenizer(name)
		dst := make([]string, 0, 64)
		if n := testing.AllocsPerRun(100, func() { dst = tok.Tokens(dst[:0], line) }); n != 0 {
			t.Errorf("%s: Tokens(%q) allocates %v times", name, line, n)
		}
	}
}

// TestTokenizerConcurrent runs every tokenizer from several goroutines; run
// it with -race.
func TestTokenizerConcurrent(t *testing.T) {
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for _, name := range TokenizerNames {
				tok, _ := NewTokenizer(name)
				for _, c := range tokCases[name] {
					if got := tok.Tokenize(c.in); got != c.want {
						t.Errorf("%s: Tokenize(%q) = %q; want %q", name, c.in, got, c.want)
					}
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
