package scoring

import (
	"slices"
	"testing"
)

// TestSegmentLists: list j is the j-th run of the one slice, an empty list
// included, and appending to a list does not write into the next.
func TestSegmentLists(t *testing.T) {
	l := SegmentLists{segs: []uint32{3, 5, 1, 2, 7}, end: []int{2, 2, 4, 5}}
	want := [][]uint32{{3, 5}, {}, {1, 2}, {7}}
	if l.Len() != len(want) {
		t.Fatalf("Len() = %d; want %d", l.Len(), len(want))
	}
	for j, w := range want {
		if got := l.List(j); !slices.Equal(got, w) {
			t.Errorf("List(%d) = %v; want %v", j, got, w)
		}
	}
	_ = append(l.List(0), 9)
	_ = append(l.List(1), 9)
	if got := l.List(2); !slices.Equal(got, want[2]) {
		t.Errorf("after appending to the lists before it, List(2) = %v; want %v", got, want[2])
	}
	if n := (SegmentLists{}).Len(); n != 0 {
		t.Errorf("the zero SegmentLists has %d lists", n)
	}
}
