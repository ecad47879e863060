package cli

import "testing"

// TestOptionFlagsAreFlags: every flag an option error may name is one the
// scoring commands take.
func TestOptionFlagsAreFlags(t *testing.T) {
	fs := newFlagSet("score")
	addScoreFlags(fs)
	addMetricFlags(fs)
	for opt, names := range optionFlags {
		for _, n := range names {
			if fs.Lookup(n) == nil {
				t.Errorf("option %q names the flag %s, which score does not take", opt, flagName(n))
			}
		}
	}
}
