package scoring

import (
	"math"
	"testing"
)

func TestLogRatioMatchesCrLog(t *testing.T) {
	for round := 0; round < 2; round++ { // the second round reads the cache
		for tot := 1; tot < ratioTabN+3; tot++ {
			for c := 1; c <= tot; c++ {
				want := crLog(100 * float64(c) / float64(tot))
				if got := logRatio(float64(c), float64(tot)); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("logRatio(%d, %d) = %v; want %v", c, tot, got, want)
				}
			}
		}
	}
	if got, want := logRatio(2.5, 3.5), crLog(100*2.5/3.5); got != want {
		t.Errorf("logRatio(2.5, 3.5) = %v; want %v", got, want)
	}
}

func TestBPRatioMatchesCrExp(t *testing.T) {
	for round := 0; round < 2; round++ {
		for r := 2; r < ratioTabN+3; r++ {
			for c := 1; c < r; c++ {
				want := crExp(1 - float64(r)/float64(c))
				if got := BrevityPenalty(c, r); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("BrevityPenalty(%d, %d) = %v; want %v", c, r, got, want)
				}
			}
		}
	}
}
