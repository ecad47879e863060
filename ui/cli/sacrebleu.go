package cli

import (
	"os"
	"strconv"

	"github.com/bleuscope/bleuscope/ui/cli/sacrebleu"
)

// runSacrebleu is `bleuscope sacrebleu ARGS`: sacrebleu 2.6.0's own
// command line, which prints what sacrebleu prints and exits as it does.
func runSacrebleu(e *env, args []string) error {
	if status := sacrebleu.RunContext(e.ctx, args, e.stdin, unwrapStdout(e.stdout), e.stderr); status != 0 {
		return sacrebleuStatus(status)
	}
	return nil
}

// sacrebleuStatus ends a drop-in run that failed: it has printed its own
// messages, so only its exit status (1, 2 or 17, as sacrebleu's) remains.
type sacrebleuStatus int

func (s sacrebleuStatus) Error() string { return "sacrebleu exit status " + strconv.Itoa(int(s)) }

// sacrebleuByName makes a bleuscope binary installed (or linked) under the
// name sacrebleu behave as `bleuscope sacrebleu`: its arguments all go to
// the drop-in.
func sacrebleuByName(args []string) []string {
	if len(os.Args) > 0 && sacrebleu.IsSacrebleuName(os.Args[0]) {
		return append([]string{"sacrebleu"}, args...)
	}
	return args
}
