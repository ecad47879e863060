package scoring

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is bleuscope's version, as --version prints it.
const Version = "0.1.0"

// SignatureVersion is the version field bleuscope writes into every
// signature in place of sacrebleu's version: "bleuscope-" and [Version],
// so that a signature quoted in a paper is never taken for sacrebleu's.
const SignatureVersion = "bleuscope-" + Version

// VariableRefs is the nrefs value for a corpus whose segments have
// different numbers of references (sacrebleu's nrefs:var).
const VariableRefs = -1

// Signature returns sacrebleu's signature string for opt, such as
// nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:bleuscope-0.1.0.
// nrefs is the number of references per segment, or [VariableRefs];
// version is written as given ([SignatureVersion] for bleuscope's own). In nltk compat the
// fields name NLTK's options instead of sacrebleu's smoothing.
func Signature(opt Options, nrefs int, version string) string {
	return signature(opt, nrefs, version, false)
}

// ShortSignature returns the short form of [Signature], as sacrebleu's
// --short prints it: #:1|c:mixed|e:no|tok:13a|s:exp|v:bleuscope-0.1.0.
func ShortSignature(opt Options, nrefs int, version string) string {
	return signature(opt, nrefs, version, true)
}

func signature(opt Options, nrefs int, version string, short bool) string {
	keys := []string{"nrefs", "case", "eff", "tok", "smooth", "version"}
	if short {
		keys = []string{"#", "c", "e", "tok", "s", "v"}
	}
	refs, kase := refsField(nrefs), yesNo(opt.Lowercase, "lc", "mixed")
	if opt.Compat == CompatNLTK {
		parts := []string{
			keys[0] + ":" + refs,
			keys[1] + ":" + kase,
			keys[3] + ":" + opt.Tokenize,
			"nltk:method" + strconv.Itoa(opt.NLTK.Smoothing.Method),
			"weights:" + formatWeights(opt.NLTKWeights()),
		}
		if opt.NLTK.AutoReweigh {
			parts = append(parts, "reweigh:yes")
		}
		return strings.Join(append(parts, keys[5]+":"+version), "|")
	}
	smooth := opt.Smooth
	if TakesSmoothValue(opt.Smooth) {
		smooth += fmt.Sprintf("[%.2f]", opt.SmoothValue)
	}
	return joinFields(keys, []string{refs, kase, yesNo(opt.EffectiveOrder, "yes", "no"), opt.Tokenize, smooth, version})
}

// joinFields writes a signature's fields, each key:value, joined by "|":
// BLEU's, chrF's and TER's alike.
func joinFields(keys, vals []string) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(k + ":" + vals[i])
	}
	return b.String()
}

// refsField is the nrefs value of a signature: the count, or var.
func refsField(nrefs int) string {
	if nrefs == VariableRefs {
		return "var"
	}
	return strconv.Itoa(nrefs)
}

// yesNo is yes when b holds, else no: a signature's value of a switch.
func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func formatWeights(w []float64) string {
	s := make([]string, len(w))
	for i, x := range w {
		s[i] = strconv.FormatFloat(x, 'g', 4, 64)
	}
	return strings.Join(s, ",")
}

// Verbose returns sacrebleu's one-line form of r with the score to width
// decimals: "BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944
// hyp_len = 17 ref_len = 18)" for width 2.
func (r Result) Verbose(width int) string {
	return "BLEU = " + PyFixed(r.Score, width) + " " + r.Details()
}

// Details returns the part of [Result.Verbose] after the score: the
// precisions, BP, ratio and lengths.
func (r Result) Details() string {
	p := make([]string, len(r.Precisions))
	for i, x := range r.Precisions {
		p[i] = PyFixed(x, 1)
	}
	return fmt.Sprintf("%s (BP = %s ratio = %s hyp_len = %d ref_len = %d)",
		strings.Join(p, "/"), PyFixed(r.BP, 3), PyFixed(r.Ratio, 3), r.SysLen, r.RefLen)
}

// CLIText returns the line sacrebleu's command line prints with -f text:
// "BLEU|<signature> = 48.5 82.4/…" (score to one decimal).
func (r Result) CLIText(signature string) string {
	return "BLEU|" + signature + " = " + PyFixed(r.Score, 1) + " " + r.Details()
}
