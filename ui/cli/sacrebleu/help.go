package sacrebleu

import (
	"strings"

	"github.com/bleuscope/bleuscope/ui/render"
)

// specHelp is bleuscope's one-line description of each option, by dest.
var specHelp = map[string]string{
	"help":               "show this help and exit",
	"citation":           "print a test set's BibTeX citation (not available in bleuscope)",
	"list":               "list the test sets in sacrebleu's local cache (with -t: their fields)",
	"test_set":           "score against a built-in test set, read from sacrebleu's local cache; several are joined with commas",
	"langpair":           "language pair of the test set (SRC-TRG); TRG=zh selects the zh tokenizer",
	"origlang":           "keep only the sentences of this original language (needs the raw test set; not available)",
	"subset":             "keep only the documents matching this pattern (needs the raw test set; not available)",
	"download":           "download a test set (bleuscope never downloads)",
	"echo":               "print fields of the test set (src, ref, ref:A, docid, ... or all), TAB-separated",
	"input":              "system output files; without -i the systems are read from standard input, one per TAB-separated column",
	"refs":               "reference files, one reference translation each (give them before -i)",
	"num_refs":           "split each reference line on TABs into this many references (default 1)",
	"encoding":           "encoding of the input files (default utf-8)",
	"metrics":            "metrics to compute: bleu, chrf, ter (default bleu)",
	"sentence_level":     "score every segment on its own",
	"bleu_smooth_method": "BLEU smoothing: none, floor, add-k or exp (default exp)",
	"bleu_smooth_value":  "the value of floor (default 0.1) or add-k (default 1) smoothing",
	"bleu_tokenize":      "BLEU tokenizer (default 13a; zh for a Chinese target); bleuscope has 13a, intl, zh, char and none",
	"bleu_lowercase":     "lowercase before computing BLEU",
	"bleu_force":         "do not warn about input that looks tokenized",
	"chrf_char_order":    "chrF character n-gram order (default 6)",
	"chrf_word_order":    "chrF word n-gram order (default 0; 2 is chrF++)",
	"chrf_beta":          "chrF beta: the weight of recall against precision (default 2)",
	"chrf_whitespace":    "keep whitespace in chrF's character n-grams",
	"chrf_lowercase":     "lowercase before computing chrF",
	"chrf_eps_smoothing": "chrF with epsilon smoothing instead of effective order",
	"ter_case_sensitive": "TER keeps case",
	"ter_asian_support":  "TER splits CJK characters (with --ter-normalized) and removes CJK punctuation (with --ter-no-punct)",
	"ter_no_punct":       "TER removes punctuation",
	"ter_normalized":     "TER normalizes and tokenizes as tercom does",
	"confidence":         "add a 95% bootstrap confidence interval to a single system's scores",
	"confidence_n":       "bootstrap resamples for --confidence (default 1000)",
	"paired_ar":          "compare every system with the first (the baseline) by paired approximate randomization",
	"paired_bs":          "compare every system with the first (the baseline) by paired bootstrap resampling",
	"paired_ar_n":        "trials of --paired-ar (default 10000)",
	"paired_bs_n":        "resamples of --paired-bs (default 1000)",
	"paired_jobs":        "worker processes for paired tests (accepted; the results do not depend on it)",
	"quiet":              "log only warnings and errors",
	"short":              "print short signatures",
	"score_only":         "print the scores alone",
	"width":              "decimals of the printed scores (default 1)",
	"detail":             "split the scores by original language (test sets only)",
	"no_color":           "never colour the output",
	"format":             "output format: json (default), text or latex (tables of several systems); SACREBLEU_FORMAT overrides it",
	"version":            "show the version and exit",
}

// help is what -h prints: argparse's usage, then bleuscope's description
// of the drop-in and of every option.
func (p *parser) help() string {
	var b strings.Builder
	b.WriteString(p.usage(p.columns) + "\n")
	b.WriteString("bleuscope's drop-in for sacrebleu " + sacrebleuVersion + "'s command line: the same arguments\n" +
		"and the same output, byte for byte, except that signatures say\n" +
		"version:" + Version + ".\n" +
		"Built-in test sets (-t) are read from sacrebleu's local cache ($SACREBLEU or\n" +
		"~/.sacrebleu) when they are there; bleuscope never downloads anything.\n" +
		"All inputs together are read up to BLEUSCOPE_MAX_INPUT bytes (K, M, G\n" +
		"suffixes; by default an eighth of the memory).\n\n" +
		"  sacrebleu ref.txt -i hyp.txt -m bleu chrf ter -f text\n" +
		"  sacrebleu ref.txt -i base.txt new.txt --paired-bs\n\n" +
		"options:\n")
	for _, s := range p.specs {
		inv := s.argsText()
		if len(s.flags) > 0 {
			parts := make([]string, len(s.flags))
			for i, f := range s.flags {
				parts[i] = f
				if s.nargs != nargsZero {
					parts[i] += " " + s.argsText()
				}
			}
			inv = strings.Join(parts, ", ")
		}
		b.WriteString("  " + inv + "\n")
		// argparse's width is the columns less 2; the description's, less
		// its indent too.
		for _, l := range strings.Split(render.WrapAtSpaces(specHelp[s.dest], max(p.columns-2-len(helpIndent), 20)), "\n") {
			b.WriteString(helpIndent + l + "\n")
		}
	}
	return b.String()
}

// helpIndent is what an option's description is indented by, under its
// flags.
const helpIndent = "        "

// sacrebleuVersion is the sacrebleu release whose command line this is.
const sacrebleuVersion = "2.6.0"

// versionText is what --version prints.
func (p *parser) versionText() string {
	return p.prog + " " + Version + " (bleuscope's drop-in for sacrebleu " + sacrebleuVersion + ")\n"
}
