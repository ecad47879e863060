package annotations

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// The journal file: a header line, then one record per line,
//
//	{"format":"bleuscope-annotations","version":1}
//	{"crc":"1c291ca3","rec":{"ops":[{"op":"put","ann":{…}}]}}
//	{"crc":"5e0f6a2b","rec":{"ops":[{"op":"del","id":3}]}}
//	{"crc":"9a3e01c4","rec":{"typology":{"name":"mqm","kind":"preset",…}}}
//	{"crc":"07d1c3e8","rec":{"former":["5f1c…",…]}}
//
// where crc is the CRC-32C (Castagnoli) of the bytes of rec exactly as
// they appear on the line. A record is one change (one or more
// operations applied together) or the typology the changes after it were
// made with ([typologyRecord]), which the explorer records before its
// first change to a file and again when its typology is not the one the
// file last recorded (unless its own earlier changes follow a record of
// it, and another writer's typology came after: [Store.needsTypology]);
// or, in a file [Store.Compact] wrote, the contents (the SHA-256 of
// each, [contentHash]) of annotations the file held and a change since
// edited or deleted, which the history of its changes said before it was
// compacted ([Store.former]): an MQM row of one of them is not taken in
// again. A record counts only when its line is complete, ends in
// "\n" and its checksum matches. A bleuscope older than the typology
// or the former record reads one as a record of no operation (it ignores
// the field it does not know), so the version stays 1.

// formatVersion is the version of the annotation file's format that this
// bleuscope reads and writes, the one its header names.
const formatVersion = 1

// header is the first line of every annotation file.
const header = `{"format":"bleuscope-annotations","version":1}` + "\n"

// newerVersion reports the version a header line at the start of data
// names when it is that of an annotation file of a newer format than
// [formatVersion] (a JSON object whose format is bleuscope-annotations
// and whose version is a larger whole number), which a newer bleuscope
// wrote.
func newerVersion(data []byte) (int, bool) {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	var h struct {
		Format  string          `json:"format"`
		Version json.RawMessage `json:"version"`
	}
	if json.Unmarshal(bytes.TrimSuffix(line, []byte("\r")), &h) != nil || h.Format != "bleuscope-annotations" {
		return 0, false
	}
	v, err := strconv.Atoi(string(h.Version)) // a number, not "2"
	return v, err == nil && v > formatVersion
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// op is one operation of a record: put (add or replace the annotation of
// that ID) or del (delete the annotation of that ID).
type op struct {
	Op  string      `json:"op"`
	Ann *Annotation `json:"ann,omitempty"`
	ID  int         `json:"id,omitempty"`
	// hashed reports, of an operation read, that its annotation's text
	// hashes were found those of its texts ([rowStrings.keep]).
	hashed bool
}

// record is one change, or the typology the changes after it were made
// with, or, in a compacted file, contents of annotations that changes it
// left out edited or deleted.
type record struct {
	Ops      []op            `json:"ops,omitempty"`
	Typology *typologyRecord `json:"typology,omitempty"`
	// Former are the contents of annotations the file held and a change
	// edited or deleted ([Store.former]), which the history of its
	// changes says and a compacted file, without that history, records
	// in their stead.
	Former []contentHash `json:"former,omitempty"`
}

// envelope is a record's line: its checksum and the record.
type envelope struct {
	CRC string          `json:"crc"`
	Rec json.RawMessage `json:"rec"`
}

// encodeRecord returns the journal line of a change, "\n" included.
func encodeRecord(ops []op) ([]byte, error) { return encodeLine(record{Ops: ops}) }

// lineHead is how a journal line starts, before its record, with its
// checksum's 8 hex digits 0 ([appendLineHead]).
const lineHead = `{"crc":"00000000","rec":`

// appendLineHead appends to b how the journal line of a record whose
// checksum is crc starts, before the record.
func appendLineHead(b []byte, crc uint32) []byte {
	return fmt.Appendf(b, `{"crc":"%08x","rec":`, crc)
}

// encodeLine returns the journal line of r, "\n" included.
func encodeLine(r record) ([]byte, error) {
	r.Ops = storedNames(r.Ops)
	body, err := plainJSON(r)
	if err != nil {
		return nil, fmt.Errorf("annotations: encode record: %w", err)
	}
	line := appendLineHead(make([]byte, 0, len(body)+32), crc32.Checksum(body, castagnoli))
	line = append(line, body...)
	line = append(line, "}\n"...)
	return line, nil
}

// storedNames returns ops with each annotation's system named as the
// journal stores it ([storedName]). It returns ops itself when every name
// is stored as it is.
func storedNames(ops []op) []op {
	copied := false
	for k, o := range ops {
		if stored := storedName(o); stored.Ann != o.Ann {
			if !copied {
				ops, copied = slices.Clone(ops), true
			}
			ops[k] = stored
		}
	}
	return ops
}

// storedName returns o with its annotation's system named as the journal
// stores it: as JSON output names a system ([model.JSONName]), which
// keeps a name that is not UTF-8 apart from others where encoding/json
// would write its bytes as U+FFFD, and which decodeRecord reads back. It
// returns o itself when the name is stored as it is.
func storedName(o op) op {
	if o.Ann == nil {
		return o
	}
	name := model.JSONName(o.Ann.System)
	if name == o.Ann.System {
		return o
	}
	a := *o.Ann
	a.System = name
	o.Ann = &a
	return o
}

// encodable reports why ops could not be encoded as a record, nil when
// they can: of what a record holds, only a time outside what JSON's time
// can say (a year past 9999) fails to encode, as [encodeRecord] would
// say.
func encodable(ops []op) error {
	for _, o := range ops {
		if o.Ann == nil || o.Ann.Time.IsZero() {
			continue
		}
		if _, err := json.Marshal(o.Ann.Time); err != nil {
			return fmt.Errorf("annotations: encode record: %w", err)
		}
	}
	return nil
}

// journalWriter appends journal lines to a file from an offset, through
// a buffer of up to [journalBuffer] bytes: a change of many operations
// (an import) is encoded an operation at a time as it is written
// ([journalWriter.record]), never held whole.
type journalWriter struct {
	f       *os.File
	writeAt func(f *os.File, b []byte, off int64) (int, error)
	// off is where buf goes in the file; buf is what is not written yet.
	off int64
	buf []byte
	err error
	// scratch and enc encode one operation.
	scratch bytes.Buffer
	enc     *json.Encoder
}

// journalBuffer is the most a [journalWriter] keeps before writing it;
// tests lower it.
var journalBuffer = 1 << 20

// end is the offset after the last byte given to w.
func (w *journalWriter) end() int64 { return w.off + int64(len(w.buf)) }

// write appends b.
func (w *journalWriter) write(b []byte) {
	if w.err != nil {
		return
	}
	if len(w.buf)+len(b) > journalBuffer {
		w.flush()
	}
	w.buf = append(w.buf, b...)
}

// flush writes what w holds.
func (w *journalWriter) flush() error {
	if w.err == nil && len(w.buf) > 0 {
		_, w.err = w.writeAt(w.f, w.buf, w.off)
		w.off += int64(len(w.buf))
		w.buf = w.buf[:0]
	}
	return w.err
}

// writeOver writes b over bytes given to w before, at off.
func (w *journalWriter) writeOver(b []byte, off int64) {
	if w.err != nil {
		return
	}
	if off >= w.off {
		copy(w.buf[off-w.off:], b)
		return
	}
	_, w.err = w.writeAt(w.f, b, off)
}

// record appends the journal line of the change ops, the bytes
// [encodeRecord] returns: the record's body is written as it is encoded,
// an operation at a time, after room for the checksum, which is written
// into that room once the body is through.
func (w *journalWriter) record(ops []op) error {
	if w.enc == nil {
		w.enc = json.NewEncoder(&w.scratch)
		w.enc.SetEscapeHTML(false) // as plainJSON
	}
	start := w.end()
	w.write([]byte(lineHead))
	var crc uint32
	body := func(b []byte) {
		crc = crc32.Update(crc, castagnoli, b)
		w.write(b)
	}
	if len(ops) == 0 {
		body([]byte(`{}`)) // ops is omitted when empty
	} else {
		body([]byte(`{"ops":[`))
	}
	for k, o := range ops {
		if k > 0 {
			body([]byte(","))
		}
		w.scratch.Reset()
		if err := w.enc.Encode(storedName(o)); err != nil {
			return fmt.Errorf("annotations: encode record: %w", err)
		}
		body(bytes.TrimSuffix(w.scratch.Bytes(), []byte("\n")))
	}
	if len(ops) > 0 {
		body([]byte(`]}`))
	}
	w.write([]byte("}\n"))
	w.writeOver(appendLineHead(nil, crc), start)
	return w.err
}

// decodeRecord checks and decodes one journal line (without its "\n"),
// the strings of the annotations decoded kept in strs, when not nil, once
// each ([rowStrings.keep]). A line as bleuscope writes it is read without
// copying its record ([writtenEnvelope]), and a change's operations
// decoded one at a time ([decodeOps]), so that the strings of each are
// kept before the next.
func decodeRecord(line []byte, strs *rowStrings) (record, error) {
	if env, written := writtenEnvelope(line); written {
		// writtenEnvelope leaves the record unchecked as JSON: a record
		// that decodes is JSON, and one that does not is read as any
		// other line when it is not JSON, the line's reading wording what
		// is wrong, so that it is scanned twice only then.
		rec, err := decodeEnvelope(env, strs)
		if err == nil || json.Valid(env.Rec) {
			return rec, err
		}
	}
	var env envelope
	if err := json.Unmarshal(line, &env); err != nil {
		return record{}, fmt.Errorf("not a record: %w", err)
	}
	return decodeEnvelope(env, strs)
}

// decodeEnvelope checks and decodes the record of a journal line, env, as
// [decodeRecord] does.
func decodeEnvelope(env envelope, strs *rowStrings) (record, error) {
	want, err := strconv.ParseUint(env.CRC, 16, 32)
	if err != nil || len(env.CRC) != 8 {
		return record{}, fmt.Errorf("bad checksum field %s", model.Quote(env.CRC))
	}
	if got := crc32.Checksum(env.Rec, castagnoli); uint32(want) != got {
		return record{}, fmt.Errorf("checksum %08x does not match the record's %08x", want, got)
	}
	rec, ok := decodeOps(env.Rec, strs)
	if !ok {
		rec = record{}
		if err := json.Unmarshal(env.Rec, &rec); err != nil {
			return record{}, fmt.Errorf("bad record: %w", err)
		}
	}
	// bleuscope writes only annotations that pass check; one that does
	// not (a record edited by hand, its checksum made again) would be
	// shown or exported at a line or span that is not there.
	for _, o := range rec.Ops {
		if o.Ann == nil {
			continue
		}
		o.Ann.System = model.ParseJSONName(o.Ann.System) // as storedNames wrote it
		if strs != nil && !ok {
			o.hashed = strs.keep(o.Ann)
		}
		if o.Op == "put" {
			if err := o.Ann.checkHashed(o.hashed); err != nil {
				return record{}, err
			}
		}
	}
	if rec.Typology != nil {
		if _, err := rec.Typology.preset(); err != nil {
			return record{}, err
		}
	}
	return rec, nil
}

// writtenEnvelope returns the checksum and the record of line when it is
// as bleuscope writes it, {"crc":"…","rec":{…}}, its checksum 8 hex
// digits: what reading the line as JSON gives, the record not copied,
// when the record is valid JSON, which the caller finds decoding it.
func writtenEnvelope(line []byte) (envelope, bool) {
	const head = lineHead
	if len(line) < len(head)+2 || !bytes.HasPrefix(line, []byte(`{"crc":"`)) || string(line[16:len(head)]) != `","rec":` ||
		line[len(head)] != '{' || !bytes.HasSuffix(line, []byte("}}")) {
		return envelope{}, false
	}
	crc := line[8:16]
	for _, c := range crc {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return envelope{}, false
		}
	}
	return envelope{CRC: string(crc), Rec: line[len(head) : len(line)-1]}, true
}

// decodeOps decodes rec, a record that is valid JSON, when it is a change
// as bleuscope writes it, {"ops":[…]}, an operation at a time, each
// annotation's strings kept in strs when not nil ([rowStrings.keep]): the
// record json.Unmarshal gives; ok is false when rec is not of that form or
// an operation does not decode, which json.Unmarshal then words.
func decodeOps(rec []byte, strs *rowStrings) (r record, ok bool) {
	const start, end = `{"ops":[`, `]}`
	if !bytes.HasPrefix(rec, []byte(start)) || !bytes.HasSuffix(rec, []byte(end)) {
		return record{}, false
	}
	dec := json.NewDecoder(bytes.NewReader(rec[len(start)-1 : len(rec)-1])) // the array
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return record{}, false
	}
	r.Ops = []op{}
	for dec.More() {
		var o op
		if err := dec.Decode(&o); err != nil {
			return record{}, false
		}
		if o.Ann != nil && strs != nil {
			o.hashed = strs.keep(o.Ann)
		}
		r.Ops = append(r.Ops, o)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim(']') {
		return record{}, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return record{}, false // more after the array
	}
	return r, true
}

// journalStart returns where the journal in data, an annotation file,
// starts: after a UTF-8 byte-order mark, which an editor that saved it
// (Windows Notepad) may have put there, else at 0. The places of its
// records stay those in the file, so that a change is appended after the
// last good one and a torn one is cut where it starts; the mark stays
// until [Store.Compact] writes the file again, without one.
func journalStart(data []byte) int {
	if bytes.HasPrefix(data, []byte(model.BOM)) {
		return len(model.BOM)
	}
	return 0
}

// IsAnnotationFile reports whether head, the first bytes of a file (64
// are enough), are those of an annotation file: none, the start of its
// header, or a header a crash cut short (which [Open] reads as an empty
// file, with a warning), after a UTF-8 byte-order mark or not.
func IsAnnotationFile(head []byte) bool {
	head = head[journalStart(head):]
	start := header[:strings.IndexByte(header, ',')]
	return bytes.HasPrefix(head, []byte(start)) || len(head) < len(start) && strings.HasPrefix(header, string(head))
}

// FileKinds says what an annotation file and a WMT MQM TSV look like, for
// the refusal of a file read as either that is neither.
var FileKinds = "an annotation file starts with " + strings.TrimSpace(header) + ", a WMT MQM TSV with a header row naming the columns " + MQMHeaderWords

// journal is what reading an annotation file found.
type journal struct {
	records []record
	// good is the length of the file up to the end of the last good
	// record: anything after it is a torn record to cut off.
	good int64
	// exists reports that the file has a complete header.
	exists bool
	// warnings describe what was dropped.
	warnings []string
	// info is the file read, nil when it is missing or was written to
	// while it was read.
	info os.FileInfo
}

// readJournal reads the annotation file at path. A missing or empty file
// is an empty journal; a torn last line (a crash mid-write) is dropped with
// a warning; anything else that is not a good record is an error naming
// the line, or, for a file in UTF-16 or UTF-32, the encoding
// ([model.CheckEncoding]), that it is compressed, or that it has Windows
// line ends and how to convert it. A UTF-8 byte-order mark before the header, which
// an editor may have added, is skipped ([journalStart]).
func readJournal(path string) (*journal, error) {
	data, info, err := readWhole(path)
	if os.IsNotExist(err) {
		return &journal{}, nil
	}
	if err != nil {
		return nil, model.OpenErr(path, err)
	}
	return parseJournal(path, data, info)
}

// parseJournal is [readJournal] of data, the whole file at path, which
// was info when read (nil: unknown).
func parseJournal(path string, data []byte, info os.FileInfo) (*journal, error) {
	j := &journal{info: info}
	start := journalStart(data)
	if len(data) == start {
		return j, nil
	}
	nl := bytes.IndexByte(data[start:], '\n')
	if nl < 0 || string(data[start:start+nl+1]) != header {
		if nl < 0 && bytes.HasPrefix([]byte(header), data[start:]) {
			j.warnings = append(j.warnings, fmt.Sprintf("%s: the file's header was cut short (a crash while creating it); starting empty", path))
			return j, nil
		}
		if err := model.CheckEncoding(path, data); err != nil {
			return nil, err // an annotation file saved in UTF-16, say
		}
		if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
			return nil, &model.InputError{File: path, Msg: "is gzip-compressed, and an annotation file is appended to as it is; decompress it (gunzip) and give that"}
		}
		if bytes.HasPrefix(data[start:], []byte(header[:len(header)-1]+"\r\n")) {
			// Saved by an editor on Windows: the records would be read,
			// but the changes appended after them end in "\n" alone.
			return nil, &model.InputError{File: path, Msg: fmt.Sprintf(`has Windows (CRLF) line ends, as an editor may save it, and an annotation file's lines end in "\n" alone; convert it, e.g. sed -i 's/\r$//' %s (or dos2unix %[1]s), and open it again`, path)}
		}
		if v, ok := newerVersion(data[start:]); ok {
			return nil, &model.InputError{File: path, Line: 1, Msg: fmt.Sprintf("was written by a newer bleuscope (annotation file format version %d; this bleuscope %s reads version %d); open it with a newer bleuscope (it is left as it is)", v, scoring.Version, formatVersion)}
		}
		return nil, &model.InputError{File: path, Line: 1, Msg: fmt.Sprintf(NotAnnotationFile+" (it must start with %s); give a new file name, or add a WMT MQM TSV to one with \"bleuscope annotations import\"", bytes.TrimSpace([]byte(header)))}
	}
	j.exists = true
	var strs rowStrings
	pos := start + nl + 1
	j.good = int64(pos)
	for lineNo := 2; pos < len(data); lineNo++ {
		end := bytes.IndexByte(data[pos:], '\n')
		if end < 0 {
			j.warnings = append(j.warnings, fmt.Sprintf("%s:%d: the last change was cut short (a crash while saving it) and is dropped; every change before it is kept", path, lineNo))
			break
		}
		rec, err := decodeRecord(data[pos:pos+end], &strs)
		if err != nil {
			if pos+end+1 == len(data) {
				j.warnings = append(j.warnings, fmt.Sprintf("%s:%d: the last change is damaged (%v) and is dropped; every change before it is kept", path, lineNo, err))
				break
			}
			return nil, &model.InputError{File: path, Line: lineNo, Msg: fmt.Sprintf("damaged record (%v) followed by more; restore the file from a copy, or cut it before this line to keep the changes up to it", err)}
		}
		j.records = append(j.records, rec)
		pos += end + 1
		j.good = int64(pos)
	}
	return j, nil
}

// readWhole reads the file at path and returns it with what it was when
// read: nil when another bleuscope appended to it while it was read, and
// went on doing so on a second and third try.
func readWhole(path string) ([]byte, os.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var data []byte
	for range 3 {
		data, err = io.ReadAll(io.NewSectionReader(f, 0, math.MaxInt64))
		if err != nil {
			return nil, nil, err
		}
		fi, err := f.Stat()
		if err != nil {
			return nil, nil, err
		}
		if fi.Size() == int64(len(data)) {
			return data, fi, nil
		}
	}
	return data, nil, nil
}

// writeAtomically replaces path with data: a temporary file beside it is
// written and synced, renamed over path, and the directory synced, so
// path holds either the old or the new content, whole, after a crash.
// It returns the new file as written, before anyone else could change it.
func writeAtomically(path string, data []byte) (os.FileInfo, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	var fi os.FileInfo
	if err == nil {
		fi, err = tmp.Stat()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if fi, serr := os.Stat(path); serr == nil {
			err = os.Chmod(name, fi.Mode().Perm())
		} else {
			err = os.Chmod(name, 0o644)
		}
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return nil, err
	}
	return fi, syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
