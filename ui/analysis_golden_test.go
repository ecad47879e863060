package ui

import "testing"

func TestGoldenAnalysisNGrams(t *testing.T) {
	runGolden(t, 100, 30, step{keys("n"), "first lines"}, step{keys("j", "j"), "›"})
}

func TestGoldenAnalysisBuckets(t *testing.T) {
	runGolden(t, 100, 30, step{keys("n"), "first lines"}, step{keys("right", "m"), "[0.8,0.9)"})
}

func TestGoldenAnalysisSalient(t *testing.T) {
	runGolden(t, 100, 30, step{keys("n"), "first lines"}, step{keys("m", "m", "m", "2"), "s  n-gram"})
}

func TestGoldenAnalysisWins(t *testing.T) {
	runGolden(t, 100, 30, step{keys("n"), "first lines"}, step{keys("left"), "segs  share"})
}
