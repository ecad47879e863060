package annotations

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/bleuscope/bleuscope/model"
)

// An annotation file holds an annotation's former contents too: those a
// change edited or deleted (or replaced, as an error replaces the rater's
// no-error mark of the segment). The history of its changes says them,
// and a compacted file, which has no history, records them
// ([record.Former]). The rows of a WMT MQM file of such a content are the
// file's own: not added again by an import, not shown beside the file
// ([Store.Missing]), so that a row imported and then deleted or edited
// stays so.

// contentHash is the SHA-256 of an annotation's content ([contentKey]),
// written in a journal as its 64 hex digits.
type contentHash [sha256.Size]byte

// hashContent returns the hash of a's content.
func hashContent(a *Annotation) contentHash {
	return sha256.Sum256([]byte(contentKey(a)))
}

// MarshalText returns h's hex digits.
func (h contentHash) MarshalText() ([]byte, error) {
	return hex.AppendEncode(nil, h[:]), nil
}

// UnmarshalText reads h from its 64 hex digits.
func (h *contentHash) UnmarshalText(b []byte) error {
	if len(b) != 2*sha256.Size {
		return fmt.Errorf("content hash %s is not %d hex digits", model.Quote(string(b)), 2*sha256.Size)
	}
	if _, err := hex.Decode(h[:], b); err != nil {
		return fmt.Errorf("content hash %s is not %d hex digits", model.Quote(string(b)), 2*sha256.Size)
	}
	return nil
}

// addFormer notes h as the content of an annotation the file held and a
// change edited or deleted ([Store.former]).
func (s *Store) addFormer(h contentHash) {
	if s.former == nil {
		s.former = map[contentHash]struct{}{}
	}
	s.former[h] = struct{}{}
}

// formerLine is the most former contents a record of a compacted file
// holds ([record.Former]).
const formerLine = 1000

// appendFormer appends to data, a compacted file, the records of the
// store's former contents, in the order of their hashes. The caller holds
// s.mu.
func (s *Store) appendFormer(data []byte) ([]byte, error) {
	former := slices.SortedFunc(maps.Keys(s.former), func(a, b contentHash) int { return bytes.Compare(a[:], b[:]) })
	for lo := 0; lo < len(former); lo += formerLine {
		line, err := encodeLine(record{Former: former[lo:min(lo+formerLine, len(former))]})
		if err != nil {
			return nil, err
		}
		data = append(data, line...)
	}
	return data, nil
}
