package scoring

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Seed is a seed of numpy's generator, as SACREBLEU_SEED gives it: a
// non-negative whole number of any size. The zero value is the seed 0;
// seeds compare with ==. [SeedOf], [NewSeed] and [ParseSeed] make one,
// [DefaultSeed] is sacrebleu's.
type Seed struct {
	// words are the number's 32-bit words as numpy's SeedSequence reads
	// them, least significant first, 4 little-endian bytes each, without
	// the zero words above the highest set one ("" is 0). A string keeps
	// a Seed comparable and immutable.
	words string
}

// PyMaxStrDigits is how many digits Python 3.11's int() reads from a
// string at most (sys.get_int_max_str_digits()'s default), and so the
// longest SACREBLEU_SEED sacrebleu takes.
const PyMaxStrDigits = 4300

// Errors of [NewSeed] and [ParseSeed].
var (
	// ErrSeedNegative: numpy refuses a negative seed.
	ErrSeedNegative = errors.New("scoring: a seed must not be negative")
	// ErrSeedSyntax: Python's int() does not read the text.
	ErrSeedSyntax = errors.New("scoring: a seed is a whole number")
)

// SeedDigitsError is [ParseSeed]'s error for a seed of more digits than
// Python's int() reads ([PyMaxStrDigits]).
type SeedDigitsError struct {
	// Digits is how many digits the seed has (leading zeros too).
	Digits int
}

func (e *SeedDigitsError) Error() string {
	return fmt.Sprintf("scoring: a seed of %d digits is more than the %d Python's int() reads", e.Digits, PyMaxStrDigits)
}

// DefaultSeed returns sacrebleu's seed when SACREBLEU_SEED is not set,
// 12345.
func DefaultSeed() Seed { return SeedOf(12345) }

// SeedOf returns the seed v.
func SeedOf(v uint64) Seed {
	var b [8]byte
	binary.LittleEndian.PutUint32(b[:], uint32(v))
	binary.LittleEndian.PutUint32(b[4:], uint32(v>>32))
	return Seed{trimWords(b[:])}
}

// NewSeed returns the seed n, or [ErrSeedNegative] when n is below 0.
func NewSeed(n *big.Int) (Seed, error) {
	if n.Sign() < 0 {
		return Seed{}, ErrSeedNegative
	}
	be := n.Bytes() // big-endian, without leading zeros
	b := make([]byte, (len(be)+3)/4*4)
	for i, c := range be {
		b[len(be)-1-i] = c
	}
	return Seed{string(b)}, nil
}

// ParseSeed reads a seed as sacrebleu reads SACREBLEU_SEED: Python's
// int() ([PyIntASCII]: whitespace around, one sign, underscores between
// digits, the decimal digits of any script; at most [PyMaxStrDigits]
// digits, else a [*SeedDigitsError]), then numpy's refusal of a negative
// number ([ErrSeedNegative]; -0 is 0). Text int() does not read is
// [ErrSeedSyntax].
func ParseSeed(s string) (Seed, error) {
	t, ok := PyIntASCII(s)
	if !ok {
		return Seed{}, ErrSeedSyntax
	}
	if d := len(strings.TrimLeft(t, "+-")); d > PyMaxStrDigits {
		return Seed{}, &SeedDigitsError{Digits: d}
	}
	n, ok := new(big.Int).SetString(t, 10)
	if !ok {
		return Seed{}, ErrSeedSyntax
	}
	return NewSeed(n)
}

// trimWords drops the zero words above the highest set one of b, whose
// length is a multiple of 4.
func trimWords(b []byte) string {
	for len(b) >= 4 && binary.LittleEndian.Uint32(b[len(b)-4:]) == 0 {
		b = b[:len(b)-4]
	}
	return string(b)
}

// String returns the seed in decimal, every digit of it.
func (s Seed) String() string {
	be := make([]byte, len(s.words))
	for i := range len(s.words) {
		be[len(be)-1-i] = s.words[i]
	}
	return new(big.Int).SetBytes(be).String()
}

// entropy returns the seed's 32-bit words as numpy's SeedSequence reads
// a non-negative integer: least significant first, one word 0 for 0.
func (s Seed) entropy() []uint32 {
	words := make([]uint32, max(1, len(s.words)/4))
	for i := 0; i+4 <= len(s.words); i += 4 {
		words[i/4] = binary.LittleEndian.Uint32([]byte(s.words[i : i+4]))
	}
	return words
}
