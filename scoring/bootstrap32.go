package scoring

import (
	"math"
	"unsafe"
)

// cacheLine is the size of a CPU cache line on the machines Go runs on
// most (x86-64, arm64).
const cacheLine = 64

// touchAhead is how many resampled rows sumRows fetches at a time before
// adding them: their cache misses then overlap instead of following one
// another.
const touchAhead = 32

// table32 holds the statistics as the float32 sums of the bootstrap read
// them, once its resample sums pass 2^24 (a million segments): those sums
// must add every drawn row in draw order, one random row per draw, so
// what a draw costs is the memory it touches. The table holds each
// distinct column once (a column equal to the first system's same column,
// such as chrF's reference counts or BLEU's reference lengths against one
// reference, is read from that one), as uint16 when every value is a whole
// number below 2^16 (converted to float32 exactly, as numpy converts them)
// and as float32 otherwise, every system's side by side, its rows padded
// to a power of two or whole cache lines so that a row takes the fewest
// lines.
type table32 struct {
	src    []int // per resampler column (system·w + k), the table column holding it
	n      int   // table columns
	stride int   // values from one row to the next
	lines  int   // cache lines a row spans (when the table is aligned)
	u16    []uint16
	f32    []float32
}

// newTable32 builds the table of systems (segments rows of w values each).
func newTable32[T Statistic](segments, w int, systems [][]T) *table32 {
	// A column of a later system may repeat the first system's: the
	// pairs still equal after each row.
	same := make([]bool, len(systems)*w)
	for k := w; k < len(same); k++ {
		same[k] = true
	}
	for i := range segments {
		first := systems[0][i*w : (i+1)*w]
		for s := 1; s < len(systems); s++ {
			row := systems[s][i*w : (i+1)*w]
			for k, v := range row {
				same[s*w+k] = same[s*w+k] && v == first[k]
			}
		}
	}
	t := &table32{src: make([]int, len(same))}
	var cols []int // the resampler column each table column holds
	for c, dup := range same {
		if dup {
			t.src[c] = t.src[c%w]
			continue
		}
		t.src[c] = len(cols)
		cols = append(cols, c)
	}
	t.n = len(cols)
	narrow := true
	for i := range segments {
		for _, c := range cols {
			v := float64(systems[c/w][i*w+c%w])
			narrow = narrow && v >= 0 && v <= math.MaxUint16 && v == math.Trunc(v)
		}
	}
	size := 4
	if narrow {
		size = 2
	}
	rowBytes := t.n * size
	if rowBytes <= cacheLine {
		for rowBytes&(rowBytes-1) != 0 {
			rowBytes += size
		}
	} else {
		rowBytes = (rowBytes + cacheLine - 1) / cacheLine * cacheLine
	}
	t.stride, t.lines = rowBytes/size, (rowBytes+cacheLine-1)/cacheLine
	if narrow {
		t.u16 = fillTable[uint16](segments, w, t.stride, systems, cols)
	} else {
		t.f32 = fillTable[float32](segments, w, t.stride, systems, cols)
	}
	return t
}

// fillTable returns the rows of the table: segment i's values of the
// resampler columns cols at i·stride, converted to E.
func fillTable[E uint16 | float32, T Statistic](segments, w, stride int, systems [][]T, cols []int) []E {
	tab := alignedRows[E](segments * stride)
	for i := range segments {
		row := tab[i*stride : i*stride+len(cols)]
		for k, c := range cols {
			row[k] = E(systems[c/w][i*w+c%w])
		}
	}
	return tab
}

// alignedRows returns n zero values starting on a cache line, on huge
// pages where the kernel has them: the table is read at random.
func alignedRows[E uint16 | float32](n int) []E {
	var zero E
	size := int(unsafe.Sizeof(zero))
	per := cacheLine / size
	buf := make([]E, n+per)
	skip := (cacheLine - int(uintptr(unsafe.Pointer(unsafe.SliceData(buf))))%cacheLine) % cacheLine / size
	out := buf[skip : skip+n : skip+n]
	if n > 0 {
		adviseHuge(unsafe.Pointer(unsafe.SliceData(out)), uintptr(n*size))
	}
	return out
}

// sum stores in out (one value per resampler column) the float32 sums of
// the rows idx, added in that order as numpy adds them; acc holds t.n
// values, sink takes the values fetched ahead.
func (t *table32) sum(out []float64, acc []float32, idx []uint32, sink *uint32) {
	acc = acc[:t.n]
	clear(acc)
	if t.u16 != nil {
		*sink += uint32(sumRows(acc, t.u16, t.stride, t.lines, idx))
	} else {
		*sink += uint32(sumRows(acc, t.f32, t.stride, t.lines, idx))
	}
	for k, c := range t.src {
		out[k] = float64(acc[c])
	}
}

// sumRows adds to acc the first len(acc) values of the rows idx of tab
// (stride values apart, lines cache lines each), in order. It first reads
// one value of every line of the next touchAhead rows, which the CPU can
// fetch all at once, then adds them, from the cache; it returns the sum of
// what it read ahead, for the caller to keep so that the reads stay.
func sumRows[E uint16 | float32](acc []float32, tab []E, stride, lines int, idx []uint32) E {
	var sink E
	per := stride / lines // values a line, when a row spans lines
	for len(idx) > 0 {
		ahead := idx[:min(touchAhead, len(idx))]
		idx = idx[len(ahead):]
		for _, i := range ahead {
			at := int(i) * stride
			for l := range lines {
				sink += tab[at+l*per]
			}
		}
		for _, i := range ahead {
			at := int(i) * stride
			row := tab[at : at+len(acc)]
			a := acc[:len(row)]
			for k, v := range row {
				a[k] += float32(v)
			}
		}
	}
	return sink
}
