package model

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds arbitrary bytes to every input form: Load must never
// panic, every failure must be a one-line *InputError, and a success must
// give streams of equal length.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		"a\nb\n", "a\r\nb", "\ufeffx\n\n", "\xff\n",
		"src\tref\tA\nq\tr\th\n", "ref\tref\tA\n", "ref\tA\nr\n",
		`{"src": "s", "refs": ["a", null], "hyps": {"A": "a"}}` + "\n", `{"refs": [null], "hyps": {}}`, "[1]\n{}",
		"a\x00b\x00\n\x00", "\x00a\x00\n", "-N\x87e\n\x00", "a\x00\x00\x00\n\x00\x00\x00", "\x3d\xd8\x00\xde\n\x00", // UTF-16, UTF-32
	} {
		f.Add(s, "a\nb\n")
	}
	f.Fuzz(func(t *testing.T, data, ref string) {
		fsys := fstest.MapFS{
			"hyp.txt": {Data: []byte(data)}, "ref.txt": {Data: []byte(ref)},
			"d.tsv": {Data: []byte(data)}, "d.jsonl": {Data: []byte(data)},
		}
		for _, in := range []Input{
			{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}, FS: fsys},
			{Systems: []string{"-"}, Refs: []string{"ref.txt"}, Src: "hyp.txt", FS: fsys, Stdin: strings.NewReader(data)},
			{Systems: []string{"d.tsv"}, FS: fsys},
			{Systems: []string{"d.jsonl"}, FS: fsys},
		} {
			ds, err := Load(in)
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) || strings.ContainsAny(err.Error(), "\r\n") || !strings.HasPrefix(err.Error(), "bleuscope: ") {
					t.Fatalf("Load(%v) error %q is not a one-line *InputError", in.Systems, err)
				}
				continue
			}
			n := ds.Len()
			if n == 0 || len(ds.Refs) == 0 || len(ds.Systems) == 0 {
				t.Fatalf("Load(%v) succeeded with %d segments, %d references, %d systems", in.Systems, n, len(ds.Refs), len(ds.Systems))
			}
			for _, s := range ds.Systems {
				if len(s.Hyps) != n {
					t.Fatalf("system %q has %d segments; want %d", s.Name, len(s.Hyps), n)
				}
			}
			for k, r := range ds.Refs {
				if len(r) != n || (ds.RefAbsent != nil && len(ds.RefAbsent[k]) != n) {
					t.Fatalf("reference %d has %d segments; want %d", k, len(r), n)
				}
			}
			if ds.Src != nil && len(ds.Src) != n {
				t.Fatalf("source has %d segments; want %d", len(ds.Src), n)
			}
			for i := range n {
				if len(ds.SegmentRefs(i, nil)) == 0 {
					t.Fatalf("segment %d has no reference", i)
				}
			}
		}
	})
}
