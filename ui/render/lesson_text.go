package render

import "github.com/bleuscope/bleuscope/scoring"

// The references of the BLEU paper's "guide to action" example (Papineni
// et al., 2002), without the final full stops.
var guideRefs = []string{
	"It is a guide to action that ensures that the military will forever heed Party commands",
	"It is the guiding principle which guarantees the military forces always being under the command of the Party",
	"It is the practical guide for the army always to heed the directions of the party",
}

// guideHyp is the paper's better candidate for guideRefs.
const guideHyp = "It is a guide to action which ensures that the military always obeys the commands of the party"

func clippingLesson() Lesson {
	opt := scoring.SentenceOptions()
	opt.MaxOrder = 2
	return Lesson{
		ID:      "clipping",
		Title:   "Clipping: a word said over and over",
		Teaches: "why BLEU clips counts: repeating a word the reference has must not pay",
		Text: []string{
			`A naive precision asks how many of the hypothesis words appear in a reference. The BLEU paper shows how to game it: "the the the the the the the" has seven words, and every one of them is in the references, so that precision is 7/7.`,
			`BLEU clips: an n-gram counts at most as often as it occurs in the reference that has it most. "the" occurs twice in reference A, so only 2 of the 7 count, and the modified precision is 2/7. The same rule holds for bigrams and longer n-grams.`,
		},
		Refs: []string{"the cat is on the mat", "there is a cat on the mat"},
		Hyp:  "the the the the the the the",
		Try: []string{
			`"the cat the cat on the mat": the bigram "the cat" twice, once in the references`,
			`"the cat is on the mat": nothing left to clip`,
			`"mat mat mat": a word each reference has once`,
		},
		Options: opt,
		figures: clippingFigures,
		marked:  true,
	}
}

func brevityLesson() Lesson {
	return Lesson{
		ID:      "brevity",
		Title:   "The brevity penalty: a short candidate",
		Teaches: "why precision needs a length penalty, and how BP picks the reference length",
		Text: []string{
			`Precision only looks at what the hypothesis says, never at what it leaves out. "It is" is a perfect fragment of the references: both words and the bigram match, so p1 and p2 are 100%. It has no trigrams or 4-grams, and sentence BLEU's effective order leaves those orders out. Yet it translates almost nothing.`,
			`BLEU answers with the brevity penalty. With c the hypothesis length and r the length of the reference closest to c, BP = 1 when c ≥ r and exp(1 − r/c) otherwise. Two tokens against 16 give exp(1 − 8) ≈ 0.0009. A longer hypothesis pays no penalty: its extra words already lower the precisions.`,
		},
		Refs: guideRefs,
		Hyp:  "It is",
		Try: []string{
			`"It is a guide to action": longer, and BP rises`,
			`the full candidate "` + guideHyp + `": c = r = 18, BP = 1`,
			`"it is" in lower case: "it" no longer matches "It" (case counts)`,
		},
		Options: scoring.SentenceOptions(),
		figures: brevityFigures,
	}
}

func orderLesson() Lesson {
	return Lesson{
		ID:      "order",
		Title:   "Word order: why unigrams are not enough",
		Teaches: "why BLEU uses n-grams up to 4 and a geometric mean",
		Text: []string{
			`Unigram precision ignores word order: shuffle a perfect translation and every word still matches. "mat the on is cat the" gets 6/6 on unigrams against "the cat is on the mat".`,
			`Longer n-grams bring order back: a bigram matches only where two words stand side by side as in the reference. BLEU takes the geometric mean of p1 to p4, so a hypothesis with the right words in the wrong order loses most of its score. Here not one bigram matches: only sentence BLEU's smoothing keeps the score above 0. The digits under the tokens give the longest matched n-gram through each token.`,
		},
		Refs: []string{"the cat is on the mat"},
		Hyp:  "mat the on is cat the",
		Try: []string{
			`"the mat is on the cat": every word and most bigrams match, yet it means the opposite`,
			`"the cat is on the mat": every order matches`,
			`"on the mat the cat is": longer runs survive, and the score rises`,
		},
		Options: scoring.SentenceOptions(),
		figures: orderFigures,
		marked:  true,
	}
}

func referencesLesson() Lesson {
	return Lesson{
		ID:      "references",
		Title:   "Several references",
		Teaches: "how clipping and the brevity penalty use more than one reference",
		Text: []string{
			`A sentence can be translated well in many ways, and one reference shows only one of them. BLEU can score against several. An n-gram is clipped by the largest count in any single reference, not by the sum over them. The reference length r is the length of the reference closest to the hypothesis, the shorter one on a tie.`,
			`This is the BLEU paper's candidate. Compare its score against each reference alone and against all three: every reference adds matches the others miss.`,
		},
		Refs: guideRefs,
		Hyp:  guideHyp,
		Try: []string{
			`reference B word for word: 100 against all three`,
			`"the the the the the": "the" counts up to 4 times, the most one reference has, not 1 + 4 + 4`,
		},
		Options: scoring.SentenceOptions(),
		figures: referencesFigures,
	}
}

func smoothingLesson() Lesson {
	return Lesson{
		ID:      "smoothing",
		Title:   "Smoothing short sentences",
		Teaches: "why sentence BLEU needs smoothing, and how the methods differ",
		Text: []string{
			`A single sentence often has no matching 4-gram at all. Then p4 = 0, and a geometric mean with a 0 in it is 0. "the cat was on the mat" has five of six words right, yet without smoothing it scores 0 against "the cat sat on the mat". Corpus BLEU rarely meets this, since some 4-gram matches somewhere in a test set; sentence BLEU meets it all the time.`,
			`Most smoothing methods put a small number in place of a zero precision; add-k instead adds k to the matches and the total of every order above 1 (NLTK's method2 does the same with k = 1). The methods disagree, so a sentence score must say which one it used: sacrebleu writes it in the signature (smooth:exp is its default), and NLTK's default (method0) gives a tiny number that means 0.`,
			`"none, eff. off" is "none" without sacrebleu's effective order, which leaves out of the mean the orders a sentence is too short to have. The example has n-grams of every order, so the two rows agree; for "the cat sat" they do not.`,
		},
		Refs: []string{"the cat sat on the mat"},
		Hyp:  "the cat was on the mat",
		Try: []string{
			`"the cat sat": no 4-grams at all; sacrebleu's effective order leaves p4 out of the mean, NLTK has no such rule`,
			`"the dog was under a mat": only unigrams match`,
			`"the cat sat on the mat": nothing to smooth`,
		},
		Options: scoring.SentenceOptions(),
		figures: smoothingFigures,
	}
}
