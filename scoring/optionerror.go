package scoring

import (
	"fmt"
	"strings"
)

// OptionName names the option an [OptionError] is about, in words.
type OptionName string

// The options [Options.Validate], [ChrFOptions.Validate] and
// [NewTokenizer] check.
const (
	OptTokenize      OptionName = "tokenizer"
	OptSmooth        OptionName = "smoothing"
	OptSmoothValue   OptionName = "smooth value"
	OptMaxOrder      OptionName = "max order"
	OptCompat        OptionName = "compat"
	OptNLTKSmoothing OptionName = "nltk smoothing"
	OptNLTKEpsilon   OptionName = "nltk epsilon"
	OptNLTKAlpha     OptionName = "nltk alpha"
	OptNLTKK         OptionName = "nltk k"
	OptWeights       OptionName = "weights"
	OptChrFCharOrder OptionName = "chrF character order"
	OptChrFWordOrder OptionName = "chrF word order"
	OptChrFBeta      OptionName = "chrF beta"
)

// OptionError is a bad option value: which option, and what is wrong with
// its value in words a user can read after the option's name or its flag
// ("0 is not between 1 and 9"). It wraps [ErrBadOption],
// [ErrUnknownSmoothing] or [ErrUnknownTokenizer].
type OptionError struct {
	// Option is the option whose value is wrong; "" when no one option
	// is (the options together are), and Msg then says it all.
	Option OptionName
	// Msg says what is wrong with the value.
	Msg string
	// Rule is what Msg says after the value when it starts with the
	// value ("is not between 1 and 9"), so that a caller can show the
	// value as the user wrote it (010, not 10); "" otherwise.
	Rule string
	err  error
}

// Error returns [OptionError.Text] after the package prefix: scoring:
// max order: 0 is not between 1 and 9.
func (e *OptionError) Error() string { return "scoring: " + e.Text() }

// Text returns the option's name and the message, as a user reads them:
// max order: 0 is not between 1 and 9 (the message alone when no one
// option is wrong).
func (e *OptionError) Text() string {
	if e.Option == "" {
		return e.Msg
	}
	return string(e.Option) + ": " + e.Msg
}

// Unwrap returns the sentinel error the OptionError wraps.
func (e *OptionError) Unwrap() error { return e.err }

// badOption is an [OptionError] wrapping [ErrBadOption].
func badOption(opt OptionName, format string, a ...any) *OptionError {
	return &OptionError{Option: opt, Msg: fmt.Sprintf(format, a...), err: ErrBadOption}
}

// badNumber is an [OptionError] wrapping [ErrBadOption] about the
// number x: its message is x, then the rule.
func badNumber(opt OptionName, x any, rule string, a ...any) *OptionError {
	r := fmt.Sprintf(rule, a...)
	return &OptionError{Option: opt, Msg: fmt.Sprint(x) + " " + r, Rule: r, err: ErrBadOption}
}

// OrList joins words as a sentence does: "a", "a or b", "a, b or c".
func OrList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
