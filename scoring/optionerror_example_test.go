package scoring_test

import (
	"errors"
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

// A command line names the flag of the option that is wrong, in front of
// the message.
func ExampleOptionError() {
	opt := scoring.DefaultOptions()
	opt.MaxOrder = 12
	err := opt.Validate()
	var oe *scoring.OptionError
	if errors.As(err, &oe) && oe.Option == scoring.OptMaxOrder {
		fmt.Println("--max-order: " + oe.Msg)
	}
	fmt.Println(err)
	// Output:
	// --max-order: 12 is not between 1 and 9
	// scoring: max order: 12 is not between 1 and 9
}

// A value the user wrote differently (010, or a number too large to hold)
// is shown as written.
func ExampleOptionError_WithValue() {
	opt := scoring.ChrFOptions{CharOrder: 6, WordOrder: 1<<63 - 1, Beta: 2}
	var oe *scoring.OptionError
	if errors.As(opt.Validate(), &oe) {
		fmt.Println(oe.WithValue("99999999999999999999"))
	}
	// Output:
	// scoring: chrF word order: 99999999999999999999 is not between 0 and 32
}
