package sacrebleu

import (
	"slices"
	"strings"
)

// builtinTestSets are sacrebleu 2.6.0's built-in test sets, the entries
// of its DATASETS (sacrebleu/dataset/__init__.py) in its order, each with
// its language pairs (the keys of its langpairs, in their order,
// separated by spaces). sacrebleu refuses any other name, or any other
// language pair, before it looks for a test set's files; bleuscope reads
// the files of these from sacrebleu's local cache.
var builtinTestSets = []struct {
	name, langPairs string
}{
	{"wmt24", "cs-uk en-cs en-de en-es en-hi en-is en-ja en-ru en-uk en-zh ja-zh"},
	{"wmt23", "cs-uk de-en en-cs en-de en-he en-ja en-ru en-uk en-zh he-en ja-en ru-en uk-en zh-en"},
	{"wmt22", "cs-en cs-uk de-en de-fr en-cs en-de en-hr en-ja en-liv en-ru en-uk en-zh fr-de ja-en liv-en ru-en ru-sah sah-ru uk-cs uk-en zh-en"},
	{"wmt21/systems", "de-fr en-de en-ha en-is en-ja fr-de ha-en is-en ja-en zh-en en-zh cs-en de-en en-cs en-ru ru-en bn-hi hi-bn xh-zu zu-xh"},
	{"wmt21", "de-fr en-de en-ha en-is en-ja fr-de ha-en is-en ja-en zh-en en-zh cs-en de-en en-cs en-ru ru-en bn-hi hi-bn xh-zu zu-xh"},
	{"wmt21/B", "cs-en de-en en-cs en-ru en-zh ru-en"},
	{"wmt21/AB", "cs-en de-en en-de en-cs en-ru en-zh ru-en"},
	{"wmt21/C", "en-de"},
	{"wmt21/AC", "en-de"},
	{"wmt21/D", "en-de"},
	{"wmt21/dev", "en-ha ha-en en-is is-en"},
	{"wmt20/tworefs", "de-en en-de en-zh ru-en zh-en"},
	{"wmt20", "cs-en de-en de-fr en-cs en-de en-iu en-ja en-km en-pl en-ps en-ru en-ta en-zh fr-de iu-en ja-en km-en pl-en ps-en ru-en ta-en zh-en"},
	{"wmt20/dev", "iu-en en-iu ja-en en-ja pl-en en-pl ta-en en-ta"},
	{"wmt20/robust/set1", "en-ja en-de"},
	{"wmt20/robust/set2", "en-ja ja-en"},
	{"wmt20/robust/set3", "de-en"},
	{"wmt19", "cs-de de-cs de-en de-fr en-cs en-de en-fi en-gu en-kk en-lt en-ru en-zh fi-en fr-de gu-en kk-en lt-en ru-en zh-en"},
	{"wmt19/dev", "lt-en en-lt gu-en en-gu kk-en en-kk"},
	{"wmt19/google/ar", "en-de"},
	{"wmt19/google/arp", "en-de"},
	{"wmt19/google/wmtp", "en-de"},
	{"wmt19/google/hqr", "en-de"},
	{"wmt19/google/hqp", "en-de"},
	{"wmt19/google/hqall", "en-de"},
	{"wmt18", "cs-en de-en en-cs en-de en-et en-fi en-ru et-en fi-en ru-en en-tr tr-en en-zh zh-en"},
	{"wmt18/test-ts", "cs-en de-en en-cs en-de en-et en-fi en-ru et-en fi-en ru-en en-tr tr-en en-zh zh-en"},
	{"wmt18/dev", "et-en en-et"},
	{"wmt17", "cs-en de-en en-cs en-de en-fi en-lv en-ru en-tr en-zh fi-en lv-en ru-en tr-en zh-en"},
	{"wmt17/B", "en-fi"},
	{"wmt17/tworefs", "en-fi"},
	{"wmt17/improved", "en-zh zh-en"},
	{"wmt17/dev", "en-lv en-zh lv-en zh-en"},
	{"wmt17/ms", "zh-en"},
	{"wmt16", "cs-en de-en en-cs en-de en-fi en-ro en-ru en-tr fi-en ro-en ru-en tr-en"},
	{"wmt16/B", "en-fi"},
	{"wmt16/tworefs", "en-fi"},
	{"wmt16/dev", "en-ro en-tr ro-en tr-en"},
	{"wmt15", "en-fr fr-en cs-en de-en en-cs en-de en-fi en-ru fi-en ru-en"},
	{"wmt14", "cs-en en-cs de-en en-de en-fr fr-en en-hi hi-en en-ru ru-en"},
	{"wmt14/full", "cs-en en-cs de-en en-de en-fr fr-en en-hi hi-en en-ru ru-en"},
	{"wmt13", "cs-en en-cs de-en en-de es-en en-es fr-en en-fr ru-en en-ru"},
	{"wmt12", "cs-en en-cs de-en en-de es-en en-es fr-en en-fr"},
	{"wmt11", "cs-en en-cs de-en en-de fr-en en-fr es-en en-es"},
	{"wmt10", "cs-en en-cs de-en en-de es-en en-es fr-en en-fr"},
	{"wmt09", "cs-en en-cs de-en en-de es-en en-es fr-en en-fr hu-en en-hu it-en en-it"},
	{"wmt08", "cs-en en-cs de-en en-de es-en en-es fr-en en-fr hu-en en-hu"},
	{"wmt08/nc", "cs-en en-cs"},
	{"wmt08/europarl", "de-en en-de es-en en-es fr-en en-fr"},
	{"iwslt17", "en-fr fr-en en-de de-en en-zh zh-en en-ar ar-en en-ja ja-en en-ko ko-en"},
	{"iwslt17/tst2016", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2015", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2014", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2013", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2012", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2011", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/tst2010", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"iwslt17/dev2010", "en-fr fr-en en-de de-en en-zh zh-en"},
	{"mtedx/valid", "el-en es-en es-fr es-it es-pt fr-en fr-es fr-pt it-en it-es pt-en pt-es ru-en"},
	{"mtedx/test", "el-en es-en es-fr es-it es-pt fr-en fr-es fr-pt it-en it-es pt-en pt-es ru-en"},
	{"multi30k/2016", "en-fr en-de en-cs"},
	{"multi30k/2017", "en-fr en-de"},
	{"multi30k/2018", "en-fr en-de en-cs"},
	{"mtnt2019", "en-fr fr-en en-ja ja-en"},
	{"mtnt1.1/test", "en-fr fr-en en-ja ja-en"},
	{"mtnt1.1/valid", "en-fr fr-en en-ja ja-en"},
	{"mtnt1.1/train", "en-fr fr-en en-ja ja-en"},
}

// langPairsOf returns the language pairs sacrebleu 2.6.0 has for the test
// set ts, in its order, and whether it knows ts at all.
func langPairsOf(ts string) ([]string, bool) {
	for _, s := range builtinTestSets {
		if s.name == ts {
			return strings.Fields(s.langPairs), true
		}
	}
	return nil, false
}

// IsTestSet reports whether name is one of sacrebleu 2.6.0's built-in
// test sets (wmt22, iwslt17, …): for the checks of -t and --download, and
// for a command given one where it takes something else (-t wmt22, which
// is a tokenizer there).
func IsTestSet(name string) bool {
	_, ok := langPairsOf(name)
	return ok
}

// availableTestSets is the list sacrebleu logs when it needs a test set:
// Python's repr of the names sorted in reverse.
func availableTestSets() string {
	names := make([]string, len(builtinTestSets))
	for i, s := range builtinTestSets {
		names[i] = s.name
	}
	slices.Sort(names)
	slices.Reverse(names)
	for i, name := range names {
		names[i] = pyQuote(name)
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// checkTestSetNames fails as sacrebleu does when it does not know one of
// the names ([IsTestSet]).
func checkTestSetNames(names []string) error {
	for _, ts := range names {
		if !IsTestSet(ts) {
			return fatal(1, "Unknown test set "+pyQuote(ts), "Please run with --list to see the available test sets.")
		}
	}
	return nil
}

// checkLangPairs fails as sacrebleu does, naming the first of the test
// sets that has no language pair langpair and listing the pairs it has.
func checkLangPairs(testSets []string, langpair string) error {
	for _, ts := range testSets {
		pairs, _ := langPairsOf(ts)
		if slices.Contains(pairs, langpair) {
			continue
		}
		lines := []string{"No such language pair " + pyQuote(langpair), "Available language pairs for " + pyQuote(ts) + " are:"}
		for _, lp := range pairs {
			lines = append(lines, " > "+lp)
		}
		return fatal(1, lines...)
	}
	return nil
}
