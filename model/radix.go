package model

// keyed is a row with its sort key.
type keyed struct {
	key uint64
	row int32
}

// radixSort sorts items by key, stably: items with equal keys keep their
// order. It is a least-significant-byte-first radix sort that skips the
// bytes in which all keys agree, so small keys (lengths) take one or two
// passes.
func radixSort(items []keyed) {
	if len(items) < 2 {
		return
	}
	if len(items) <= 64 {
		insertionSort(items)
		return
	}
	var counts [8][256]int
	for _, it := range items {
		k := it.key
		for b := range 8 {
			counts[b][byte(k>>(8*b))]++
		}
	}
	buf := make([]keyed, len(items))
	src, dst := items, buf
	for b := range 8 {
		c := &counts[b]
		if c[byte(src[0].key>>(8*b))] == len(items) {
			continue // every key has the same byte here
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		shift := uint(8 * b)
		for _, it := range src {
			d := byte(it.key >> shift)
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
