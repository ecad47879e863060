package scoring

import "math"

// fsum returns the correctly rounded sum of xs, the way Python's math.fsum
// computes it: Shewchuk's exact summation into non-overlapping partials,
// followed by a final round-half-even correction across the partials.
//
// Like math.fsum it reports an error (an *NLTKError of type OverflowError)
// when finite inputs overflow along the way, and one of type ValueError
// when +Inf and -Inf are both present. Any other infinity or NaN in xs is
// returned as the plain float sum of the non-finite inputs.
func fsum(xs []float64) (float64, error) {
	var partials []float64
	var stack [16]float64
	partials = stack[:0]
	special, infs := 0.0, 0.0

	for _, x := range xs {
		orig := x
		i := 0
		for _, y := range partials {
			if math.Abs(x) < math.Abs(y) {
				x, y = y, x
			}
			hi := x + y
			lo := y - (hi - x)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			x = hi
		}
		partials = partials[:i]
		if x == 0 {
			continue
		}
		if math.IsInf(x, 0) || math.IsNaN(x) {
			// A non-finite running sum comes either from a non-finite
			// input or from overflow among finite inputs.
			if !math.IsInf(orig, 0) && !math.IsNaN(orig) {
				return 0, pyError("OverflowError", "intermediate overflow in fsum")
			}
			if math.IsInf(orig, 0) {
				infs += orig
			}
			special += orig
			partials = partials[:0]
			continue
		}
		partials = append(partials, x)
	}

	if special != 0 {
		if math.IsNaN(infs) {
			return 0, pyError("ValueError", "-inf + inf in fsum")
		}
		return special, nil
	}

	n := len(partials)
	if n == 0 {
		return 0, nil
	}
	n--
	hi := partials[n]
	lo := 0.0
	// Add the partials from the largest down while the sum stays exact.
	for n > 0 {
		x := hi
		n--
		y := partials[n]
		hi = x + y
		lo = y - (hi - x)
		if lo != 0 {
			break
		}
	}
	// When the rounding error lo points the same way as the next partial,
	// the true sum lies beyond the halfway point that lo alone suggests,
	// so round away from hi if that is representable.
	if n > 0 && ((lo < 0 && partials[n-1] < 0) || (lo > 0 && partials[n-1] > 0)) {
		y := lo * 2
		x := hi + y
		if y == x-hi {
			hi = x
		}
	}
	return hi, nil
}
