package scoring

// SegmentLists holds lists of segments (0-based, ascending) one after
// another in a single slice, as [NGramCounts.SegmentsOfKinds] returns
// them: millions of short lists cost 4 bytes a segment, without a slice
// header per list.
type SegmentLists struct {
	segs []uint32
	end  []int // list j is segs[end[j-1]:end[j]] (from 0 for j = 0)
}

// Len returns the number of lists.
func (l SegmentLists) Len() int { return len(l.end) }

// List returns list j. It shares the memory of l: callers must not change
// it.
func (l SegmentLists) List(j int) []uint32 {
	lo := 0
	if j > 0 {
		lo = l.end[j-1]
	}
	return l.segs[lo:l.end[j]:l.end[j]]
}
