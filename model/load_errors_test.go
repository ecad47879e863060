package model

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestLoadErrors(t *testing.T) {
	full := gzipped(t, hyp3)
	tests := []struct {
		name  string
		files map[string]string
		in    Input
		want  string
	}{
		{"no system", nil, Input{Refs: []string{"ref.txt"}},
			"bleuscope: no system given; name at least one file of hypotheses (SYSTEM)"},
		{"no reference", map[string]string{"hyp.txt": hyp3}, Input{Systems: []string{"hyp.txt"}},
			"bleuscope: no reference given; add -r REF, once per reference translation"},
		{"no reference, table among several", map[string]string{"a.tsv": "ref\ta\nx\ty\n"}, Input{Systems: []string{"a.tsv", "b.txt"}},
			"bleuscope: no reference given; add -r REF, once per reference translation (a .tsv or .jsonl file holds every stream only when it is the only SYSTEM and no -r is given)"},
		{"missing file", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"nope.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: nope.txt does not exist; check the path"},
		{"missing reference", map[string]string{"hyp.txt": hyp3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"refs/ref.txt"}},
			"bleuscope: refs/ref.txt does not exist; check the path"},
		{"directory", map[string]string{"d/x": "", "ref.txt": ref3}, Input{Systems: []string{"d"}, Refs: []string{"ref.txt"}},
			"bleuscope: d is a directory; give a file with one segment per line"},
		{"line counts", map[string]string{"hyp.txt": "a\nb\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 2 lines but ref.txt has 3; every file must have one segment per line"},
		{"line counts, reference short", map[string]string{"hyp.txt": hyp3, "ref.txt": "a\nb\n"}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 3 lines but ref.txt has 2; every file must have one segment per line"},
		{"line counts, one file off", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3, "src.txt": "a\n"},
			Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}, Src: "src.txt"},
			"bleuscope: src.txt has 1 line but hyp.txt has 3; every file must have one segment per line"},
		{"line counts, every file", map[string]string{"hyp.txt": hyp3, "hyp2.txt": "a\nb\n", "ref.txt": ref3, "src.txt": "a\n"},
			Input{Systems: []string{"hyp.txt", "hyp2.txt"}, Refs: []string{"ref.txt"}, Src: "src.txt"},
			"bleuscope: hyp2.txt has 2 lines but hyp.txt has 3 (hyp.txt: 3, hyp2.txt: 2, ref.txt: 3, src.txt: 1); every file must have one segment per line"},
		{"no final line", map[string]string{"hyp.txt": "a\nb\nc\nd", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt has 4 lines but ref.txt has 3; every file must have one segment per line"},
		{"trailing blank line", map[string]string{"hyp.txt": hyp3 + "\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt:4: the file ends with an empty line, so it has 4 lines but ref.txt has 3; remove the trailing blank line"},
		{"trailing blank lines in reference, CRLF", map[string]string{"hyp.txt": hyp3, "ref.txt": strings.ReplaceAll(ref3, "\n", "\r\n") + "\r\n \r\n"},
			Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: ref.txt:4: the file ends with 2 empty lines, so it has 5 lines but hyp.txt has 3; remove the trailing blank lines"},
		{"invalid UTF-8", map[string]string{"hyp.txt": "ok\nca\xe9 au lait\nx\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt:2: invalid UTF-8 at byte 3 (0xe9); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"a binary file", map[string]string{"hyp.txt": "\x7fELF\x02\x01\x01\x00\x00\x00\xd0\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			// The line's first NUL, at byte 8 (it named the NUL nearest 0xd0).
			"bleuscope: hyp.txt:1: not a text file (a NUL byte at byte 8, then 0xd0 at byte 11, which is not UTF-8); give plain text, one segment per line"},
		{"random bytes", map[string]string{"hyp.txt": "\xfc\x81\x02ab\x00\x9c\n", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt:1: not a text file (0xfc at byte 1, which is not UTF-8, then a NUL byte); give plain text, one segment per line"},
		{"one empty file", map[string]string{"hyp.txt": "", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt is empty, but ref.txt has 3 lines; give one segment per line"},
		{"empty files", map[string]string{"hyp.txt": "", "ref.txt": ""}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt is empty; give one segment per line"},
		{"duplicate system names", map[string]string{"a/hyp.txt": hyp3, "b/hyp.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"a/hyp.txt", "b/hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: b/hyp.txt gives the system name "hyp.txt", as a/hyp.txt does; name them apart with NAME=PATH`},
		{"standard input twice by name", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"-", "-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(hyp3)},
			`bleuscope: standard input is named twice ("-"); it can be read only once: save it to a file and name the file instead`},
		{"one file twice", map[string]string{"a/hyp.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"a/hyp.txt", "a/hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: a/hyp.txt is given twice as a system; give each file once (a shell pattern may match a file also named before it)`},
		{"duplicate given names", map[string]string{"a.txt": hyp3, "b.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"x=a.txt", "x=b.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: two systems are both named "x" (a.txt and b.txt); give each its own NAME=`},
		{"a given name that another file has", map[string]string{"a/hyp.txt": hyp3, "b.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"a/hyp.txt", "hyp.txt=b.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: the name "hyp.txt" given to b.txt is the one a/hyp.txt gets from its file name; choose another NAME= for b.txt`},
		{"a file named as another was named", map[string]string{"a/hyp.txt": hyp3, "b.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"hyp.txt=b.txt", "a/hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: the name "hyp.txt" given to b.txt is the one a/hyp.txt gets from its file name; choose another NAME= for b.txt`},
		{"a given name with a control character", map[string]string{"a.txt": hyp3, "b.txt": hyp3, "ref.txt": ref3},
			Input{Systems: []string{"x\x1b=a.txt", "x\x1b=-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(hyp3)},
			`bleuscope: two systems are both named "x␛" (a.txt and standard input); give each its own NAME=`},
		{"name without path", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"x="}, Refs: []string{"ref.txt"}},
			`bleuscope: system "x=" has a name but no file; write NAME=PATH`},
		{"blank name", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3}, Input{Systems: []string{" =hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: system " =hyp.txt" has a blank name; write NAME=PATH with a name, or the path alone`},
		{"neither name nor path", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"="}, Refs: []string{"ref.txt"}},
			`bleuscope: system "=" has neither a name nor a file; write NAME=PATH`},
		{"a name with a slash, read as a path", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3}, Input{Systems: []string{"a/b=hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: a/b=hyp.txt does not exist; check the path (it is read as one, not as NAME=PATH, since a name may not hold "/")`},
		{"a name with a backslash, read as a path", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3}, Input{Systems: []string{`a\b=hyp.txt`}, Refs: []string{"ref.txt"}},
			`bleuscope: a\b=hyp.txt does not exist; check the path (it is read as one, not as NAME=PATH, since a name may not hold "\")`},
		{"a missing path with = after a folder", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"x=run/hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: run/hyp.txt does not exist; check the path`},
		{"path without name", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3}, Input{Systems: []string{"=hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: system "=hyp.txt" has a file but no name; write NAME=PATH, or the path alone`},
		{"an empty SYSTEM argument", map[string]string{"hyp.txt": hyp3, "ref.txt": ref3}, Input{Systems: []string{"hyp.txt", ""}, Refs: []string{"ref.txt"}},
			`bleuscope: a SYSTEM argument is empty (""); name a file of hypotheses, or - for standard input`},
		{"an empty reference path", map[string]string{"hyp.txt": hyp3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{""}},
			`bleuscope: a file name is empty (""); name the file to read`},
		{"stdin twice", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"-", "b=-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(hyp3)},
			`bleuscope: standard input is named twice ("-"); it can be read only once: save it to a file and name the file instead`},
		{"no stdin", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			`bleuscope: standard input is not available; name a file instead of "-"`},
		{"lines ending in CR alone", map[string]string{"hyp.txt": strings.ReplaceAll(hyp3, "\n", "\r"), "ref.txt": ref3}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: hyp.txt has 1 line but ref.txt has 3; hyp.txt's lines seem to end in CR alone, which ends no line here (nor in sacrebleu); convert them, e.g. tr '\r' '\n'`},
		{"reference lines ending in CR alone", map[string]string{"hyp.txt": hyp3, "ref.txt": strings.ReplaceAll(ref3, "\n", "\r")}, Input{Systems: []string{"hyp.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: hyp.txt has 3 lines but ref.txt has 1; ref.txt's lines seem to end in CR alone, which ends no line here (nor in sacrebleu); convert them, e.g. tr '\r' '\n'`},
		{"gzip twice", map[string]string{"hyp.txt.gz.gz": gzipped(t, full), "ref.txt": ref3}, Input{Systems: []string{"hyp.txt.gz.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt.gz.gz is gzip compressed twice; decompress it once (gunzip) and give that"},
		{"truncated gzip", map[string]string{"hyp.txt.gz": full[:len(full)-6], "ref.txt": ref3}, Input{Systems: []string{"hyp.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt.gz is not a valid gzip file (the file ends within its compressed data); check that it was compressed completely, or decompress it first"},
		{"gzip broken after two bytes that would read as UTF-16", map[string]string{"hyp.txt.gz": "\x1f\x8b\bA0\xff\xf2\xcd\xc9\xc9c\xf8\x87", "ref.txt": ref3}, Input{Systems: []string{"hyp.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: hyp.txt.gz is not a valid gzip file (the file ends within its compressed data); check that it was compressed completely, or decompress it first"},
		{"control characters in a file name", map[string]string{"ref.txt": ref3}, Input{Systems: []string{"a\x1b]2;x\a.txt"}, Refs: []string{"ref.txt"}},
			`bleuscope: a␛]2;x\x07.txt does not exist; check the path`},

		// TSV
		{"tsv wrong field count", map[string]string{"d.tsv": "src\tref\tsysA\nq\tr\th\nq\tr\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: 2 fields but the header has 3 (src, ref, sysA); give every row one field per column, separated by tabs"},
		{"tsv no reference column", map[string]string{"d.tsv": "src\tsysA\nq\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: the header names no reference column; name it ref (ref2, ref3 … for more references)"},
		{"tsv no system column", map[string]string{"d.tsv": "src\tref\tref2\nq\tr\tr\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: the header names no system column; add one column per system, named after the system"},
		{"tsv duplicate column", map[string]string{"d.tsv": "ref\tA\ta\nr\th\th\n"}, Input{Systems: []string{"d.tsv"}},
			`bleuscope: d.tsv:1: column "a" appears twice in the header; give every column its own name`},
		{"tsv unnamed column", map[string]string{"d.tsv": "ref\t\tA\nr\th\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:1: column 2 of the header has no name; name every column (src, ref, ref2 …, or a system name)"},
		{"tsv header only", map[string]string{"d.tsv": "ref\tA\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv has a header but no rows; add one row per segment"},
		{"tsv empty line inside", map[string]string{"d.tsv": "ref\tA\nr\th\n\nr\th\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: empty line; every line must hold one tab-separated segment"},
		{"tsv trailing blank line", map[string]string{"d.tsv": "ref\tA\nr\th\n\n"}, Input{Systems: []string{"d.tsv"}},
			"bleuscope: d.tsv:3: the file ends with an empty line; remove the trailing blank line"},
		{"tsv with -s and a src column", map[string]string{"d.tsv": "src\tref\tA\ns\tr\th\n", "src.txt": "s\n"}, Input{Systems: []string{"d.tsv"}, Src: "src.txt"},
			"bleuscope: d.tsv has its own source; drop -s, or drop the src column"},
		{"tsv with -s of another length", map[string]string{"d.tsv": "ref\tA\nr\th\n", "src.txt": "s\nt\n"}, Input{Systems: []string{"d.tsv"}, Src: "src.txt"},
			"bleuscope: src.txt has 2 lines but d.tsv has 1 segment; every file must have one segment per line"},

		// JSONL
		{"jsonl bad JSON", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a"}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: bad JSON (unexpected end of JSON input at byte 34); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl syntax error", map[string]string{"d.jsonl": `{"refs": ["a"] "hyps": {}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: bad JSON (invalid character '"' after object key:value pair at byte 16); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl lone high surrogate", map[string]string{"d.jsonl": `{"refs": ["caf\u00e9"], "hyps": {"A": "caf\ud83d"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: "hyps" holds \ud83d, half of a UTF-16 surrogate pair, which is no character (Python's surrogateescape writes one for each byte it could not decode); write the file from text decoded as UTF-8`},
		{"jsonl lone low surrogate", map[string]string{"d.jsonl": `{"src": "a", "refs": ["caf\uDCE9 \ud83d\ude00"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: "refs" holds \uDCE9, half of a UTF-16 surrogate pair, which is no character (Python's surrogateescape writes one for each byte it could not decode); write the file from text decoded as UTF-8`},
		{"jsonl surrogates in the wrong order", map[string]string{"d.jsonl": `{"src": "\udc00\ud800", "refs": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: "src" holds \udc00, half of a UTF-16 surrogate pair, which is no character (Python's surrogateescape writes one for each byte it could not decode); write the file from text decoded as UTF-8`},
		{"jsonl not an object", map[string]string{"d.jsonl": `["a", "b"]` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: bad JSON (the line is a JSON array, not an object); every line must be one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
		{"jsonl systems differ", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a", "B": "b"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a", "C": "c"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: the systems differ from the first record's (missing "B"; unexpected "C"); give every record the same systems`},
		{"jsonl every reference null", map[string]string{"d.jsonl": `{"refs": ["a", "b"], "hyps": {"A": "a"}}` + "\n" + `{"refs": [null, null], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: every reference is null; each segment needs at least one reference"},
		{"jsonl reference count", map[string]string{"d.jsonl": `{"refs": ["a", "b"], "hyps": {"A": "a"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: the record has 1 reference but the first record has 2; keep the count and use null for a missing reference"},
		{"jsonl no refs", map[string]string{"d.jsonl": `{"hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: the record has no "refs"; give a list of reference strings (null for a missing one)`},
		{"jsonl refs not strings", map[string]string{"d.jsonl": `{"refs": [1], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: "refs" must be a list of strings (null for a missing reference)`},
		{"jsonl null hypothesis", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": null}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: the hypothesis of system "A" is null; give a string ("" for no output)`},
		{"jsonl repeated system", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a", "A": "b"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: system "A" appears twice in "hyps"; give every system its own name`},
		{"jsonl key in upper case", map[string]string{"d.jsonl": `{"REFS": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: key "REFS" is not "refs"; keys are matched exactly, in lower case`},
		{"jsonl key twice", map[string]string{"d.jsonl": `{"refs": ["a"], "refs": ["b"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: key "refs" appears twice in the record; give each of "src", "refs" and "hyps" once`},
		{"jsonl repeated system in a later record", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a", "B": "b"}}` + "\n" + `{"refs": ["a"], "hyps": {"A": "a", "B": "b", "A": "c"}}` + "\n"},
			Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: system "A" appears twice in "hyps"; give every system its own name`},
		{"jsonl empty system name", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: a system in "hyps" has an empty name; give every system a name`},
		{"jsonl hypothesis not a string", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": 3}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:1: the hypothesis of system "A" must be a string`},
		{"jsonl src in later record only", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n" + `{"src": "s", "refs": ["a"], "hyps": {"A": "a"}}` + "\n"}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl:2: the record has "src" but the first record has none; give a source in every record or in none`},
		{"jsonl trailing blank line", map[string]string{"d.jsonl": `{"refs": ["a"], "hyps": {"A": "a"}}` + "\n\n"}, Input{Systems: []string{"d.jsonl"}},
			"bleuscope: d.jsonl:2: the file ends with an empty line; remove the trailing blank line"},
		{"jsonl empty", map[string]string{"d.jsonl": ""}, Input{Systems: []string{"d.jsonl"}},
			`bleuscope: d.jsonl is empty; give one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inDir(t, tt.files)
			ds, err := Load(tt.in)
			if err == nil {
				t.Fatalf("Load = %d segments, no error; want %q", ds.Len(), tt.want)
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Load error %T (%v); want *InputError", err, err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("Load error\n got %s\nwant %s", got, tt.want)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("message spans several lines: %q", err.Error())
			}
		})
	}
}

func TestInputErrorFormat(t *testing.T) {
	tests := []struct {
		e    InputError
		want string
	}{
		{InputError{Msg: "no reference"}, "bleuscope: no reference"},
		{InputError{File: "h.txt", Msg: "is empty"}, "bleuscope: h.txt is empty"},
		{InputError{File: "h.txt", Line: 3, Msg: "bad"}, "bleuscope: h.txt:3: bad"},
		{*invalidUTF8("h.txt", 3, 9, 0xff), "bleuscope: h.txt:3: invalid UTF-8 at byte 9 (0xff); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{InputError{File: "a\nb", Msg: "is\rodd"}, `bleuscope: a\nb is\rodd`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q; want %q", tt.e, got, tt.want)
		}
	}
}

// TestInputErrorGist checks what an input error says is wrong, without
// its fix: the file's name whole, whatever it holds ("; " too), and Msg up
// to the "; " before the fix, not one inside brackets or quotes.
func TestInputErrorGist(t *testing.T) {
	tests := []struct {
		e    InputError
		want string
	}{
		{InputError{Msg: "no reference given; name at least one reference translation"}, "no reference given"},
		{InputError{Line: 2, Msg: "segment 2 has no reference; chrF and TER need at least one per segment (use --metrics bleu for this input)"}, "segment 2 has no reference"},
		{*invalidUTF8("h.txt", 3, 9, 0xff), "h.txt:3: invalid UTF-8 at byte 9 (0xff)"},
		{InputError{File: "runs; old/hyp.txt", Msg: "is empty; give one segment per line"}, "runs; old/hyp.txt is empty"},
		{InputError{File: "a.ann", Msg: "was written by a newer bleuscope (annotation file format version 3; this bleuscope 0.1.0 reads version 2); open it with a newer bleuscope (it is left as it is)"},
			"a.ann was written by a newer bleuscope (annotation file format version 3; this bleuscope 0.1.0 reads version 2)"},
		{*nameClash("a; b", "x.txt", "y.txt", true, true), `two systems are both named "a; b" (x.txt and y.txt)`},
		// A system named with a quote is quoted with it escaped, and never
		// cut there (it was cut at two systems are both named "a").
		{*nameClash(`a"; b`, "x.txt", "y.txt", true, true), `two systems are both named "a\"; b" (x.txt and y.txt)`},
		{*nameClash(`a\`, "x.txt", "y.txt", true, true), `two systems are both named "a\\" (x.txt and y.txt)`},
		{*nameClash(`a\"; b`, "x.txt", "y.txt", true, true), `two systems are both named "a\\\"; b" (x.txt and y.txt)`},
		{InputError{File: "h\x1b[2Jtxt", Line: 1, Msg: "is odd"}, "h␛[2Jtxt:1: is odd"},
		{InputError{File: "h\x1b.txt", Msg: "is odd; fix it"}, "h␛.txt is odd"},
		{InputError{File: "h.txt", Msg: "has no fix"}, "h.txt has no fix"},
	}
	for _, tt := range tests {
		if got := tt.e.Gist(); got != tt.want {
			t.Errorf("%+v.Gist() = %q; want %q", tt.e, got, tt.want)
		}
	}
}

// TestLoneSurrogate checks which escapes of a JSON text are surrogates
// without their other half: a pair in order and an escaped backslash
// before "u" are not.
func TestLoneSurrogate(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{`"plain"`, ""},
		{`"caf\u00e9 \ud83d\ude00"`, ""},
		{`"\\ud800 is written out"`, ""},
		{`["a", "\\\ud800"]`, `\ud800`},
		{`"\ud83d"`, `\ud83d`},
		{`"\ud83d\u0041"`, `\ud83d`},
		{`"ok \ud83d\ude00 then \udce9"`, `\udce9`},
		{`{"A": "\uDFFF"}`, `\uDFFF`},
		{`"\n\t\"\ud800\""`, `\ud800`},
	} {
		if got := loneSurrogate(json.RawMessage(tt.raw)); got != tt.want {
			t.Errorf("loneSurrogate(%s) = %q; want %q", tt.raw, got, tt.want)
		}
	}
}

// TestBinaryNamesFirstNUL: a file that is not text names the first NUL
// byte of the line of the first byte that is not UTF-8, the same however
// the stream is cut into reads: whole, and a byte a read, when the line's
// first NUL came in an earlier read than the bad byte (it named the NUL
// nearest the bad byte, and a NUL of an earlier read not at all).
func TestBinaryNamesFirstNUL(t *testing.T) {
	defaultChunk := readChunk
	t.Cleanup(func() { readChunk = defaultChunk })
	for _, tc := range []struct{ name, in, want string }{
		{"first NUL of the line", "ab\x00cd\x00e\xd0f\nx\ny\n", "a NUL byte at byte 3, then 0xd0 at byte 8"},
		{"NUL on the line before", "x\x00\nab\xd0\ny\n", "a NUL byte, then 0xd0 at byte 3"},
		{"NULs on both lines", "the cat\x00\nsome text\x00 here\x00\xd0\ny\n", "a NUL byte at byte 10, then 0xd0 at byte 17"},
	} {
		for _, chunk := range []int{defaultChunk, 1} {
			readChunk = chunk
			inDir(t, map[string]string{"ref.txt": "a\nb\nc\n"})
			_, err := Load(Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(tc.in)})
			want := "not a text file (" + tc.want + ", which is not UTF-8)"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s, read %d bytes at a time: %v; want %q", tc.name, chunk, err, want)
			}
		}
	}
}

// TestGistOfSystemNamedWithQuote: the gist of a load error about a system
// named with a double quote ends after its name, quoted whole, however
// the message quotes it (%q or Quote); it was cut inside the name, at the
// "; " the name holds.
func TestGistOfSystemNamedWithQuote(t *testing.T) {
	for _, tc := range []struct {
		systems []string
		want    string
	}{
		{[]string{`x"; y=`}, `system "x\"; y=" has a name but no file`},
		{[]string{`a"; b=h1.txt`, `a"; b=h2.txt`}, `two systems are both named "a\"; b" (h1.txt and h2.txt)`},
	} {
		inDir(t, map[string]string{"h1.txt": "a\n", "h2.txt": "a\n", "ref.txt": "a\n"})
		_, err := Load(Input{Systems: tc.systems, Refs: []string{"ref.txt"}})
		var ie *InputError
		if !errors.As(err, &ie) || ie.Gist() != tc.want {
			t.Errorf("%q: error %v, gist %q; want %q", tc.systems, err, ie.Gist(), tc.want)
		}
	}
}
