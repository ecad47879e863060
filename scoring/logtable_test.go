package scoring

import (
	"math"
	"testing"
)

func TestLogRatioMatchesCrLog(t *testing.T) {
	for round := 0; round < 2; round++ { // the second round reads the cache
		for tot := 1; tot < logTabN+3; tot++ {
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
