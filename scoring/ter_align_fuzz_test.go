package scoring

import "testing"

// FuzzTERDistance checks the shortcut of the shift search: the distance
// of a moved hypothesis computed from the rows it shares with the current
// one equals the distance computed from the first row. The bytes of hyp
// and ref are words of a four-word vocabulary, so that phrases repeat;
// shift picks the phrase start, length and target.
func FuzzTERDistance(f *testing.F) {
	f.Add([]byte("abcdabcd"), []byte("cdabcdab"), byte(4), byte(1), byte(0))
	f.Add([]byte("a"), []byte("abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdab"), byte(0), byte(0), byte(1))
	f.Add([]byte("abababababababababababababababababababababababababababab"), []byte("ba"), byte(50), byte(9), byte(3))
	f.Add([]byte("abcdefghij"), []byte("jihgfedcba"), byte(2), byte(3), byte(5))
	f.Fuzz(func(t *testing.T, hb, rb []byte, start, length, target byte) {
		if len(hb) == 0 || len(rb) == 0 || len(hb) > 200 || len(rb) > 200 {
			return
		}
		words := func(b []byte) []int32 {
			w := make([]int32, len(b))
			for i, c := range b {
				w[i] = int32(c % 4)
			}
			return w
		}
		var a terAligner
		a.h, a.r = words(hb), words(rb)
		a.n, a.m = len(a.h), len(a.r)
		a.setBand()
		cost0 := a.table()
		a.cand = append(a.cand[:0], a.h...) // distance(0) recomputes every row of a.cand
		if full := a.distance(0); full != cost0 {
			t.Fatalf("distance of the hypothesis itself %d, table %d", full, cost0)
		}
		sh := int(start) % a.n
		l := 1 + int(length)%min(terMaxShiftSize, a.n-sh)
		tg := int(target) % (a.n + 1)
		a.shifted(sh, l, tg)
		if len(a.cand) != a.n {
			t.Fatalf("shift (%d, %d, %d) of %d words gives %d", sh, l, tg, a.n, len(a.cand))
		}
		fast := a.distance(min(sh, tg))
		if slow := a.distance(0); fast != slow {
			t.Fatalf("%v against %v, shift (%d, %d, %d): %d from row %d, %d from row 0",
				a.h, a.r, sh, l, tg, fast, min(sh, tg), slow)
		}
	})
}
