package annotations

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/bleuscope/bleuscope/model"
)

// Store is an annotation file and the annotations in it. Every change is
// applied in memory, appended to the file as one checksummed record and
// synced to disk before the call returns without error, so a caller may
// report it saved then. When the file cannot be written (a full disk, an
// unwritable path) the call returns a [*SaveError], the change stays in
// memory, and the next change or [Store.Flush] writes everything still
// pending. Several processes may annotate one file: each write takes
// the file's lock for the write alone (waiting up to [lockWait] for
// another's, else [ErrInUse]), reads what others appended since this
// store last read or wrote it, puts its changes after theirs (refusing one
// that would undo theirs, see [Store.catchUp]), appends, syncs and lets
// the lock go. A Store is safe for use by several goroutines.
type Store struct {
	mu     sync.Mutex
	path   string
	anns   []Annotation
	index  map[int]int // ID → position in anns
	nextID int
	exists bool        // the file has a complete header
	size   int64       // end of the last record known to be on disk
	dirty  bool        // bytes after size may be a torn record to cut off
	seen   os.FileInfo // the file as last read or written, nil unknown or none
	syncs  int         // reads and writes of the file begun, for [Store.Refresh]
	// caughtUp counts the times the store took in what another
	// bleuscope saved ([Store.CaughtUp]).
	caughtUp int
	pending  []pendingRecord // records not yet on disk
	ops      int             // operations in the file, pending ones included
	// former are the contents ([contentHash]) of annotations the file
	// held and a change since edited or deleted (or replaced, as a mark
	// of the segment replaces another): its own, which an MQM row of that
	// content (the row it was imported from) is not added as again
	// ([Store.Missing], [Store.Import]). The journal's history says them,
	// and a compacted file's record of them ([record.Former]).
	former map[contentHash]struct{}
	// lastSystem and lastLine are the segment of the last operation
	// applied (an annotation put or deleted), lastLine 0 before any.
	lastSystem string
	lastLine   int
	// synced is nextID when the store last read or wrote the file: the
	// pending changes add the annotations from it on; touched is what the
	// annotations below it they change or delete were then (see
	// [Store.undoes]).
	synced  int
	touched map[int]seenAs
	// dropped counts the changes catching up dropped (see [Store.Dropped]);
	// lastDropped says the change being committed was one.
	dropped     int
	lastDropped bool
	// restored counts the annotations a write put back in a file found
	// deleted or emptied since this store read it (see [Store.Restored]).
	restored int
	warnings []string
	// recorded are the typologies the file records, in its order (see
	// [typologyRecord]); typology is the one changes are made with, nil
	// when none is said ([Store.SetTypology]), typologyRec it as a file
	// records it and typologyEnc that record encoded, both made once when
	// it is set.
	recorded    []*typologyRecord
	typology    *Preset
	typologyRec *typologyRecord
	typologyEnc []byte
	// followed reports that this store's changes in the file follow a
	// record of its typology: it wrote one, or found it the file's last
	// when it first wrote (see [Store.needsTypology]).
	followed bool
	now      func() time.Time
	// writeAt writes to the file; tests replace it to fail like a full
	// disk.
	writeAt func(f *os.File, b []byte, off int64) (int, error)
}

// pendingRecord is a change not yet on disk: its operations and their
// journal line, encoded once, when the change is made, but for a change
// of more than [lineOps] operations (an import), whose line is encoded as
// it is written ([journalWriter.record]), never held whole. Catching up
// with another writer clears line when it renumbers or drops operations,
// and the write encodes the record as it is then.
type pendingRecord struct {
	ops  []op
	line []byte
}

// SaveError reports changes that are in memory but could not be written
// to the annotation file.
type SaveError struct {
	// Path is the annotation file.
	Path string
	// Pending is the number of changes not yet on disk.
	Pending int
	// Err is the failure of the file system.
	Err error
}

// Error says what failed, that the work is kept, and what to do.
func (e *SaveError) Error() string {
	fix := "free some space or fix the path's permissions, and the next change or save writes them"
	switch {
	case errors.Is(e.Err, ErrInUse):
		fix = "the next change or save writes them after the other's once it lets the lock go (quit it if it is a bleuscope that holds the lock while open)"
	case errors.Is(e.Err, ErrChanged):
		return fmt.Sprintf("annotations: not saved: %v, and this change would have undone it; %s shows that one", e.Err, e.Path)
	}
	return fmt.Sprintf("annotations: cannot save %s (%v); %d change%s kept in memory and not yet on disk: %s",
		e.Path, e.Err, e.Pending, model.PluralS(e.Pending), fix)
}

// Unwrap returns the file system's error.
func (e *SaveError) Unwrap() error { return e.Err }

// ErrNotFound is returned when no annotation has the ID given.
var ErrNotFound = errors.New("annotations: no annotation with that id")

// ErrGone is returned by [Store.Refresh] when the file that held the
// store's annotations is found deleted or emptied: the store keeps them,
// and its next write puts the file back whole ([Store.Restored]).
var ErrGone = errors.New("the annotation file was deleted or emptied")

// ErrInUse is wrapped by the [*SaveError] of a change to a file another
// process is writing.
var ErrInUse = errors.New("another bleuscope has held this annotation file's lock for over 3 s")

// ErrChanged is wrapped by the [*SaveError] of a change that would have
// undone one another bleuscope saved to the file since this store read it
// (see [Store.catchUp]): it is dropped, and the store shows the file's.
var ErrChanged = errors.New("another bleuscope saved a change to the same annotation")

// ErrHasErrors is returned when a segment with errors by a rater is
// marked as having none by the same rater.
var ErrHasErrors = errors.New("annotations: the segment has errors by this rater; delete them before marking it as having no error")

// Open reads the annotation file at path and replays its changes. A file
// that does not exist yet is an empty store, created by the first change.
// A last change cut short by a crash is dropped with a warning
// ([Store.Warnings]) and cut off the file at the next write. Open itself
// never writes. A file that cannot be read, is not an annotation file or
// is damaged before its last line is a [*model.InputError] naming the
// line.
func Open(path string) (*Store, error) {
	return OpenWithin(path, model.LoadOptions{})
}

// OpenWithin is [Open] with the input limit of limits (its zero value:
// the default) on the file's size. The file must be a regular file, or
// not exist yet: a device, a FIFO or a socket is refused, since saving
// replaces the file. A symbolic link is followed, and its target is the
// file written, the link kept.
func OpenWithin(path string, limits model.LoadOptions) (*Store, error) {
	path, err := annotationPath(path, limits)
	if err != nil {
		return nil, err
	}
	release := keepWritersOut(path)
	j, err := readJournal(path)
	release()
	if err != nil {
		return nil, err
	}
	s := &Store{path: path, now: time.Now, warnings: j.warnings, writeAt: (*os.File).WriteAt}
	s.load(j)
	return s, nil
}

// Parse reads data, the whole of an annotation file read by a command
// that only reads it, from a pipe or a device say, which is read once and
// never written, as [Open] reads a file: it returns the annotations, in
// the order they were added ([Store.All]), the typologies the file
// records ([Store.Typologies]) and what reading dropped
// ([Store.Warnings]); its errors are Open's, naming the file as name.
func Parse(data []byte, name string) (anns []Annotation, typologies []*Preset, warnings []string, err error) {
	j, err := parseJournal(name, data, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	s := &Store{path: name, now: time.Now, warnings: j.warnings}
	s.load(j)
	return s.anns, s.Typologies(), s.Warnings(), nil // the store's own, which nothing else holds
}

// ReadFile reads the annotation file at path, within the input limit of
// limits, as [OpenWithin] opens it, for a command that only reads it: it
// returns what [Parse] returns, without a copy of the annotations a
// store would keep.
func ReadFile(path string, limits model.LoadOptions) (anns []Annotation, typologies []*Preset, warnings []string, err error) {
	s, err := OpenWithin(path, limits)
	if err != nil {
		return nil, nil, nil, err
	}
	return s.anns, s.Typologies(), s.Warnings(), nil // the store's own, which nothing else holds
}

// load makes the store's view that of the journal j just read: the
// annotations its records leave, where the file's good part ends and
// whether a torn record follows it. It takes j's annotations, leaving
// none in j, so that each is let go once the store holds its copy.
func (s *Store) load(j *journal) {
	s.syncs++
	s.exists, s.size, s.seen, s.dirty = j.exists, j.good, j.info, false
	if j.info != nil {
		s.dirty = j.info.Size() > j.good
	}
	s.anns, s.index, s.nextID, s.ops = nil, map[int]int{}, 1, 0
	s.lastSystem, s.lastLine = "", 0
	s.recorded, s.former = nil, nil
	puts := 0
	for _, rec := range j.records {
		puts += len(rec.Ops)
	}
	s.anns = make([]Annotation, 0, puts)
	for _, rec := range j.records {
		if rec.Typology != nil {
			s.recorded = append(s.recorded, rec.Typology)
		}
		for _, h := range rec.Former {
			s.addFormer(h)
		}
		s.ops += len(rec.Ops)
		for k, o := range rec.Ops {
			if o.Op == "put" && o.Ann != nil || o.Op == "del" {
				s.apply(o)
			} else {
				s.warnings = append(s.warnings, fmt.Sprintf("%s: skipped an unknown operation %s", s.path, model.Quote(o.Op)))
			}
			rec.Ops[k].Ann = nil
		}
	}
	s.synced, s.touched = s.nextID, nil
}

// touch notes, before o changes it the first time since the file was
// last read or written, what the annotation o changes was then.
func (s *Store) touch(o op) {
	id := o.ID
	if o.Op == "put" {
		id = o.Ann.ID
	}
	if _, seen := s.touched[id]; seen || id >= s.synced {
		return
	}
	if s.touched == nil {
		s.touched = map[int]seenAs{}
	}
	i, ok := s.index[id]
	was := seenAs{exists: ok}
	if ok {
		was.key, was.time = contentKey(&s.anns[i]), s.anns[i].Time
	}
	s.touched[id] = was
}

// apply makes one operation in memory.
func (s *Store) apply(o op) {
	switch o.Op {
	case "put":
		s.lastSystem, s.lastLine = o.Ann.System, o.Ann.Line
		if i, ok := s.index[o.Ann.ID]; ok {
			s.addFormer(hashContent(&s.anns[i]))
			s.anns[i] = o.Ann.clone()
		} else {
			s.index[o.Ann.ID] = len(s.anns)
			s.anns = append(s.anns, o.Ann.clone())
		}
		s.nextID = max(s.nextID, o.Ann.ID+1)
	case "del":
		if i, ok := s.index[o.ID]; ok {
			s.lastSystem, s.lastLine = s.anns[i].System, s.anns[i].Line
			s.addFormer(hashContent(&s.anns[i]))
			s.anns = slices.Delete(s.anns, i, i+1)
			s.index = reindex(s.anns)
		}
	}
}

// catchUp reads the file again, which another bleuscope wrote to since
// this store last did (the lock is held: nobody writes meanwhile), and
// puts this store's pending changes after the file's: an annotation they
// add gets an id the file does not use, and one the other added the same
// is not added twice (its id is the other's). A pending change that would
// undo one the other saved is dropped instead (counted once for
// [Store.Dropped]): a change to an annotation the other changed or
// deleted since, a mark on a segment the other marked too (a no-error
// mark or a score beside its errors, marks or scores of the same rater),
// or a later change to what a dropped one added. What the other saved is
// told from what this store last read or wrote by content, not by id, so
// that an id the other's [Store.Compact] freed and used again counts as
// the other's.
func (s *Store) catchUp() error {
	j, err := readJournal(s.path)
	if err != nil {
		return err
	}
	s.catchUpWith(j)
	return nil
}

// catchUpWith is [Store.catchUp] with the file read: j.
func (s *Store) catchUpWith(j *journal) {
	if len(j.records) == 0 && s.synced == 1 && len(s.recorded) == 0 {
		// The file holds no change, and held none when this store last
		// read it (a new file, made since by no other bleuscope): the
		// pending changes, which made everything the store holds, stay
		// as they are, and the store is not built again beside them.
		s.syncs++
		s.exists, s.size, s.seen, s.dirty = j.exists, j.good, j.info, j.info != nil && j.info.Size() > j.good
		s.ops = 0
		for _, rec := range s.pending {
			s.ops += len(rec.ops)
		}
		return
	}
	s.caughtUp++
	pending, synced, touched, warnings := s.pending, s.synced, s.touched, s.warnings
	before, beforeIndex := s.anns, s.index // pending changes applied
	// last is what this store last read or wrote of the annotation id.
	last := func(id int) (seenAs, bool) {
		if id >= synced {
			return seenAs{}, false // added here, pending
		}
		if was, ok := touched[id]; ok {
			return was, true
		}
		i, ok := beforeIndex[id]
		if !ok {
			return seenAs{}, true
		}
		return seenAs{exists: true, key: contentKey(&before[i]), time: before[i].Time}, true
	}
	s.load(j)
	s.warnings = warnings
	var theirs []Annotation     // what the other added or changed since (copies: applying moves s.anns)
	theirID := map[string]int{} // their additions by content
	for i := range s.anns {
		f := &s.anns[i]
		if was, ok := last(f.ID); !ok || !was.sameAs(f) {
			theirs = append(theirs, f.clone())
			theirID[contentKey(f)] = f.ID
		}
	}
	changed := map[int]bool{} // changed here and by the other
	s.touched = map[int]seenAs{}
	for id, was := range touched {
		i, there := s.index[id]
		if there != was.exists || there && !was.sameAs(&s.anns[i]) {
			changed[id] = true
		} else {
			s.touched[id] = was
		}
	}
	renumber := map[int]int{}
	lost := map[int]bool{} // added here by a dropped change
	kept := pending[:0]
	for r, rec := range pending {
		if undoes(rec.ops, synced, changed, theirs, lost) {
			for _, o := range rec.ops {
				if o.Op == "put" && o.Ann.ID >= synced {
					lost[o.Ann.ID] = true
				}
			}
			s.dropped++
			s.lastDropped = r == len(pending)-1
			continue
		}
		ops, rewritten := rec.ops[:0], false
		for _, o := range rec.ops {
			id := o.ID
			if o.Op == "put" {
				id = o.Ann.ID
			}
			if to, ok := renumber[id]; ok {
				id = to
			} else if o.Op == "put" && id >= synced { // added here since the last read or write
				if other, same := theirID[contentKey(o.Ann)]; same {
					renumber[id], o.Ann.ID, rewritten = other, other, true
					continue // there already, under the other's id
				}
				renumber[id] = s.nextID
				id = s.nextID
			}
			if o.Op == "put" {
				rewritten = rewritten || id != o.Ann.ID
				o.Ann.ID = id
			} else {
				rewritten = rewritten || id != o.ID
				o.ID = id
			}
			s.touch(o)
			s.apply(o)
			ops = append(ops, o)
		}
		if len(ops) > 0 {
			if rewritten {
				rec.line = nil // its line no longer says what ops do
			}
			kept = append(kept, pendingRecord{ops: ops, line: rec.line})
			s.ops += len(ops)
		}
	}
	s.pending = kept
	if lost := s.unseen(before, synced, touched); len(lost) > 0 {
		s.putBack(lost)
	}
}

// unseen returns those of before, the annotations this store held when
// it caught up, that it last read or wrote in the file (below synced)
// and has not changed since (not in touched) which the file as the store
// holds it now holds neither as they were nor as a former content: the
// bleuscope that wrote the file never saw them, as when it wrote back
// whole a file found deleted or emptied, or made it anew after a
// deletion, where one that edited or deleted them would have left their
// content among the former ones ([Store.former]). The caller holds s.mu.
func (s *Store) unseen(before []Annotation, synced int, touched map[int]seenAs) []Annotation {
	var lost []Annotation
	var there func(*Annotation) (now, former bool) // made at the first needed
	for i := range before {
		a := &before[i]
		if _, edited := touched[a.ID]; edited || a.ID >= synced {
			continue
		}
		if k, ok := s.index[a.ID]; ok && s.anns[k].Time.Equal(a.Time) && s.anns[k].Line == a.Line && s.anns[k].System == a.System {
			continue // there, or edited by the other: not lost (and the content not encoded)
		}
		if there == nil {
			if there = s.contents(); there == nil { // the file holds none, now or before
				there = func(*Annotation) (bool, bool) { return false, false }
			}
		}
		if now, former := there(a); !now && !former {
			lost = append(lost, a.clone())
		}
	}
	return lost
}

// putBack gives the annotations of [Store.unseen] ids the file does not
// use, applies them and queues them to be written after the pending
// changes, counted by [Store.Restored]. The caller holds s.mu.
func (s *Store) putBack(lost []Annotation) {
	ops := make([]op, len(lost))
	for i := range lost {
		lost[i].ID = s.nextID
		ops[i] = op{Op: "put", Ann: &lost[i]}
		s.apply(ops[i])
	}
	s.pending = append(s.pending, pendingRecord{ops: ops})
	s.ops += len(ops)
	s.restored += len(ops)
}

// CaughtUp counts the times the store has taken in what another
// bleuscope saved to the file since it was opened: read again
// ([Store.Refresh]) or as a change was written ([Store.catchUp]). What a
// caller made of the file's contents, such as the rows of an MQM file it
// does not hold ([Store.Missing]), is to be made again when the count
// has moved.
func (s *Store) CaughtUp() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caughtUp
}

// undoes reports whether the pending change rec would undo what the
// other writer saved (see [Store.catchUp]): synced is this store's next
// id before it caught up, changed the ids changed here that the other
// changed or deleted too, theirs what the other added or changed, lost
// the ids added by changes dropped already.
func undoes(rec []op, synced int, changed map[int]bool, theirs []Annotation, lost map[int]bool) bool {
	for _, o := range rec {
		id := o.ID
		if o.Op == "put" {
			id = o.Ann.ID
		}
		if lost[id] || changed[id] {
			return true
		}
		if o.Op != "put" || id < synced {
			continue
		}
		for i := range theirs {
			if f := &theirs[i]; sameSegment(f, o.Ann) && (f.Kind != KindError || o.Ann.Kind != KindError) && contentKey(f) != contentKey(o.Ann) {
				return true // both marked the segment, and not just with errors
			}
		}
	}
	return false
}

// Restored returns how many annotations were written back since it was
// last called, because a write found the file deleted or emptied (by
// hand, by another program: a bleuscope never leaves it so) after this
// store had read or written annotations in it, and forgets them. Such a
// write puts back the whole file the store holds, as [Store.Compact]
// writes it, instead of taking the empty file for one another bleuscope
// made, which would have dropped every annotation shown as saved. Those
// put back in a file that lost them ([Store.unseen]) count too.
func (s *Store) Restored() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.restored
	s.restored = 0
	return n
}

// Dropped returns how many changes were dropped since it was last called
// because they would have undone another writer's (see [Store.catchUp]),
// and forgets them: changes held back by an earlier failed write, not the
// one whose own call returned [ErrChanged].
func (s *Store) Dropped() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.dropped
	s.dropped = 0
	return n
}

// annotationPath checks the annotation file at path before it is read,
// and returns the file to read and write: a symbolic link's target.
func annotationPath(path string, limits model.LoadOptions) (string, error) {
	if path == "-" {
		return "", &model.InputError{File: path, Msg: "(standard input) cannot be the annotation file, which is written as well as read: name a file (./- for a file called -); it is made on the first change"}
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", &model.InputError{File: path, Msg: "is a symbolic link to a file that does not exist; name the annotation file itself"}
		}
		path = target
	}
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return path, nil // missing (created by the first change) or unreadable (said when read)
	case fi.IsDir():
		return "", &model.InputError{File: path, Msg: "is a directory; name an annotation file (a new name creates one)"}
	case !fi.Mode().IsRegular():
		return "", &model.InputError{File: path, Msg: "is not a regular file (a device, a FIFO or a socket), and saving replaces the annotation file; name a regular file (a new name creates one)"}
	}
	if err := limits.CheckSize(path, fi.Size()); err != nil {
		return "", err
	}
	return path, nil
}

func reindex(anns []Annotation) map[int]int {
	index := make(map[int]int, len(anns))
	for i, a := range anns {
		index[a.ID] = i
	}
	return index
}

// Path returns the annotation file's path.
func (s *Store) Path() string { return s.path }

// Warnings returns what Open dropped, one line each.
func (s *Store) Warnings() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.warnings)
}

// All returns a copy of every annotation, in the order they were added.
func (s *Store) All() []Annotation {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Annotation, len(s.anns))
	for i, a := range s.anns {
		out[i] = a.clone()
	}
	return out
}

// Get returns the annotation with that ID.
func (s *Store) Get(id int) (Annotation, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.find(id); i >= 0 {
		return s.anns[i].clone(), true
	}
	return Annotation{}, false
}

// Superseded returns the number of operations in the file that the
// annotations no longer reflect (edits, deletions, replaced marks): a
// caller may [Store.Compact] when it grows large.
func (s *Store) Superseded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ops - len(s.anns)
}

// LastChanged returns the segment (system and 1-based line) of the last
// change: an annotation added, edited or deleted, in the order the file
// holds them (the order they were saved in), where a person resumes; ok is
// false when the file holds no change.
func (s *Store) LastChanged() (system string, line int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastSystem, s.lastLine, s.lastLine > 0
}

// Pending returns the number of changes in memory not yet on disk.
func (s *Store) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.pending)
}

func (s *Store) find(id int) int {
	if i, ok := s.index[id]; ok {
		return i
	}
	return -1
}

// sameSegment reports whether b is by the same rater on the same segment
// text as a.
func sameSegment(a, b *Annotation) bool {
	return a.System == b.System && a.Line == b.Line && a.Rater == b.Rater && a.HypHash == b.HypHash
}

// prepare fills the ID (when new), the time and the hashes of a and checks
// it.
func (s *Store) prepare(a *Annotation, fresh bool) error {
	if fresh {
		a.ID = s.nextID
	}
	if a.Time.IsZero() || !fresh {
		a.Time = s.now().UTC().Truncate(time.Millisecond)
	}
	a.SetText(a.Hyp, a.Src)
	return a.check()
}

// Add stores a new error (or no-error mark or score) and returns it with
// its ID and time. Adding an error to a segment the same rater marked as
// having no error removes that mark in the same change.
func (s *Store) Add(a Annotation) (Annotation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch a.Kind {
	case KindNoError:
		return s.markNoError(a)
	case KindScore:
		return s.setScore(a)
	}
	if err := s.prepare(&a, true); err != nil {
		return Annotation{}, err
	}
	var ops []op
	for _, b := range s.anns {
		if b.Kind == KindNoError && sameSegment(&a, &b) {
			ops = append(ops, op{Op: "del", ID: b.ID})
		}
	}
	ops = append(ops, op{Op: "put", Ann: &a})
	return s.commitAdd(ops)
}

// Edit replaces the annotation with a's ID by a (its time set to now).
func (s *Store) Edit(a Annotation) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.find(a.ID)
	if i < 0 {
		return ErrNotFound
	}
	if err := s.prepare(&a, false); err != nil {
		return err
	}
	return s.commit([]op{{Op: "put", Ann: &a}})
}

// Delete removes the annotation with that ID.
func (s *Store) Delete(id int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.find(id) < 0 {
		return ErrNotFound
	}
	return s.commit([]op{{Op: "del", ID: id}})
}

// MarkNoError marks the segment of a (System, Line, Rater and texts) as
// having no error and returns the mark; marking it again returns the mark
// already there. It fails with [ErrHasErrors] when the rater has errors on
// it.
func (s *Store) MarkNoError(a Annotation) (Annotation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.markNoError(a)
}

func (s *Store) markNoError(a Annotation) (Annotation, error) {
	return s.deleteMarkingNoError(0, a)
}

// DeleteMarkingNoError deletes the annotation with that ID and marks the
// segment of mark (System, Line, Rater and texts) as having no error, in
// one change, so that after a crash the file holds both or neither: it
// takes back an error that replaced a no-error mark ([Store.Add]) in one
// write, where a deletion and then a mark would leave the segment with
// neither between the two. It returns the mark (the one there already,
// when the rater marked the segment again meanwhile) and fails, changing
// nothing, as [Store.Delete] and [Store.MarkNoError] do: [ErrNotFound],
// or [ErrHasErrors] when the rater has other errors on the segment.
func (s *Store) DeleteMarkingNoError(id int, mark Annotation) (Annotation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.find(id) < 0 {
		return Annotation{}, ErrNotFound
	}
	return s.deleteMarkingNoError(id, mark)
}

// deleteMarkingNoError is [Store.DeleteMarkingNoError], or, for id 0,
// [Store.MarkNoError] alone.
func (s *Store) deleteMarkingNoError(id int, a Annotation) (Annotation, error) {
	a = Annotation{Kind: KindNoError, System: a.System, Line: a.Line, Rater: a.Rater, Time: a.Time,
		Hyp: a.Hyp, Src: a.Src, Note: a.Note, Doc: a.Doc, DocID: a.DocID, SegID: a.SegID}
	if err := s.prepare(&a, true); err != nil {
		return Annotation{}, err
	}
	var ops []op
	if id != 0 {
		ops = append(ops, op{Op: "del", ID: id})
	}
	for _, b := range s.anns {
		if b.ID == id || !sameSegment(&a, &b) {
			continue
		}
		switch b.Kind {
		case KindError:
			return Annotation{}, ErrHasErrors
		case KindNoError:
			if len(ops) == 0 {
				return b.clone(), nil
			}
			return b.clone(), s.commit(ops)
		}
	}
	return s.commitAdd(append(ops, op{Op: "put", Ann: &a}))
}

// SetScore gives the segment of a (System, Line, Rater and texts) the ESA
// score, replacing the rater's earlier score of it, and returns the
// score's annotation.
func (s *Store) SetScore(a Annotation, score int) (Annotation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a.Score = &score
	return s.setScore(a)
}

func (s *Store) setScore(a Annotation) (Annotation, error) {
	a = Annotation{Kind: KindScore, System: a.System, Line: a.Line, Rater: a.Rater, Time: a.Time,
		Hyp: a.Hyp, Src: a.Src, Note: a.Note, Score: a.Score, Doc: a.Doc, DocID: a.DocID, SegID: a.SegID}
	a.SetText(a.Hyp, a.Src)
	fresh := true
	for _, b := range s.anns {
		if b.Kind == KindScore && sameSegment(&a, &b) {
			a.ID, fresh = b.ID, false
			break
		}
	}
	if err := s.prepare(&a, fresh); err != nil {
		return Annotation{}, err
	}
	return s.commitAdd([]op{{Op: "put", Ann: &a}})
}

// Import adds the annotations of anns (new IDs; times and texts as given)
// as one change, so that after a crash either all of them are in the file
// or none, and returns how many it added: an annotation equal in content
// to one in the store (system, line, rater, kind, texts, span, category,
// severity, note and score; IDs and times aside) is skipped, and so is
// one equal to an annotation the file held and a change since edited or
// deleted (counted by formerly), so that importing a file twice adds it
// once, and a row imported and then deleted or edited is not added again.
func (s *Store) Import(anns []Annotation) (added, formerly int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	there := s.contents()
	// The record's copies, in one slice: no caller holds them. Into a
	// file holding none, every one is added.
	var own []Annotation
	if there == nil {
		own = make([]Annotation, 0, len(anns))
	}
	for i := range anns {
		a := withHashes(anns[i])
		if err := a.checkHashed(true); err != nil { // withHashes made its hashes its texts'
			return 0, 0, fmt.Errorf("annotation %d of %d: %w", i+1, len(anns), err)
		}
		if there != nil {
			if now, former := there(&a); now || former {
				if !now {
					formerly++
				}
				continue
			}
		}
		a.ID = s.nextID + len(own)
		own = append(own, a.clone())
	}
	if len(own) == 0 {
		return 0, formerly, nil
	}
	ops := make([]op, len(own))
	for i := range own {
		ops[i] = op{Op: "put", Ann: &own[i]}
	}
	return len(ops), formerly, s.commitOwn(ops)
}

// contents indexes the store's annotations by their content's hash
// ([hashContent]), and returns a function reporting whether an
// annotation's content is there (now) or was before a change since
// edited or deleted it (former, [Store.former]), nil when the file holds
// neither. A hash found among the annotations is compared with the
// content itself, so that no collision drops a row, and a file of many
// annotations holds 32 bytes each here; the former contents are known by
// their hash alone. The caller holds s.mu.
func (s *Store) contents() func(*Annotation) (now, former bool) {
	if len(s.anns) == 0 && len(s.former) == 0 {
		return nil
	}
	have := make(map[contentHash]int, len(s.anns))
	for i := range s.anns {
		have[hashContent(&s.anns[i])] = i
	}
	return func(a *Annotation) (now, former bool) {
		key := contentKey(a)
		h := contentHash(sha256.Sum256([]byte(key)))
		if i, ok := have[h]; ok && contentKey(&s.anns[i]) == key {
			return true, false
		}
		_, former = s.former[h]
		return false, former
	}
}

// Missing returns those of anns whose content the store does not hold
// ([SameContent]) and did not hold before a change since edited or
// deleted it ([Store.Import] skips the same), in their order: the rows of
// a WMT MQM file opened beside an annotation file it was imported into
// are then shown and counted once, as the file has them now, a row
// deleted there not at all. formerly counts those left out for the
// second reason. anns itself is returned when none is left out.
func (s *Store) Missing(anns []Annotation) (missing []Annotation, formerly int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	there := s.contents()
	if there == nil || len(anns) == 0 {
		return anns, 0
	}
	var out []Annotation // nil until one is found there
	for i := range anns {
		a := withHashes(anns[i])
		now, former := there(&a)
		switch {
		case !now && !former:
			if out != nil {
				out = append(out, anns[i])
			}
			continue
		case out == nil: // the first there: those before it are kept
			out = slices.Clone(anns[:i])
		}
		if !now {
			formerly++
		}
	}
	if out == nil {
		return anns, 0
	}
	return out, formerly
}

// withHashes returns a with its texts' hashes made ([Annotation.SetText])
// unless they are theirs already, as an MQM TSV's rows have them.
func withHashes(a Annotation) Annotation {
	if !a.hashed() {
		a.SetText(a.Hyp, a.Src)
	}
	return a
}

// contentKey is what two annotations equal in content share: how an MQM
// row marked the span (Marked) is not content, so that a row imported
// before bleuscope kept it is found to be there already. A compacted
// file records the hash of former contents' keys ([record.Former]): the
// key's form is part of the file's.
func contentKey(a *Annotation) string {
	b := a.clone()
	b.ID, b.Time, b.Marked = 0, time.Time{}, Marked{}
	b.System = model.JSONName(b.System) // which encoding/json keeps apart
	js, _ := json.Marshal(&b)
	return string(js)
}

// SameContent reports whether a and b are equal in content ([contentKey]):
// their IDs, times and MQM markings aside.
func SameContent(a, b Annotation) bool { return contentKey(&a) == contentKey(&b) }

// seenAs is an annotation as the store last read or wrote it: whether it
// existed, and its content ([contentKey]) and time.
type seenAs struct {
	exists bool
	key    string
	time   time.Time
}

// sameAs reports whether a is the annotation was describes.
func (was seenAs) sameAs(a *Annotation) bool {
	return was.exists && was.time.Equal(a.Time) && was.key == contentKey(a)
}

// commitAdd commits ops, whose last puts a new annotation, and returns
// that annotation as stored: its id may change when the store catches up
// with another writer's (see [Store.catchUp]).
func (s *Store) commitAdd(ops []op) (Annotation, error) {
	err := s.commit(ops)
	return ops[len(ops)-1].Ann.clone(), err
}

// lineOps is the most operations a change has whose journal line is
// encoded when it is made and kept until written ([pendingRecord]).
const lineOps = 64

// commit encodes ops as their record, applies them in memory, queues the
// record and writes every pending record. A change that cannot be
// encoded changes nothing. The record keeps ops' annotations (copies of
// the caller's), so that catching up renumbers what ops show.
func (s *Store) commit(ops []op) error {
	for i := range ops {
		if ops[i].Ann != nil { // the record keeps its own copy
			a := ops[i].Ann.clone()
			ops[i].Ann = &a
		}
	}
	return s.commitOwn(ops)
}

// commitOwn is [Store.commit] of ops whose annotations are the record's
// own: no caller holds them.
func (s *Store) commitOwn(ops []op) error {
	var line []byte
	var err error
	if len(ops) <= lineOps {
		line, err = encodeRecord(ops)
	} else {
		err = encodable(ops) // and encoded as written
	}
	if err != nil {
		return err
	}
	s.anns = slices.Grow(s.anns, len(ops))
	for i := range ops {
		s.touch(ops[i])
		s.apply(ops[i])
	}
	s.pending = append(s.pending, pendingRecord{ops: ops, line: line})
	s.ops += len(ops)
	s.lastDropped = false
	if err := s.flush(); err != nil {
		return err
	}
	if s.lastDropped { // caught up, and this very change would have undone the other's
		s.dropped-- // said by the error, not counted among the earlier changes
		return &SaveError{Path: s.path, Err: ErrChanged}
	}
	return nil
}

// Flush writes every change not yet on disk; nil means all are saved.
func (s *Store) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flush()
}

// Refresh reads the file again when another bleuscope changed it since
// this store last read or wrote it, so that the store holds what the
// file holds ([Store.catchUp]), and reports whether it read it. It
// writes nothing, and reads a file being written once the write is over
// ([keepWritersOut]). It waits for that write and reads the file without
// the store's lock, which it takes only to take in what it read: the
// store's other methods (the explorer drawing) never wait for another
// bleuscope's write. A change saved meanwhile waits, as any writer does,
// for the shared lock its read holds (milliseconds), then catches up with
// the file as it writes, which leaves what was read unused. While
// changes wait to be written it reads nothing: the write that saves them
// catches up, and counts what it had to drop ([Store.Dropped]). A file
// gone or unreadable leaves the store as it was and returns the error
// ([ErrGone] for one deleted or emptied after it held annotations). One
// that lost annotations this store saved (made anew after a deletion,
// or written back whole by another bleuscope that never read them) has
// them put back and written at once ([Store.unseen]).
func (s *Store) Refresh() (bool, error) {
	s.mu.Lock()
	pending, seen, exists, syncs, held := len(s.pending), s.seen, s.exists, s.syncs, s.synced > 1
	s.mu.Unlock()
	if pending > 0 {
		return false, nil
	}
	fi, err := os.Stat(s.path)
	if errors.Is(err, os.ErrNotExist) && !exists {
		return false, nil // not made yet, by anyone
	}
	if exists && held && (errors.Is(err, os.ErrNotExist) || err == nil && fi.Size() == 0) {
		return false, ErrGone // its annotations kept, for the next write to put back
	}
	if err != nil {
		return false, model.OpenErr(s.path, err)
	}
	if !changedSince(seen, fi) {
		return false, nil
	}
	release := keepWritersOut(s.path)
	j, err := readJournal(s.path)
	release()
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.syncs != syncs || len(s.pending) > 0 {
		return false, nil // read or written since: that caught up, or will
	}
	s.catchUpWith(j)
	if len(s.pending) > 0 { // annotations the file lost, put back: saved now
		return true, s.flush()
	}
	return true, nil
}

func (s *Store) flush() error {
	if len(s.pending) == 0 {
		return nil
	}
	if err := s.writePending(); err != nil {
		return &SaveError{Path: s.path, Pending: len(s.pending), Err: err}
	}
	return nil
}

// writePending takes the file's lock, catches up with what another
// bleuscope wrote since (see [Store.catchUp]), creates the file when
// needed, cuts off a torn tail, appends the pending records at the end of
// the good data, syncs and lets the lock go. A file that held annotations
// and is found deleted or emptied is written back whole instead
// ([Store.writeWhole], [Store.Restored]).
func (s *Store) writePending() error {
	s.syncs++
	f, fi, err := lockFor(s.path, lockWait)
	if err != nil {
		return err
	}
	defer f.Close() // and with it the lock
	if s.exists && s.synced > 1 && fi.Size() == 0 {
		// The file held annotations when this store last read or wrote
		// it: found deleted or emptied now, it is written back whole.
		if err := s.writeWhole(); err != nil {
			return err
		}
		s.restored += len(s.anns)
		return nil
	}
	if s.changedSince(fi) { // as [Store.lockForWriting]
		if err := s.catchUp(); err != nil {
			return err
		}
	}
	if len(s.pending) == 0 {
		s.touched = nil
		return nil // every pending change would have undone the other's
	}
	if !s.exists {
		// A new file, or one whose header a crash cut short: the header
		// is written in place, under the lock, so that two bleuscopes
		// making the file at once never replace each other's (a rename
		// would replace the file the other holds).
		if err := f.Truncate(0); err != nil {
			return err
		}
		if _, err := s.writeAt(f, []byte(header), 0); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
		if err := syncDir(filepath.Dir(s.path)); err != nil {
			return err
		}
		s.exists, s.size, s.dirty, s.seen = true, int64(len(header)), false, nil
	}
	if s.dirty {
		if err := f.Truncate(s.size); err != nil {
			return err
		}
		s.dirty = false
	}
	w := &journalWriter{f: f, writeAt: s.writeAt, off: s.size}
	var typology []byte
	if s.needsTypology() {
		line, err := encodeLine(record{Typology: s.typologyRec})
		if err != nil {
			return err
		}
		typology = line
		w.write(line)
	}
	for i := range s.pending {
		rec := &s.pending[i]
		switch {
		case rec.line != nil:
			w.write(rec.line)
		case len(rec.ops) > lineOps:
			err = w.record(rec.ops)
		default: // changed by catching up
			rec.line, err = encodeRecord(rec.ops)
			w.write(rec.line)
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = w.flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		// Part of the records may be in the file: cut them off now or
		// before the next write, which reads the file again first.
		s.dirty = f.Truncate(s.size) != nil
		s.seen = nil
		return err
	}
	s.size = w.end()
	s.seen, _ = f.Stat() // nil (read again before the next write) if it fails
	s.pending, s.synced, s.touched = nil, s.nextID, nil
	if typology != nil {
		s.recorded = append(s.recorded, s.typologyRec)
	}
	s.followed = s.typology != nil
	return nil
}

// needsTypology reports whether the pending changes are to be preceded
// by a record of the store's typology: it has one, the file (as read
// under the lock) does not record it last, and this store's earlier
// changes do not follow a record of it still in the file. The last is
// another bleuscope's when it appended changes made with another
// typology since: its record said what its own changes were made with,
// and this store's record, still in the file, says what this store's
// were, so two explorers writing one file with two typologies record
// each once, not once a change each. A file compacted since, which keeps
// only its last typology, gets this one again.
func (s *Store) needsTypology() bool {
	if s.typology == nil || len(s.recorded) > 0 && s.recordedAt(len(s.recorded)-1) {
		return false
	}
	if !s.followed {
		return true
	}
	for i := range s.recorded {
		if s.recordedAt(i) {
			return false
		}
	}
	return true
}

// recordedAt reports whether the file's i-th typology record is the
// store's typology, to the byte ([typologyRecord]).
func (s *Store) recordedAt(i int) bool {
	return bytes.Equal(s.recorded[i].encoded(), s.typologyEnc)
}

// SetTypology says the typology the changes made from now on are made
// with: the next write to the file records it first ([typologyRecord]),
// when the file's last record of a typology is not this one (none yet, a
// new file, or another, the rater having switched typology), so that the
// file says what its annotations were made with; another writer's record
// after this store's own does not make it record its typology again
// ([Store.needsTypology]). It writes nothing itself. The explorer and
// import set it; a store without one records none.
func (s *Store) SetTypology(p *Preset) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var rec *typologyRecord
	var enc []byte
	if p != nil {
		rec = recordOf(p)
		enc = rec.encoded()
	}
	if s.typology == nil || p == nil || !bytes.Equal(s.typologyEnc, enc) {
		s.followed = false // a switch: the next write records it
	}
	s.typology, s.typologyRec, s.typologyEnc = p, rec, enc
}

// Typologies returns the typologies the file records, in the order
// recorded: the one its annotations were made with is the last, and
// several say the rater switched typology while annotating it
// ([SwitchedTypologyWarning]); none in a file of an older bleuscope
// (whose imports recorded none either), or one never written to. They
// are as checked when read ([Preset.Validate]).
func (s *Store) Typologies() []*Preset {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Preset, 0, len(s.recorded))
	for _, t := range s.recorded {
		if p, err := t.preset(); err == nil { // checked when read
			out = append(out, p)
		}
	}
	return out
}

// lockWait is how long a write waits for another bleuscope's lock on the
// file before it gives up with [ErrInUse]; tests shorten it.
var lockWait = 3 * time.Second

// lockFor opens the annotation file (creating it empty when missing) and
// takes its lock, waiting up to wait for another's, and returns it
// with the lock held: the file at the path then, not one that a
// [Store.Compact] renamed over it while the lock was awaited.
func lockFor(path string, wait time.Duration) (*os.File, os.FileInfo, error) {
	deadline := time.Now().Add(wait)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, nil, err
		}
		err = lockFile(f)
		if err == nil {
			fi, err := f.Stat()
			if err != nil {
				f.Close()
				return nil, nil, err
			}
			if at, err := os.Stat(path); err == nil && os.SameFile(fi, at) {
				return f, fi, nil
			}
			f.Close() // replaced or removed meanwhile: lock the file there now
			continue
		}
		f.Close()
		if !errors.Is(err, ErrInUse) {
			return nil, nil, err
		}
		if time.Now().After(deadline) {
			return nil, nil, ErrInUse
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lockForWriting takes the file's lock ([lockFor]) and, when the file is
// not as this store last read or wrote it (another bleuscope appended to
// it, cut a torn tail off it or replaced it), reads it again and puts the
// pending changes after what it holds ([Store.catchUp]).
func (s *Store) lockForWriting() (*os.File, error) {
	f, fi, err := lockFor(s.path, lockWait)
	if err != nil {
		return nil, err
	}
	if s.changedSince(fi) {
		if err := s.catchUp(); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// changedSince reports whether fi, the file at the store's path now, is
// not the file as this store last read or wrote it: another file, another
// size or time, or one never seen (another bleuscope wrote to it, cut a
// torn tail off it or replaced it).
func (s *Store) changedSince(fi os.FileInfo) bool { return changedSince(s.seen, fi) }

// changedSince is [Store.changedSince] of a store that last saw the file
// as seen.
func changedSince(seen, fi os.FileInfo) bool {
	return seen == nil || !os.SameFile(fi, seen) || fi.Size() != seen.Size() || !fi.ModTime().Equal(seen.ModTime())
}

// keepWritersOut takes a shared lock on the file at path, waiting up to
// a tenth of [lockWait] for a writer's, so that it is not read in the
// middle of a write (the record being appended would be taken for one a
// crash cut short); it returns what lets the lock go. It does its best:
// a file missing, or a lock held longer (a bleuscope that keeps it while
// open), is read without.
func keepWritersOut(path string) (release func()) {
	f, err := os.Open(path)
	if err != nil {
		return func() {}
	}
	deadline := time.Now().Add(lockWait / 10)
	for errors.Is(lockFileShared(f), ErrInUse) && time.Now().Before(deadline) {
		writerWait()
	}
	return func() { f.Close() }
}

// writerWait is what [keepWritersOut] does each time it finds a writer's
// lock on the file: it sleeps a moment; tests replace it to know that the
// wait is under way.
var writerWait = func() { time.Sleep(5 * time.Millisecond) }

// Writable says whether a change could be saved now, without writing
// the file: nil, [ErrInUse] when another process holds the file's lock
// for longer than a third of [lockWait], far longer than a write takes,
// the error of opening it for writing (a read-only file) or, for a file
// not created yet, the error of creating one in its folder
// ([CanCreate]).
func (s *Store) Writable() error {
	if err := s.openable(); err != nil {
		return err
	}
	if _, err := os.Stat(s.path); errors.Is(err, os.ErrNotExist) {
		return nil // nobody writes it yet, and checking must not make it
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, _, err := lockFor(s.path, lockWait/3)
	if err != nil {
		return err
	}
	return f.Close() // and with it the lock
}

// openable is [Store.Writable] without the look at the lock.
func (s *Store) openable() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := os.Stat(s.path); errors.Is(err, os.ErrNotExist) {
		return CanCreate(s.path)
	}
	f, err := os.OpenFile(s.path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// CanCreate says whether a file could be created at path, where there is
// none yet: nil, or the error creating one gives (its folder is missing,
// is no folder, or cannot be written in). It creates an empty hidden file
// in the folder and removes it: only trying tells (a read-only file
// system, access lists, root).
func CanCreate(path string) error {
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".bleuscope-check-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// OpenWarnings says what a person should know about the file before
// annotating, one line each, not escaped: what Open dropped, the
// annotations of res that do not attach, by cause (each line ended by
// detachedTail, given the group's size), and why a change made now
// could not be saved ([Store.WritableWarning]).
func (s *Store) OpenWarnings(res *Resolved, detachedTail func(n int) string) []string {
	ws := s.Warnings()
	for _, g := range res.DetachedByCause() {
		ws = append(ws, g.Warning(s.path)+detachedTail(len(g.Of)))
	}
	if w := s.WritableWarning(); w != "" {
		ws = append(ws, w)
	}
	return ws
}

// WritableWarning says why a change made now could not be saved (another
// bleuscope writing the file, no permission) and what happens then, for a
// person opening the file; "" when it could. It is not escaped.
func (s *Store) WritableWarning() string {
	err := s.Writable()
	if errors.Is(err, ErrInUse) {
		return s.path + ": another bleuscope holds its lock (one that keeps it while open, or one stuck): changes made here are kept in memory, marked NOT SAVED, and saved after its own once it lets go"
	}
	if why := s.readOnly(err); why != "" {
		return why + ": opened read-only, its annotations shown and none changed; fix its permissions and open it again to annotate"
	}
	if err != nil {
		return s.path + ": cannot be written (" + (&model.OutputError{Err: err}).Reason() + "): changes made here will not be saved; fix the path, or quit and name another file"
	}
	return ""
}

// ReadOnly says why no change to the file could be saved, naming it,
// when it is read-only: it exists and may not be opened for writing, or
// it does not yet and its folder may not be written in (no permission, a
// read-only file system); "" otherwise, for another bleuscope holding its
// lock ([ErrInUse], not looked at) and a folder that went away too.
// It is not escaped.
func (s *Store) ReadOnly() string { return s.readOnly(s.openable()) }

// readOnly is [Store.ReadOnly] given what [Store.Writable] said, err.
func (s *Store) readOnly(err error) string {
	if !errors.Is(err, fs.ErrPermission) && !errors.Is(err, syscall.EROFS) {
		return ""
	}
	return s.path + ": cannot be written (" + (&model.OutputError{Err: err}).Reason() + ")"
}

// Compact rewrites the file as the annotations it holds now (pending
// changes included), without the history of edits and deletions (but for
// the contents they edited or deleted, [Store.former], recorded), and
// with the typology they were last made with (the store's when changes
// are pending, else the file's last, [Store.Typologies]) as its one
// record of a typology: a switch of typology is forgotten, as the earlier
// typology weighed nothing any more ([SwitchedTypologyWarning]). Under
// the file's lock, and after catching up with what another bleuscope
// appended ([Store.catchUp]), a new file is written beside it, synced and
// renamed over it, so a crash leaves the old file or the new one, whole,
// and another bleuscope's next write, which waits for the lock, finds the
// new file and reads it.
func (s *Store) Compact() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.lockForWriting()
	if err != nil {
		return &SaveError{Path: s.path, Pending: len(s.pending), Err: err}
	}
	defer f.Close() // and with it the lock, once the new file is in place
	if err := s.writeWhole(); err != nil {
		return &SaveError{Path: s.path, Pending: len(s.pending), Err: err}
	}
	return nil
}

// writeWhole writes the file anew, beside it and then renamed over it,
// as the annotations the store holds now (pending changes included), for
// [Store.Compact] and for a write that finds the file deleted or emptied
// ([Store.Restored]); the caller holds the file's lock.
func (s *Store) writeWhole() error {
	var err error
	data := []byte(header)
	var typology *typologyRecord // the one the annotations were last made with, kept
	switch {
	case len(s.pending) > 0 && s.typology != nil:
		typology = s.typologyRec
	case len(s.recorded) > 0:
		typology = s.recorded[len(s.recorded)-1]
	}
	if typology != nil {
		line, err := encodeLine(record{Typology: typology})
		if err != nil {
			return err
		}
		data = append(data, line...)
	}
	data, err = s.appendFormer(data) // which the history said
	if err != nil {
		return err
	}
	const chunk = 500
	for lo := 0; lo < len(s.anns); lo += chunk {
		var ops []op
		for i := lo; i < min(lo+chunk, len(s.anns)); i++ {
			ops = append(ops, op{Op: "put", Ann: &s.anns[i]})
		}
		line, err := encodeRecord(ops)
		if err != nil {
			return err
		}
		data = append(data, line...)
	}
	fi, err := writeAtomically(s.path, data)
	if err != nil {
		return err
	}
	s.exists, s.size, s.dirty, s.pending = true, int64(len(data)), false, nil
	s.seen, s.synced, s.touched = fi, s.nextID, nil
	s.syncs++
	s.ops = len(s.anns)
	s.recorded = nil
	if typology != nil {
		s.recorded = []*typologyRecord{typology}
	}
	return nil
}

// Close writes what is pending and closes the file.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flush()
}
