package sacrebleu

import (
	"fmt"
	"strconv"

	"github.com/bleuscope/bleuscope/model"
)

// maxInputVar names the environment variable that sets how many bytes the
// drop-in reads at most, over all its inputs together (counted after
// decompression): sacrebleu's command line has no room for a flag of
// bleuscope's.
const maxInputVar = "BLEUSCOPE_MAX_INPUT"

// newBudget is the input limit of a run, shared by its readers (files are
// read at the same time). It reads the limit from the environment: a
// size as --max-input takes it ([model.ParseSize]: bytes, or with a K, M,
// G or T suffix, powers of 1024); nothing means bleuscope's default, as
// its other commands have it (an eighth of the machine's memory), and so
// does a value that is not a size, with a warning on log.
func newBudget(getenv func(string) string, log logger) *model.Budget {
	limit := model.DefaultLoadOptions().MaxInput
	if v := getenv(maxInputVar); v != "" {
		if n, err := model.ParseSize(v); err == nil {
			limit = n
		} else {
			log.warn(fmt.Sprintf("%s=%s: %v; the default limit of %s applies", maxInputVar, v, err, formatSize(limit)))
		}
	}
	return model.NewBudget(limit)
}

// tooBig is the one line that reports an input over the limit of b (the
// drop-in's own wording: it names the variable, not a flag).
func tooBig(b *model.Budget, name string) error {
	limit := b.Limit()
	return fatal(1, fmt.Sprintf("%s: the input is larger than bleuscope's limit of %s for all files together; raise it with %s=%dG (bytes, or with a K, M or G suffix)",
		name, formatSize(limit), maxInputVar, max(2*limit>>30, 1)))
}

// formatSize writes a byte count in the largest binary unit that divides
// it, or in bytes.
func formatSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
