package scoring

import "unsafe"

// forward is a forward index: for each segment of a contiguous run, the
// postings (id << flagBits | kind flags) of the n-grams that count there.
// It is kept in blocks of about blockPostings postings that start and end
// at segment boundaries, so that it grows without copying and is scanned
// block by block.
type forward struct {
	blocks []fwdBlock
	cur    *fwdBlock
}

// fwdBlock holds the postings of segments first, first+1, …: those of
// segment first+j are post[ends[j-1]:ends[j]] (from 0 for j = 0).
type fwdBlock struct {
	first int
	ends  []uint32
	post  []uint32
}

// blockPostings is the size blocks grow to: 4 MB, so that the blocks of a
// large corpus are backed by huge pages (the postings are written once,
// in order; with 4 KB pages writing them costs a page fault every
// thousand postings).
const blockPostings = 1 << 20

// begin starts the postings of segment seg, which follows the last one
// begun; the caller appends them to cur.post, then calls end.
func (f *forward) begin(seg int) {
	if f.cur == nil || len(f.cur.post) >= cap(f.cur.post)*7/8 {
		// Blocks start small (a small corpus allocates little) and double
		// up to blockPostings, with an eighth spare for the segment that
		// crosses the mark.
		size := 1 << 12
		if f.cur != nil {
			size = min(2*cap(f.cur.post), blockPostings+blockPostings/8)
		}
		post := make([]uint32, 0, size)
		adviseHuge(unsafe.Pointer(unsafe.SliceData(post)), uintptr(size)*4)
		f.blocks = append(f.blocks, fwdBlock{first: seg, post: post})
		f.cur = &f.blocks[len(f.blocks)-1]
	}
}

func (f *forward) end() { f.cur.ends = append(f.cur.ends, uint32(len(f.cur.post))) }

// seal trims the spare room of the last block and forgets the cursor.
func (f *forward) seal() {
	if f.cur != nil {
		f.cur.post = f.cur.post[:len(f.cur.post):len(f.cur.post)]
		f.cur = nil
	}
}
