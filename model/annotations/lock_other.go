//go:build !unix

package annotations

import "os"

// lockFile does nothing where advisory locks are not available: the check
// of the file's size before writing still catches a file another process
// wrote.
func lockFile(f *os.File) error { return nil }

// lockFileShared does nothing where advisory locks are not available.
func lockFileShared(f *os.File) error { return nil }
