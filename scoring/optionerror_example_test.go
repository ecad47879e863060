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
