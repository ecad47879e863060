package model

// keyed is a row with its sort key.
type keyed struct {
	key uint64
	row int32
}

// radixBits is the width of one radix digit: six passes cover 64 bits,
// and 2048 buckets stay in cache.
const (
	radixBits    = 11
	radixBuckets = 1 << radixBits
	radixPasses  = (64 + radixBits - 1) / radixBits
)

// radixSort sorts items by key, stably: items with equal keys keep their
// order. It is a least-significant-digit-first radix sort that skips the
// digits in which all keys agree, so small keys (lengths) take one pass.
func radixSort(items []keyed) {
	if len(items) < 2 {
		return
	}
	if len(items) <= 64 {
		insertionSort(items)
		return
	}
	var counts [radixPasses][radixBuckets]int32
	for _, it := range items {
		k := it.key
		for p := range radixPasses {
			counts[p][k>>(p*radixBits)&(radixBuckets-1)]++
		}
	}
	buf := make([]keyed, len(items))
	src, dst := items, buf
	for p := range radixPasses {
		c := &counts[p]
		shift := uint(p * radixBits)
		if int(c[src[0].key>>shift&(radixBuckets-1)]) == len(items) {
			continue // every key has the same digit here
		}
		var sum int32
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, it := range src {
			d := it.key >> shift & (radixBuckets - 1)
			dst[c[d]] = it
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &items[0] {
		copy(items, src)
	}
}

func insertionSort(items []keyed) {
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && items[j].key < items[j-1].key; j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
}
