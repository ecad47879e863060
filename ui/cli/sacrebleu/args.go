package sacrebleu

import (
	"strconv"
	"strings"
)

// tokenizerChoices are the names sacrebleu 2.6.0's --tokenize accepts, in
// its order (which its error message shows).
var tokenizerChoices = []string{"none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab", "spm", "flores101", "flores200", "spBLEU-1K"}

// formatChoices are the values of --format.
var formatChoices = []string{"json", "text", "latex"}

// sacrebleuSpecs is sacrebleu 2.6.0's argument parser: its option strings,
// destinations, argument counts, types and choices, in declaration order
// (which is the order of its usage text and of its abbreviation matching).
func sacrebleuSpecs() []*argSpec {
	return []*argSpec{
		{flags: []string{"-h", "--help"}, dest: "help", act: actHelp, nargs: nargsZero},
		{flags: []string{"--citation", "--cite"}, dest: "citation", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--list"}, dest: "list", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--test-set", "-t"}, dest: "test_set"},
		{flags: []string{"--language-pair", "-l"}, dest: "langpair"},
		{flags: []string{"--origlang", "-ol"}, dest: "origlang"},
		{flags: []string{"--subset"}, dest: "subset"},
		{flags: []string{"--download"}, dest: "download"},
		{flags: []string{"--echo"}, dest: "echo", nargs: nargsSome},
		{flags: []string{"--input", "-i"}, dest: "input", nargs: nargsAny},
		{dest: "refs", nargs: nargsAny},
		{flags: []string{"--num-refs", "-nr"}, dest: "num_refs", typ: typeInt},
		{flags: []string{"--encoding", "-e"}, dest: "encoding"},
		{flags: []string{"--metrics", "-m"}, dest: "metrics", nargs: nargsSome, choices: []string{"bleu", "chrf", "ter"}},
		{flags: []string{"--sentence-level", "-sl"}, dest: "sentence_level", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--smooth-method", "-s"}, dest: "bleu_smooth_method", choices: []string{"none", "floor", "add-k", "exp"}},
		{flags: []string{"--smooth-value", "-sv"}, dest: "bleu_smooth_value", typ: typeFloat},
		{flags: []string{"--tokenize", "-tok"}, dest: "bleu_tokenize", choices: tokenizerChoices},
		{flags: []string{"--lowercase", "-lc"}, dest: "bleu_lowercase", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--force"}, dest: "bleu_force", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--chrf-char-order", "-cc"}, dest: "chrf_char_order", typ: typeInt},
		{flags: []string{"--chrf-word-order", "-cw"}, dest: "chrf_word_order", typ: typeInt},
		{flags: []string{"--chrf-beta"}, dest: "chrf_beta", typ: typeInt},
		{flags: []string{"--chrf-whitespace"}, dest: "chrf_whitespace", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--chrf-lowercase"}, dest: "chrf_lowercase", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--chrf-eps-smoothing"}, dest: "chrf_eps_smoothing", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--ter-case-sensitive"}, dest: "ter_case_sensitive", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--ter-asian-support"}, dest: "ter_asian_support", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--ter-no-punct"}, dest: "ter_no_punct", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--ter-normalized"}, dest: "ter_normalized", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--confidence", "-ci"}, dest: "confidence", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--confidence-n", "-cin"}, dest: "confidence_n", typ: typeInt},
		{flags: []string{"--paired-ar", "-par"}, dest: "paired_ar", act: actStoreTrue, nargs: nargsZero, group: 1},
		{flags: []string{"--paired-bs", "-pbs"}, dest: "paired_bs", act: actStoreTrue, nargs: nargsZero, group: 1},
		{flags: []string{"--paired-ar-n", "-parn"}, dest: "paired_ar_n", typ: typeInt},
		{flags: []string{"--paired-bs-n", "-pbsn"}, dest: "paired_bs_n", typ: typeInt},
		{flags: []string{"--paired-jobs", "-j"}, dest: "paired_jobs", typ: typeInt},
		{flags: []string{"--quiet", "-q"}, dest: "quiet", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--short", "-sh"}, dest: "short", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--score-only", "-b"}, dest: "score_only", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--width", "-w"}, dest: "width", typ: typeInt},
		{flags: []string{"--detail", "-d"}, dest: "detail", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--no-color", "-nc"}, dest: "no_color", act: actStoreTrue, nargs: nargsZero},
		{flags: []string{"--format", "-f"}, dest: "format", choices: formatChoices},
		{flags: []string{"--version", "-V"}, dest: "version", act: actVersion, nargs: nargsZero},
	}
}

// options are the parsed arguments with sacrebleu's defaults filled in.
type options struct {
	citation, list            bool
	testSet, langpair         *string
	origlang, subset          *string
	download                  *string
	echo                      []string
	input                     []string // nil: standard input
	refs                      []string
	numRefs                   int
	encoding                  string
	metrics                   []string
	sentenceLevel             bool
	smoothMethod              string
	smoothValue               *float64
	tokenize                  *string
	lowercase, force          bool
	chrfCharOrder             int
	chrfWordOrder, chrfBeta   int
	chrfWhitespace, chrfLower bool
	chrfEps                   bool
	terCase, terAsian         bool
	terNoPunct, terNormalized bool
	confidence                bool
	confidenceN               int
	pairedAR, pairedBS        bool
	pairedARN, pairedBSN      int
	pairedJobs                int
	quiet, short, scoreOnly   bool
	width                     int
	// widthUnread says -w was beyond what Python's format reads as a
	// precision (a Py_ssize_t); width is then math.MaxInt.
	widthUnread     bool
	detail, noColor bool
	format          string
	// clamped holds, by destination, the int arguments beyond Go's int
	// as Python writes them (their fields hold math.MaxInt or
	// math.MinInt).
	clamped map[string]string
}

// intText is an int argument as Python's str() writes it: v, the value
// of the option stored at dest, unless it was clamped.
func (o *options) intText(dest string, v int) string {
	if t, ok := o.clamped[dest]; ok {
		return t
	}
	return strconv.Itoa(v)
}

// paired reports whether a paired significance test was asked for.
func (o *options) paired() bool { return o.pairedAR || o.pairedBS }

// optionsFrom fills options from the parsed values and the defaults;
// SACREBLEU_FORMAT (any case) overrides --format when it names a format.
func optionsFrom(ns map[string]argValue, getenv func(string) string) *options {
	str := func(k string) *string {
		if v, ok := ns[k].(string); ok {
			return &v
		}
		return nil
	}
	strOr := func(k, def string) string {
		if v, ok := ns[k].(string); ok {
			return v
		}
		return def
	}
	intOr := func(k string, def int) int {
		switch v := ns[k].(type) {
		case int:
			return v
		case clampedInt:
			return v.v
		}
		return def
	}
	flag := func(k string) bool { v, _ := ns[k].(bool); return v }
	list := func(k string) []string { v, _ := ns[k].([]string); return v }

	o := &options{
		citation:       flag("citation"),
		list:           flag("list"),
		testSet:        str("test_set"),
		langpair:       str("langpair"),
		origlang:       str("origlang"),
		subset:         str("subset"),
		download:       str("download"),
		echo:           list("echo"),
		input:          list("input"),
		refs:           list("refs"),
		numRefs:        intOr("num_refs", 1),
		encoding:       strOr("encoding", "utf-8"),
		metrics:        list("metrics"),
		sentenceLevel:  flag("sentence_level"),
		smoothMethod:   strOr("bleu_smooth_method", "exp"),
		tokenize:       str("bleu_tokenize"),
		lowercase:      flag("bleu_lowercase"),
		force:          flag("bleu_force"),
		chrfCharOrder:  intOr("chrf_char_order", 6),
		chrfWordOrder:  intOr("chrf_word_order", 0),
		chrfBeta:       intOr("chrf_beta", 2),
		chrfWhitespace: flag("chrf_whitespace"),
		chrfLower:      flag("chrf_lowercase"),
		chrfEps:        flag("chrf_eps_smoothing"),
		terCase:        flag("ter_case_sensitive"),
		terAsian:       flag("ter_asian_support"),
		terNoPunct:     flag("ter_no_punct"),
		terNormalized:  flag("ter_normalized"),
		confidence:     flag("confidence"),
		confidenceN:    intOr("confidence_n", 1000),
		pairedAR:       flag("paired_ar"),
		pairedBS:       flag("paired_bs"),
		pairedARN:      intOr("paired_ar_n", 10000),
		pairedBSN:      intOr("paired_bs_n", 1000),
		pairedJobs:     intOr("paired_jobs", 1),
		quiet:          flag("quiet"),
		short:          flag("short"),
		scoreOnly:      flag("score_only"),
		width:          intOr("width", 1),
		detail:         flag("detail"),
		noColor:        flag("no_color"),
		format:         strOr("format", "json"),
	}
	for k, v := range ns {
		if c, ok := v.(clampedInt); ok {
			if o.clamped == nil {
				o.clamped = map[string]string{}
			}
			o.clamped[k] = c.text
			o.widthUnread = o.widthUnread || k == "width" && c.v > 0
		}
	}
	if v, ok := ns["bleu_smooth_value"].(float64); ok {
		o.smoothValue = &v
	}
	if o.metrics == nil {
		o.metrics = []string{"bleu"}
	}
	if _, given := ns["input"]; !given {
		o.input = nil
	} else if o.input == nil {
		o.input = []string{}
	}
	if o.refs == nil {
		o.refs = []string{}
	}
	if env := strings.ToLower(getenv("SACREBLEU_FORMAT")); env != "" {
		for _, f := range formatChoices {
			if env == f {
				o.format = f
			}
		}
	}
	return o
}
