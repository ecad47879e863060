package sacrebleu

import (
	"io"

	"github.com/bleuscope/bleuscope/model"
)

// This file finds the message zlib gives for corrupt deflate data, which
// Python's gzip module raises as "zlib.error: Error -3 while decompressing
// data: <message>". Go's decompressor only says that the data is
// corrupt, so the stream is walked again with zlib's checks (inflate.c
// and inftrees.c), without keeping the data: only how many bytes each
// member has produced matters ("invalid distance too far back").

// zlibReason returns zlib's message for the first corrupt deflate data in
// the gzip stream r, or "" when zlib finds none before the stream or its
// headers end.
func zlibReason(r io.ByteReader) string {
	b := &bitReader{r: r}
	for next := false; ; next = true {
		if model.ReadGzipHeader(b, next) != nil {
			return ""
		}
		msg, ok := b.inflate()
		if msg != "" || !ok {
			return msg
		}
		for range 8 { // CRC-32 and length, which the reader checked
			if _, ok := b.bits(8); !ok {
				return ""
			}
		}
	}
}

// bitReader reads deflate's bits, least significant first.
type bitReader struct {
	r    io.ByteReader
	hold uint64
	n    uint
}

// bits returns the next k (at most 32) bits; false at the end of the
// stream.
func (b *bitReader) bits(k uint) (uint32, bool) {
	for b.n < k {
		c, err := b.r.ReadByte()
		if err != nil {
			return 0, false
		}
		b.hold |= uint64(c) << b.n
		b.n += 8
	}
	v := uint32(b.hold & (1<<k - 1))
	b.hold >>= k
	b.n -= k
	return v, true
}

// ReadByte implements io.ByteReader, for the gzip headers, which start
// on a byte boundary.
func (b *bitReader) ReadByte() (byte, error) {
	c, ok := b.bits(8)
	if !ok {
		return 0, io.EOF
	}
	return byte(c), nil
}

// align drops the bits up to the next byte boundary.
func (b *bitReader) align() {
	b.hold >>= b.n & 7
	b.n -= b.n & 7
}

// huffman is a canonical Huffman code as zlib's inflate_table builds it.
type huffman struct {
	count  [16]int
	symbol []int
	// max is the longest code length; 0 for a code with no symbols,
	// which zlib decodes as an invalid code after one bit.
	max int
}

// newHuffman builds the code of lengths. ok is false where inflate_table
// fails: lengths over-subscribed, or incomplete unless only one code of
// one bit is missing (never for the code lengths' code, codes).
func newHuffman(lengths []int, codes bool) (*huffman, bool) {
	h := &huffman{}
	for _, l := range lengths {
		h.count[l]++
		if l > h.max {
			h.max = l
		}
	}
	h.count[0] = 0
	if h.max == 0 {
		return h, true
	}
	left := 1
	for l := 1; l < 16; l++ {
		left = left<<1 - h.count[l]
		if left < 0 {
			return nil, false
		}
	}
	if left > 0 && (codes || h.max != 1) {
		return nil, false
	}
	var offs [16]int
	for l := 1; l < 15; l++ {
		offs[l+1] = offs[l] + h.count[l]
	}
	h.symbol = make([]int, len(lengths))
	for s, l := range lengths {
		if l != 0 {
			h.symbol[offs[l]] = s
			offs[l]++
		}
	}
	return h, true
}

// decode reads one symbol: sym -1 is an invalid code; ok is false at the
// end of the stream.
func (b *bitReader) decode(h *huffman) (sym int, ok bool) {
	code, first, index := 0, 0, 0
	for l := 1; l <= max(h.max, 1); l++ {
		bit, ok := b.bits(1)
		if !ok {
			return 0, false
		}
		code |= int(bit)
		count := h.count[l]
		if code-first < count {
			return h.symbol[index+code-first], true
		}
		index += count
		first = (first + count) << 1
		code <<= 1
	}
	return -1, true
}

var (
	lengthBase  = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [...]uint{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// clOrder is the order of the code length code's lengths.
	clOrder = [...]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// fixedCodes are the codes of a block compressed with fixed codes.
func fixedCodes() (lit, dist *huffman) {
	l := make([]int, 288)
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		default:
			l[i] = 8
		}
	}
	d := make([]int, 30+2)
	for i := range d {
		d[i] = 5
	}
	lit, _ = newHuffman(l, false)
	dist, _ = newHuffman(d, false)
	return lit, dist
}

// inflate walks one member's deflate data: zlib's message where it is
// corrupt, ok false where the stream ends first.
func (b *bitReader) inflate() (msg string, ok bool) {
	out := 0 // bytes the member has produced
	for {
		hdr, ok := b.bits(3)
		if !ok {
			return "", false
		}
		var lit, dist *huffman
		switch hdr >> 1 {
		case 0:
			b.align()
			lens, ok := b.bits(32)
			if !ok {
				return "", false
			}
			if lens&0xffff != lens>>16^0xffff {
				return "invalid stored block lengths", true
			}
			for n := lens & 0xffff; n > 0; n-- {
				if _, ok := b.bits(8); !ok {
					return "", false
				}
			}
			out += int(lens & 0xffff)
		case 1:
			lit, dist = fixedCodes()
		case 2:
			if msg, ok := b.dynamicCodes(&lit, &dist); msg != "" || !ok {
				return msg, ok
			}
		default:
			return "invalid block type", true
		}
		if lit != nil {
			if msg, ok := b.codes(lit, dist, &out); msg != "" || !ok {
				return msg, ok
			}
		}
		if hdr&1 != 0 {
			b.align()
			return "", true
		}
	}
}

// dynamicCodes reads a dynamic block's codes.
func (b *bitReader) dynamicCodes(lit, dist **huffman) (msg string, ok bool) {
	v, ok := b.bits(14)
	if !ok {
		return "", false
	}
	nlen, ndist, ncode := int(v&31)+257, int(v>>5&31)+1, int(v>>10)+4
	if nlen > 286 || ndist > 30 {
		return "too many length or distance symbols", true
	}
	cl := make([]int, 19)
	for i := range ncode {
		l, ok := b.bits(3)
		if !ok {
			return "", false
		}
		cl[clOrder[i]] = int(l)
	}
	clCode, valid := newHuffman(cl, true)
	if !valid {
		return "invalid code lengths set", true
	}
	lengths := make([]int, 0, nlen+ndist)
	for len(lengths) < nlen+ndist {
		var sym int
		if clCode.max == 0 {
			// zlib's empty table reads every symbol as 0, one bit each.
			if _, ok := b.bits(1); !ok {
				return "", false
			}
		} else if sym, ok = b.decode(clCode); !ok {
			return "", false
		}
		if sym < 16 {
			lengths = append(lengths, sym)
			continue
		}
		var prev, n int
		var e uint32
		switch sym {
		case 16:
			if len(lengths) == 0 {
				return "invalid bit length repeat", true
			}
			prev = lengths[len(lengths)-1]
			e, ok = b.bits(2)
			n = 3 + int(e)
		case 17:
			e, ok = b.bits(3)
			n = 3 + int(e)
		default:
			e, ok = b.bits(7)
			n = 11 + int(e)
		}
		if !ok {
			return "", false
		}
		if len(lengths)+n > nlen+ndist {
			return "invalid bit length repeat", true
		}
		for ; n > 0; n-- {
			lengths = append(lengths, prev)
		}
	}
	if lengths[256] == 0 {
		return "invalid code -- missing end-of-block", true
	}
	if *lit, ok = newHuffman(lengths[:nlen], false); !ok {
		return "invalid literal/lengths set", true
	}
	if *dist, ok = newHuffman(lengths[nlen:], false); !ok {
		return "invalid distances set", true
	}
	return "", true
}

// codes walks a block's compressed data up to its end-of-block code,
// counting the bytes produced in out.
func (b *bitReader) codes(lit, dist *huffman, out *int) (msg string, ok bool) {
	for {
		sym, ok := b.decode(lit)
		switch {
		case !ok:
			return "", false
		case sym < 0 || sym > 285:
			return "invalid literal/length code", true
		case sym < 256:
			*out++
			continue
		case sym == 256:
			return "", true
		}
		e, ok := b.bits(lengthExtra[sym-257])
		if !ok {
			return "", false
		}
		n := lengthBase[sym-257] + int(e)
		d, ok := b.decode(dist)
		switch {
		case !ok:
			return "", false
		case d < 0 || d > 29:
			return "invalid distance code", true
		}
		e, ok = b.bits(distExtra[d])
		if !ok {
			return "", false
		}
		if distBase[d]+int(e) > *out {
			return "invalid distance too far back", true
		}
		*out += n
	}
}
