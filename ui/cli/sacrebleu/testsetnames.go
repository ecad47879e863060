package sacrebleu

import "slices"

// testSetNames are the names of sacrebleu 2.6.0's built-in test sets, the
// keys of its DATASETS (sacrebleu/dataset/__init__.py), in its order.
// sacrebleu refuses any other name before it looks for a test set's files;
// bleuscope reads the files of these from sacrebleu's local cache.
var testSetNames = []string{
	"wmt24", "wmt23", "wmt22",
	"wmt21/systems", "wmt21", "wmt21/B", "wmt21/AB", "wmt21/C", "wmt21/AC", "wmt21/D", "wmt21/dev",
	"wmt20/tworefs", "wmt20", "wmt20/dev", "wmt20/robust/set1", "wmt20/robust/set2", "wmt20/robust/set3",
	"wmt19", "wmt19/dev", "wmt19/google/ar", "wmt19/google/arp", "wmt19/google/wmtp",
	"wmt19/google/hqr", "wmt19/google/hqp", "wmt19/google/hqall",
	"wmt18", "wmt18/test-ts", "wmt18/dev",
	"wmt17", "wmt17/B", "wmt17/tworefs", "wmt17/improved", "wmt17/dev", "wmt17/ms",
	"wmt16", "wmt16/B", "wmt16/tworefs", "wmt16/dev",
	"wmt15", "wmt14", "wmt14/full", "wmt13", "wmt12", "wmt11", "wmt10", "wmt09",
	"wmt08", "wmt08/nc", "wmt08/europarl",
	"iwslt17", "iwslt17/tst2016", "iwslt17/tst2015", "iwslt17/tst2014", "iwslt17/tst2013",
	"iwslt17/tst2012", "iwslt17/tst2011", "iwslt17/tst2010", "iwslt17/dev2010",
	"mtedx/valid", "mtedx/test",
	"multi30k/2016", "multi30k/2017", "multi30k/2018",
	"mtnt2019", "mtnt1.1/test", "mtnt1.1/valid", "mtnt1.1/train",
}

// knownTestSet reports whether sacrebleu 2.6.0 has a test set named ts.
func knownTestSet(ts string) bool { return slices.Contains(testSetNames, ts) }

// checkTestSetNames fails as sacrebleu does when it does not know one of
// the names ([knownTestSet]).
func checkTestSetNames(names []string) error {
	for _, ts := range names {
		if !knownTestSet(ts) {
			return fatal(1, "Unknown test set "+pyQuote(ts), "Please run with --list to see the available test sets.")
		}
	}
	return nil
}
