//go:build !unix

package model

import "os"

// openThrough opens target for writing without truncating or replacing
// it.
func openThrough(target string) (*os.File, error) {
	return os.OpenFile(target, os.O_WRONLY, 0)
}
