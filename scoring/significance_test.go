package scoring_test

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// naiveBootstrap is the bootstrap written the plain way, as the reference
// the fast paths must equal: numpy's indices, float32 row sums in resample
// order, the metric's float32-path score.
func naiveBootstrap(m scoring.Metric, segments int, stats []float64, n int, seed uint64) []float64 {
	w := m.Width()
	rng := scoring.NewNumpyRNG(scoring.SeedOf(seed))
	idx := make([]uint32, segments)
	acc := make([]float32, w)
	sums := make([]float64, w)
	out := make([]float64, n)
	for r := range out {
		rng.Below(uint64(segments), idx)
		clear(acc)
		for _, i := range idx {
			for k := range acc {
				acc[k] += float32(stats[int(i)*w+k])
			}
		}
		for k, v := range acc {
			sums[k] = float64(v)
		}
		out[r] = m.Score(sums, scoring.PathFloat32)
	}
	return out
}

// naiveAR is approximate randomization written the plain way: for every
// trial, numpy's mask bits (32 to a draw, low bit first, across rows), the
// two pseudo-systems summed segment by segment.
func naiveAR(m scoring.Metric, segments int, base, sys []float64, n int, seed uint64) []float64 {
	w := m.Width()
	rng := scoring.NewNumpyRNG(scoring.SeedOf(seed))
	var word uint32
	bit := 32
	a, b := make([]float64, w), make([]float64, w)
	out := make([]float64, n)
	for r := range out {
		clear(a)
		clear(b)
		for i := range segments {
			if bit == 32 {
				word, bit = rng.Uint32(), 0
			}
			fromBase := word>>bit&1 == 1
			bit++
			for k := range w {
				x, y := base[i*w+k], sys[i*w+k]
				if !fromBase {
					x, y = y, x
				}
				a[k] += x
				b[k] += y
			}
		}
		out[r] = m.Score(a, scoring.PathInt64) - m.Score(b, scoring.PathInt64)
	}
	return out
}

// bleuStats returns plausible BLEU statistics of segments segments drawn
// from seed: lengths 0..30, matches never above the totals nor rising with
// the order.
func bleuStats(seed uint64, segments int) []float64 {
	rng := scoring.NewNumpyRNG(scoring.SeedOf(seed))
	draw := func(n int) int {
		v := []uint32{0}
		rng.Below(uint64(n+1), v)
		return int(v[0])
	}
	st := make([]scoring.Stats, segments)
	for i := range st {
		h := draw(30)
		st[i].HypLen, st[i].RefLen = h, draw(30)
		prev := h
		for n := range 4 {
			st[i].Totals[n] = max(h-n, 0)
			prev = min(prev, st[i].Totals[n], draw(h))
			st[i].Matches[n] = prev
		}
	}
	return scoring.BLEUSegmentStatistics(st, 4)
}

func bleuMetric(t testing.TB) scoring.BLEUMetric {
	t.Helper()
	m, err := scoring.NewBLEUMetric(scoring.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSigConfidenceMatchesNaive(t *testing.T) {
	m := bleuMetric(t)
	for _, c := range []struct {
		segments, n int
		seed        uint64
	}{{50, 25, 12345}, {7, 39, 0}, {200, 100, 1 << 32}, {3, 1000, 42}} {
		stats := bleuStats(c.seed+1, c.segments)
		e, err := scoring.Confidence(context.Background(), m, c.segments, stats, c.n, scoring.SeedOf(c.seed))
		if err != nil {
			t.Fatal(err)
		}
		ref := naiveBootstrap(m, c.segments, stats, c.n, c.seed)
		slices.Sort(ref)
		lo := c.n / 40
		if want := 0.5 * (ref[c.n-lo-1] - ref[lo]); e.CI != want {
			t.Errorf("%+v: ci %v, want %v", c, e.CI, want)
		}
		if c.n < 40 && e.CI != 0.5*(ref[c.n-1]-ref[0]) {
			t.Errorf("%+v: with N < 40 the CI must span min..max", c)
		}
		if want := scoring.ExactMean(ref); e.Mean != want {
			t.Errorf("%+v: mean %v, want %v", c, e.Mean, want)
		}
		if e.Resamples != c.n {
			t.Errorf("%+v: %d resamples, want %d", c, e.Resamples, c.n)
		}
	}
}

func TestSigSeedsDiffer(t *testing.T) {
	m := bleuMetric(t)
	stats := bleuStats(3, 40)
	run := func(seed uint64) scoring.Estimate {
		e, err := scoring.Confidence(context.Background(), m, 40, stats, 200, scoring.SeedOf(seed))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	zero, again, big := run(0), run(0), run(1<<32)
	if zero != again {
		t.Errorf("seed 0 is not reproducible: %+v then %+v", zero, again)
	}
	if zero == big {
		t.Errorf("seeds 0 and 2^32 gave the same bootstrap %+v", zero)
	}
}

func TestSigPairedMatchesNaive(t *testing.T) {
	m := bleuMetric(t)
	const segments, n = 60, 300
	base, sys := bleuStats(10, segments), bleuStats(11, segments)
	p := scoring.PairedTest[float64]{Metric: m, Segments: segments, Baseline: base, Systems: [][]float64{sys, base}, N: n, Seed: scoring.SeedOf(99)}
	bs, err := scoring.PairedBootstrap(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	bl, sy := naiveBootstrap(m, segments, base, n, 99), naiveBootstrap(m, segments, sys, n, 99)
	score := func(st []float64) float64 {
		sums := make([]float64, m.Width())
		for i, v := range st {
			sums[i%m.Width()] += v
		}
		return m.Score(sums, scoring.PathExact)
	}
	delta := math.Abs(score(base) - score(sys))
	diffs := make([]float64, n)
	for r := range diffs {
		diffs[r] = math.Abs(sy[r] - bl[r])
		if bs.Systems[0].Deltas[r] != sy[r]-bl[r] {
			t.Fatalf("bootstrap delta %d = %v, want %v", r, bs.Systems[0].Deltas[r], sy[r]-bl[r])
		}
	}
	mean := scoring.NumpyMean(diffs)
	c := 0
	for _, d := range diffs {
		if d-mean > delta {
			c++
		}
	}
	if want := float64(c+1) / (n + 1); bs.Systems[0].PValue != want {
		t.Errorf("bootstrap p = %v, want %v", bs.Systems[0].PValue, want)
	}
	if got, want := bs.Baseline.Mean, scoring.NumpyMean(sorted(bl)); got != want {
		t.Errorf("baseline mean %v, want numpy's mean of the sorted scores %v", got, want)
	}
	// The baseline against itself: no resample difference exceeds 0.
	if got, want := bs.Systems[1].PValue, 1.0/(n+1); got != want {
		t.Errorf("identical systems: bootstrap p = %v, want 1/(N+1) = %v", got, want)
	}

	p.N = 500
	ar, err := scoring.PairedApproxRandomization(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	ref := naiveAR(m, segments, base, sys, p.N, 99)
	c = 0
	for r, d := range ref {
		if ar.Systems[0].Deltas[r] != d {
			t.Fatalf("AR trial %d = %v, want %v", r, ar.Systems[0].Deltas[r], d)
		}
		if math.Abs(d) > delta {
			c++
		}
	}
	if want := float64(c+1) / float64(p.N+1); ar.Systems[0].PValue != want {
		t.Errorf("AR p = %v, want %v", ar.Systems[0].PValue, want)
	}
	if got, want := ar.Systems[1].PValue, 1.0/float64(p.N+1); got != want {
		t.Errorf("identical systems: AR p = %v, want 1/(N+1) = %v", got, want)
	}
	if ar.Baseline.Resamples != 0 || ar.Systems[0].Resamples != 0 {
		t.Errorf("AR without ARConfidence reported a bootstrap: %+v", ar.Baseline)
	}
}

func sorted(x []float64) []float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	return s
}

func TestSigOneSegment(t *testing.T) {
	m := bleuMetric(t)
	base, sys := bleuStats(5, 1), bleuStats(6, 1)
	e, err := scoring.Confidence(context.Background(), m, 1, sys, 100, scoring.SeedOf(12345))
	if err != nil {
		t.Fatal(err)
	}
	if e.Mean != e.Score || e.CI != 0 {
		t.Errorf("1 segment: every resample is the corpus, want mean = score and ci 0, got %+v", e)
	}
	p := scoring.PairedTest[float64]{Metric: m, Segments: 1, Baseline: base, Systems: [][]float64{sys}, N: 100, Seed: scoring.SeedOf(12345)}
	ar, err := scoring.PairedApproxRandomization(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := ar.Systems[0].PValue; got != 1.0/101 {
		t.Errorf("1 segment: AR p = %v, want 1/(N+1)", got)
	}
}

func TestSigDefaults(t *testing.T) {
	m := bleuMetric(t)
	stats := bleuStats(1, 5)
	p := scoring.PairedTest[float64]{Metric: m, Segments: 5, Baseline: stats, Systems: [][]float64{bleuStats(2, 5)}, N: -3, Seed: scoring.SeedOf(1)}
	bs, err := scoring.PairedBootstrap(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs.Systems[0].Deltas) != scoring.DefaultBootstrapN || bs.Baseline.Resamples != scoring.DefaultBootstrapN {
		t.Errorf("N ≤ 0 must mean 1000 resamples, got %d", len(bs.Systems[0].Deltas))
	}
	p.N = 0
	ar, err := scoring.PairedApproxRandomization(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(ar.Systems[0].Deltas) != scoring.DefaultARTrials {
		t.Errorf("N ≤ 0 must mean 10000 trials, got %d", len(ar.Systems[0].Deltas))
	}
}

func TestSigBadInput(t *testing.T) {
	m := bleuMetric(t)
	ctx := context.Background()
	if _, err := scoring.Confidence[float64](ctx, m, 0, nil, 10, scoring.SeedOf(1)); err == nil {
		t.Error("no segments: want an error")
	}
	if _, err := scoring.Confidence(ctx, m, 3, make([]float64, 7), 10, scoring.SeedOf(1)); err == nil {
		t.Error("ragged statistics: want an error")
	}
	if _, err := scoring.PairedBootstrap(ctx, scoring.PairedTest[float64]{Metric: m, Segments: 1, Baseline: make([]float64, 10)}); err == nil {
		t.Error("no system besides the baseline: want an error")
	}
	opt := scoring.DefaultOptions()
	opt.Compat = scoring.CompatNLTK
	if _, err := scoring.NewBLEUMetric(opt); err == nil {
		t.Error("nltk compat: want an error")
	}
}

// TestSigCancel: the bootstrap, approximate randomization and the
// confidence interval stop with the context's error when it is cancelled
// before they start, and when it is cancelled while they run (here at
// their first progress report), then part way through their work. Before,
// only a context cancelled up front was tried, whose error the check after
// the work returns whether the work stopped or not.
func TestSigCancel(t *testing.T) {
	// Two cores: at most a batch or two of resamples are under way when
	// the cancel lands, whatever the machine.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	m := bleuMetric(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := scoring.PairedTest[float64]{Metric: m, Segments: 30, Baseline: bleuStats(1, 30), Systems: [][]float64{bleuStats(2, 30)}, Seed: scoring.SeedOf(1)}
	if _, err := scoring.PairedBootstrap(ctx, p); err == nil {
		t.Error("cancelled bootstrap: want an error")
	}
	if _, err := scoring.PairedApproxRandomization(ctx, p); err == nil {
		t.Error("cancelled AR: want an error")
	}
	for _, tt := range []struct {
		name string
		run  func(context.Context, func(float64)) error
	}{
		{"bootstrap", func(ctx context.Context, progress func(float64)) error {
			q := p
			q.Progress = progress
			_, err := scoring.PairedBootstrap(ctx, q)
			return err
		}},
		{"AR", func(ctx context.Context, progress func(float64)) error {
			q := p
			q.Progress = progress
			_, err := scoring.PairedApproxRandomization(ctx, q)
			return err
		}},
		{"confidence", func(ctx context.Context, progress func(float64)) error {
			_, err := scoring.ConfidenceProgress(ctx, m, 30, p.Baseline, 0, p.Seed, progress)
			return err
		}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		done := 0.0
		err := tt.run(ctx, func(f float64) {
			done = max(done, f)
			cancel()
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s cancelled while it runs: %v; want context.Canceled", tt.name, err)
		}
		if done == 0 || done >= 0.5 {
			t.Errorf("%s cancelled at its first progress report went on to %.1f%% of its work; want it stopped part way", tt.name, 100*done)
		}
	}
}

// ratioMetric is a toy metric with fractional statistics, which no fast
// path can sum as whole numbers: 100·s0/s1, a float32 division on the
// bootstrap path as chrF's and TER's are.
type ratioMetric struct{}

func (ratioMetric) Width() int { return 2 }

func (ratioMetric) Score(s []float64, path scoring.SumPath) float64 {
	if s[1] == 0 {
		return 0
	}
	if path == scoring.PathFloat32 {
		return 100 * float64(float32(s[0])/float32(s[1]))
	}
	return 100 * s[0] / s[1]
}

func ratioStats(seed uint64, segments int) []float64 {
	rng := scoring.NewNumpyRNG(scoring.SeedOf(seed))
	out := make([]float64, 2*segments)
	for i := range out {
		out[i] = float64(rng.Uint32()%1000) / 7
	}
	return out
}

func TestSigFractionalStatistics(t *testing.T) {
	const segments, n = 40, 200
	m := ratioMetric{}
	base, sys := ratioStats(1, segments), ratioStats(2, segments)
	e, err := scoring.Confidence(context.Background(), m, segments, sys, n, scoring.SeedOf(5))
	if err != nil {
		t.Fatal(err)
	}
	ref := sorted(naiveBootstrap(m, segments, sys, n, 5))
	if want := 0.5 * (ref[n-n/40-1] - ref[n/40]); e.CI != want || e.Mean != scoring.ExactMean(ref) {
		t.Errorf("float32 path: got mean %v ci %v, want %v %v", e.Mean, e.CI, scoring.ExactMean(ref), want)
	}
	ar, err := scoring.PairedApproxRandomization(context.Background(), scoring.PairedTest[float64]{
		Metric: m, Segments: segments, Baseline: base, Systems: [][]float64{sys}, N: n, Seed: scoring.SeedOf(5)})
	if err != nil {
		t.Fatal(err)
	}
	for r, d := range naiveAR(m, segments, base, sys, n, 5) {
		if got := ar.Systems[0].Deltas[r]; math.Abs(got-d) > 1e-9*math.Max(1, math.Abs(d)) {
			t.Fatalf("float AR trial %d = %v, want %v", r, got, d)
		}
	}
}

func TestSigSameOnAnyNumberOfCores(t *testing.T) {
	m := ratioMetric{}
	const segments = 300
	p := scoring.PairedTest[float64]{Metric: m, Segments: segments, Baseline: ratioStats(3, segments), Systems: [][]float64{ratioStats(4, segments)}, N: 300, Seed: scoring.SeedOf(8)}
	run := func(procs int) (scoring.Paired, scoring.Paired) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		bs, err := scoring.PairedBootstrap(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		ar, err := scoring.PairedApproxRandomization(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		return bs, ar
	}
	bs1, ar1 := run(1)
	bs4, ar4 := run(4)
	if !slices.Equal(bs1.Systems[0].Deltas, bs4.Systems[0].Deltas) || bs1.Systems[0].Estimate != bs4.Systems[0].Estimate {
		t.Error("bootstrap differs between 1 and 4 cores")
	}
	if !slices.Equal(ar1.Systems[0].Deltas, ar4.Systems[0].Deltas) {
		t.Error("AR differs between 1 and 4 cores")
	}
}

func TestSigAddK(t *testing.T) {
	// sacrebleu adds k in place: a float32 row rounds count+k to float32,
	// an int64 row truncates it.
	opt := scoring.DefaultOptions()
	opt.Smooth, opt.SmoothValue = scoring.SmoothAddK, 0.1
	m, err := scoring.NewBLEUMetric(opt)
	if err != nil {
		t.Fatal(err)
	}
	sums := []float64{20, 22, 15, 9, 4, 1, 20, 19, 18, 17}
	exact := m.Score(sums, scoring.PathExact)
	f32 := m.Score(sums, scoring.PathFloat32)
	i64 := m.Score(sums, scoring.PathInt64)
	none := opt
	none.SmoothValue = 0
	mz, _ := scoring.NewBLEUMetric(none)
	if exact == f32 {
		t.Errorf("add-k 0.1 on float32 rows must differ in the last bits from float64: both %v", exact)
	}
	if math.Abs(exact-f32) > 1e-5*exact {
		t.Errorf("add-k float32 %v too far from %v", f32, exact)
	}
	if want := mz.Score(sums, scoring.PathExact); i64 != want {
		t.Errorf("add-k 0.1 on int64 rows must add nothing: %v, want %v", i64, want)
	}
}

func TestSigMeans(t *testing.T) {
	x := []float64{0.1, 0.2, 0.3}
	if got := scoring.ExactMean(x); got != 0.2 {
		t.Errorf("ExactMean(0.1, 0.2, 0.3) = %v, want 0.2 (statistics.mean)", got)
	}
	if got := scoring.NumpyMean(x); got != (x[0]+x[1]+x[2])/3 {
		t.Errorf("NumpyMean of 3 values = %v, want the plain sum / 3", got)
	}
	if got := scoring.ExactMean([]float64{1e308, 1e308, -1e308}); got != 1e308/3 {
		t.Errorf("ExactMean must not overflow: %v", got)
	}
	// Nine values: eight accumulators, combined pairwise, then the ninth.
	y := []float64{1e16, 1, 1, 1, 1, 1, 1, 1, 3}
	want := ((y[0] + y[1]) + (y[2] + y[3]) + ((y[4] + y[5]) + (y[6] + y[7])) + y[8]) / 9
	plain := 0.0
	for _, v := range y {
		plain += v
	}
	if got := scoring.NumpyMean(y); got != want || got == plain/9 {
		t.Errorf("NumpyMean(9 values) = %v, want numpy's pairwise %v (plain loop gives %v)", got, want, plain/9)
	}
}

func TestSigConfidenceHalfWidth(t *testing.T) {
	for _, c := range []struct{ n, lo, hi int }{{1000, 25, 974}, {100, 2, 97}, {2000, 50, 1949}, {39, 0, 38}, {1, 0, 0}} {
		s := make([]float64, c.n)
		for i := range s {
			s[i] = float64(i * i)
		}
		if got, want := scoring.ConfidenceHalfWidth(s), 0.5*(s[c.hi]-s[c.lo]); got != want {
			t.Errorf("N=%d: %v, want (s[%d]-s[%d])/2 = %v", c.n, got, c.hi, c.lo, want)
		}
	}
}

func TestSigProgress(t *testing.T) {
	m := bleuMetric(t)
	for _, run := range []func(context.Context, scoring.PairedTest[float64]) (scoring.Paired, error){scoring.PairedBootstrap[float64], scoring.PairedApproxRandomization[float64]} {
		var seen []float64
		p := scoring.PairedTest[float64]{Metric: m, Segments: 20, Baseline: bleuStats(1, 20), Systems: [][]float64{bleuStats(2, 20)}, N: 5000, Seed: scoring.SeedOf(3),
			ARConfidence: 100, Progress: func(f float64) { seen = append(seen, f) }}
		if _, err := run(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if len(seen) < 2 || !slices.IsSorted(seen) || seen[len(seen)-1] != 1 || seen[0] <= 0 {
			t.Errorf("progress %v: want rising fractions ending at 1", seen)
		}
	}
}

// totalMetric scores a corpus by its one summed statistic, so the
// resampled scores are the float32 sums themselves.
type totalMetric struct{}

func (totalMetric) Width() int                                   { return 1 }
func (totalMetric) Score(s []float64, _ scoring.SumPath) float64 { return s[0] }

// TestSigFloat32RoundingAbove2To24 has whole statistics whose resampled
// totals pass 2^24 in some resamples, where numpy's float32 additions
// round: those resamples must follow numpy's order, the others may be
// summed exactly.
func TestSigFloat32RoundingAbove2To24(t *testing.T) {
	stats := []float64{1<<23 + 1, 1, 3, 5, 7}
	const n = 400
	ref := naiveBootstrap(totalMetric{}, len(stats), stats, n, 11)
	rng := scoring.NewNumpyRNG(scoring.SeedOf(11))
	idx := make([]uint32, len(stats))
	above, rounded := 0, 0
	for _, v := range ref {
		rng.Below(uint64(len(stats)), idx)
		exact := 0.0
		for _, i := range idx {
			exact += stats[i]
		}
		if exact >= 1<<24 {
			above++
		}
		if v != exact {
			rounded++
		}
	}
	if above == n || rounded == 0 {
		t.Fatalf("%d of %d resamples above 2^24, %d rounded: the test needs exact and rounded ones", above, n, rounded)
	}
	e, err := scoring.Confidence(context.Background(), totalMetric{}, len(stats), stats, n, scoring.SeedOf(11))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ref)
	if e.Mean != scoring.ExactMean(ref) || e.CI != scoring.ConfidenceHalfWidth(ref) {
		t.Errorf("mean %v ci %v, want numpy's float32 sums: %v %v", e.Mean, e.CI, scoring.ExactMean(ref), scoring.ConfidenceHalfWidth(ref))
	}
}

// TestConfidenceProgress: ConfidenceProgress gives Confidence's estimate
// and tells a fraction that never goes back and ends at 1.
func TestConfidenceProgress(t *testing.T) {
	m := bleuMetric(t)
	stats := bleuStats(3, 300)
	want, err := scoring.Confidence(context.Background(), m, 300, stats, 700, scoring.SeedOf(12345))
	if err != nil {
		t.Fatal(err)
	}
	var seen []float64
	got, err := scoring.ConfidenceProgress(context.Background(), m, 300, stats, 700, scoring.SeedOf(12345), func(f float64) { seen = append(seen, f) })
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("ConfidenceProgress = %+v; want Confidence's %+v", got, want)
	}
	if len(seen) == 0 || seen[len(seen)-1] != 1 || !slices.IsSorted(seen) {
		t.Errorf("progress %v; want fractions rising to 1", seen)
	}
}

// TestExactMeanNonFinite: resampled scores that overflowed (add-k with a
// smooth value near the largest float) have a mean as Python's
// statistics.mean gives it, their float sum over the length, instead of a
// nil-pointer panic in math/big, which has no infinite rational.
func TestExactMeanNonFinite(t *testing.T) {
	inf := math.Inf(1)
	for _, tt := range []struct {
		x    []float64
		want float64
	}{
		{[]float64{1, inf, 2}, inf},
		{[]float64{-inf, 3}, -inf},
		{[]float64{inf, -inf}, math.NaN()},
		{[]float64{math.NaN(), 1}, math.NaN()},
		{[]float64{1, 2}, 1.5},
	} {
		got := scoring.ExactMean(tt.x)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("ExactMean(%v) = %v; want %v", tt.x, got, tt.want)
		}
	}
}
