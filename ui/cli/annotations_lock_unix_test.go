//go:build unix

package cli

import (
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bleuscope/bleuscope/model/annotations"
)

// holdLock takes the annotation file's lock as a bleuscope that keeps it
// while open would (or one stuck mid-write), until the test ends.
func holdLock(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
}

// TestAnnotationsImportWhileLocked: importing into a file whose lock
// another bleuscope holds for longer than a write takes says so in one
// line, and adds nothing.
func TestAnnotationsImportWhileLocked(t *testing.T) {
	writeFiles(t, map[string]string{"m.tsv": mqmSmall})
	holdLock(t, "a.ann")
	code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv")
	if want := "bleuscope: a.ann is locked by another bleuscope (one that keeps the lock while open, or one stuck); quit it, then import (nothing was added)\n"; code != exitUsage || stderr != want {
		t.Errorf("status %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if st, err := annotations.Open("a.ann"); err != nil || len(st.All()) != 0 {
		t.Errorf("the file holds %v (%v); want nothing", st.All(), err)
	}
}

// TestExploreWarnsOfAHeldLock: an annotation file whose lock another
// bleuscope holds is said at open on standard error too, with what
// happens to the changes made meanwhile.
func TestExploreWarnsOfAHeldLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	holdLock(t, path)
	_, stderr := openExplorer(t, 80, 24, "--annotations", path, "../../fixtures/demo/fluent.en", "-r", "../../fixtures/demo/ref.A.en")
	want := "bleuscope: warning: " + path + ": another bleuscope holds its lock (one that keeps it while open, or one stuck): changes made here are kept in memory, marked NOT SAVED, and saved after its own once it lets go"
	if !strings.Contains(stderr, want) {
		t.Errorf("standard error does not say %q:\n%s", want, stderr)
	}
}

// TestImportNotSaved imports into an annotation file that cannot grow (the
// process's file size limit, which fails a write as a full disk does,
// with EFBIG): one line in the words -o's failures get, that nothing was
// added, exit 2, and the file as it was; before, it said the store's
// words for the explorer, "1 change kept in memory and not yet on disk:
// … the next change or save writes them", of a command that had ended.
func TestImportNotSaved(t *testing.T) { importPastSizeLimit(t, nil) }

// importPastSizeLimit is [TestImportNotSaved]; watch, when not nil, is
// called with the annotation file before the import that cannot write
// it, and returns how many times the import then tried the write, which
// must be twice: the import's write and one more, none after the
// refusal.
func importPastSizeLimit(t *testing.T, watch func(path string) (tries func() int)) {
	t.Helper()
	dir := writeFiles(t, map[string]string{"m.tsv": mqmSmall, "n.tsv": strings.ReplaceAll(mqmSmall, "sysB", "sysC")})
	if code, _, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "m.tsv"); code != 0 {
		t.Fatalf("import: status %d, stderr %q", code, stderr)
	}
	before, err := os.ReadFile(filepath.Join(dir, "a.ann"))
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	signal.Ignore(syscall.SIGXFSZ) // a write past the limit fails instead of ending the process
	defer signal.Reset(syscall.SIGXFSZ)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(len(before)) + 10, Max: old.Max}); err != nil {
		t.Skip(err)
	}
	var tries func() int
	if watch != nil {
		tries = watch(filepath.Join(dir, "a.ann"))
	}
	code, out, stderr := runCLI(t, "", "annotations", "import", "--annotations", "a.ann", "n.tsv")
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	want := "bleuscope: cannot write a.ann: file too large, then import again (nothing was added)\n"
	after, _ := os.ReadFile(filepath.Join(dir, "a.ann"))
	if code != exitUsage || out != "" || stderr != want || string(after) != string(before) {
		t.Errorf("import past the file size limit: status %d, stdout %q, stderr %q, the file changed: %v; want 2, %q and the file as it was", code, out, stderr, string(after) != string(before), want)
	}
	if tries != nil {
		if n := tries(); n != 2 {
			t.Errorf("the import tried the write %d times; want 2, its own and one more before it refused", n)
		}
	}
}
