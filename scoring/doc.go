// Package scoring computes BLEU exactly as sacrebleu 2.6.0 does, or as NLTK
// 3.8 does on request, and explains every figure it computes. It uses the
// standard library only and never imports the rest of bleuscope.
//
// # From text to a score
//
// A segment is one hypothesis and its references. [Preprocess] turns a line
// into the tokens BLEU counts: Python's str.lower() when asked ([PyLower]),
// str.rstrip() ([PyRstrip]), one of sacrebleu's tokenizers ([NewTokenizer]:
// 13a, intl, zh, char, none) and str.split() ([PySplit]).
//
// A [Scorer] counts the n-grams of a segment and returns its [Stats]: the
// hypothesis length, the closest reference length (the shorter one on a
// tie), and per order the clipped matches and the hypothesis n-grams.
// Statistics are summable: corpus statistics are the sum of the segments'
// ([Stats.Add], [CorpusStats] in parallel over all cores), and
// [Compute] turns any sum into a [Result] with sacrebleu's arithmetic:
// brevity penalty, smoothing (exp, floor, add-k, none), effective order.
// Corpus BLEU is therefore never a mean of sentence scores.
//
//	opt := scoring.DefaultOptions()          // 13a, exp, N=4: sacrebleu's corpus defaults
//	st, _ := scoring.SentenceStats(hyp, refs, opt)
//	res := scoring.Compute(st, opt)
//	fmt.Println(res.Verbose(2))              // BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = …)
//	fmt.Println(scoring.Signature(opt, len(refs), scoring.SignatureVersion))
//
// [SentenceOptions] are sacrebleu's sentence-level defaults (effective order
// on). [Options.Validate] reports a bad option as an [*OptionError] naming
// it, in words a user can read.
//
// # Many segments
//
// [ScoreSegments] and [ScoreSystems] compute the statistics of a whole
// corpus on all cores (ScoreSystems tokenizes each segment's references
// once for every system), [CorpusStats] sums them without keeping any, and
// a [StatsStore] keeps millions of them in about 24 bytes each. [Score] is
// [Compute]'s score alone, without allocating, and [SameStatistics] tells
// when an option change needs only new arithmetic, not a new pass over the
// text: the smoothing method and value, effective order, and a max order
// up to the orders counted.
//
// # Seeing inside
//
// [Explain] returns the whole computation of one segment as a [Detail]: the
// tokens, the reference lengths, the closest reference, and per order the
// clip ledger — one [Clip] per distinct hypothesis n-gram with its count in
// the hypothesis and in each reference, the maximum and which reference
// holds it, how many occurrences matched (the first ones from the left) and
// how many were clipped, and where each occurrence is. The ledger always
// agrees with the [Scorer]'s statistics; the tests check it.
//
// # NLTK
//
// In nltk compat ([CompatNLTK]) the same statistics feed NLTK's arithmetic
// (modified precision with at least one n-gram per segment, SmoothingFunction
// method0..7, weights, auto_reweigh) on NLTK's 0-1 scale: see [Evaluate]
// (either compat, from summed statistics), [NLTKSentenceBLEU] and
// [NLTKCorpusBLEU] (NLTK's functions on tokens), and [NLTKSteps] for every
// intermediate value.
//
// # chrF and TER
//
// sacrebleu 2.6.0's other two metrics follow the same pattern: per-segment
// statistics that sum over a corpus, and a score from the sums. A
// [ChrFScorer] counts character and word n-grams ([ChrFOptions]: orders,
// beta, lowercase, whitespace, eps smoothing) into a vector of [hyp, ref,
// match] per order ([ChrFScore] scores any sum; [SentenceChrF],
// [CorpusChrF], [ChrFCorpusStats]). A [TERScorer] tokenizes as Tercom does
// ([TERTokens], [TEROptions]) and runs the banded edit distance with the
// greedy shift search ([TERPairs] shows it per reference) into [TERStats]:
// fewest edits and average reference length ([SentenceTER], [CorpusTER],
// [TERCorpusStats]). [ChrFMetric] and [TERMetric] plug both into the
// significance tests.
//
// # Exactness
//
// Every figure is tested against the expected values produced by sacrebleu
// 2.6.0 and NLTK 3.8 (../shared/conformance when present): integers and
// strings exactly, floats to 1e-12 relative. The arithmetic runs in the
// reference implementations' order, with correctly rounded log and exp as
// CPython's math library gives them, so nearly all agree to the last bit.
package scoring
