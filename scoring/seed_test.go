package scoring

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// TestParseSeed checks seeds as sacrebleu reads SACREBLEU_SEED: Python's
// int() with its digit limit (leading zeros count, underscores do not),
// then numpy's refusal of a negative seed; and that a seed reads back as
// the number it is.
func TestParseSeed(t *testing.T) {
	limit := "1" + strings.Repeat("0", PyMaxStrDigits-1)
	for in, want := range map[string]string{
		"0": "0", "-0": "0", "+00": "0", " 12345\n": "12345", "1_2": "12",
		"\u0661\u0662":         "12", // Arabic-Indic digits, as int() reads them
		"18446744073709551615": "18446744073709551615", "18446744073709551616": "18446744073709551616",
		"0_36893488147419103232": "36893488147419103232",
		limit:                    limit,
		"1_" + limit[1:]:         limit, // underscores are not digits
	} {
		got, err := ParseSeed(in)
		if err != nil || got.String() != want {
			t.Errorf("ParseSeed(%.30q) = %.30s, %v; want %.30s", in, got, err, want)
		}
	}
	for in, want := range map[string]error{
		"": ErrSeedSyntax, "1.5": ErrSeedSyntax, "4__2": ErrSeedSyntax, "none": ErrSeedSyntax, "0x10": ErrSeedSyntax,
		"-1": ErrSeedNegative, "-18446744073709551616": ErrSeedNegative,
	} {
		if _, err := ParseSeed(in); !errors.Is(err, want) {
			t.Errorf("ParseSeed(%q): %v, want %v", in, err, want)
		}
	}
	for in, digits := range map[string]int{limit + "0": PyMaxStrDigits + 1, "0" + limit: PyMaxStrDigits + 1, "-" + limit + "1": PyMaxStrDigits + 1} {
		var long *SeedDigitsError
		if _, err := ParseSeed(in); !errors.As(err, &long) || long.Digits != digits {
			t.Errorf("ParseSeed(%d digits): %v, want a SeedDigitsError of %d", len(in), err, digits)
		}
	}
}

// TestSeedValues checks that one number is one Seed however it is made
// (the zero value is 0), and that String gives every digit back.
func TestSeedValues(t *testing.T) {
	if (Seed{}) != SeedOf(0) || DefaultSeed() != SeedOf(12345) {
		t.Errorf("Seed{} = %v, DefaultSeed() = %v; want 0 and 12345", Seed{}, DefaultSeed())
	}
	if NewNumpyRNG(Seed{}).Uint64() != NewNumpyRNG(SeedOf(0)).Uint64() {
		t.Error("the zero Seed draws otherwise than seed 0")
	}
	for _, s := range []string{"0", "1", "4294967295", "4294967296", "18446744073709551615", "18446744073709551616", "340282366920938463463374607431768211457", strings.Repeat("9", 4300)} {
		n, _ := new(big.Int).SetString(s, 10)
		seed, err := NewSeed(n)
		if err != nil || seed.String() != s {
			t.Errorf("NewSeed(%.30s) = %.30s, %v", s, seed, err)
		}
		if n.IsUint64() && seed != SeedOf(n.Uint64()) {
			t.Errorf("NewSeed(%s) = %v differs from SeedOf", s, seed)
		}
		if parsed, err := ParseSeed(s); err != nil || parsed != seed {
			t.Errorf("ParseSeed(%.30s) = %.30s, %v; want NewSeed's", s, parsed, err)
		}
	}
	if _, err := NewSeed(big.NewInt(-1)); !errors.Is(err, ErrSeedNegative) {
		t.Errorf("NewSeed(-1): %v, want ErrSeedNegative", err)
	}
}
