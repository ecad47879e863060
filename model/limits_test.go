package model

import (
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// endless is a stream that never ends: pattern over and over, after an
// optional start. It counts the bytes handed out.
type endless struct {
	start, pattern string
	read           int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var src string
		if int64(len(e.start)) > e.read {
			src = e.start[e.read:]
		} else {
			off := (e.read - int64(len(e.start))) % int64(len(e.pattern))
			src = e.pattern[off:]
		}
		c := copy(p[n:], src)
		n += c
		e.read += int64(c)
	}
	return n, nil
}

// cutAtHead is UTF-16 text whose 128th character, an emoji of two code
// units, lies across the end of the [EncodingHead] bytes looked at.
var cutAtHead = conformance.UTF16(strings.Repeat("ab ", 42)+"a😀 and more\n", binary.BigEndian)

func TestLoadLimits(t *testing.T) {
	bomb := gzipped(t, strings.Repeat("a b c\n", 1<<20)) // 6 MiB of lines
	tests := []struct {
		name   string
		files  map[string]string
		stdin  *endless
		limits LoadOptions
		in     Input
		want   string
	}{
		{"endless lines on stdin", nil, &endless{pattern: "a b c\n"}, LoadOptions{MaxInput: 1 << 20},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input is larger than 1 MiB, the input limit; raise --max-input if that is intended"},
		{"endless zeros on stdin", nil, &endless{pattern: "\x00"}, LoadOptions{},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input:1: the line is longer than 1 MiB, the line limit; raise --max-line if that is intended"},
		{"long line after short ones", nil, &endless{start: "a\nb\n", pattern: "word "}, LoadOptions{MaxLine: 1000},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input:3: the line is longer than 1000 bytes, the line limit; raise --max-line if that is intended"},
		{"long line after lines ended by CR and LF", nil, &endless{start: "a\nb\rc\nd\r\n", pattern: "word "}, LoadOptions{MaxLine: 1000},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input:4: the line is longer than 1000 bytes, the line limit; raise --max-line if that is intended"},
		{"endless invalid UTF-8", nil, &endless{start: "ok\nab", pattern: "\xff"}, LoadOptions{},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input:2: invalid UTF-8 at byte 3 (0xff); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"gzip bomb", map[string]string{"h.txt.gz": bomb}, nil, LoadOptions{MaxInput: 1 << 20},
			Input{Systems: []string{"h.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt.gz decompresses past 1 MiB, the input limit; raise --max-input if that is intended"},
		{"big file", map[string]string{"h.txt": strings.Repeat("a b\n", 300<<10)}, nil, LoadOptions{MaxInput: 1 << 20},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is larger than 1 MiB, the input limit; raise --max-input if that is intended"},
		{"files together", map[string]string{"h.txt": strings.Repeat("a b\n", 200<<10), "r.txt": strings.Repeat("a b\n", 200<<10)}, nil,
			LoadOptions{MaxInput: 1536 << 10}, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}},
			"bleuscope: r.txt takes the input past 1.5 MiB, the limit for all files together; raise --max-input if that is intended"},
		{"UTF-16 little-endian", map[string]string{"h.txt": "\xff\xfeh\x00i\x00\n\x00"}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (little-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-16 -t UTF-8"},
		{"UTF-16 big-endian, gzipped", map[string]string{"h.txt.gz": gzipped(t, "\xfe\xff\x00h\x00i\x00\n")}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt.gz is UTF-16 (big-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-16 -t UTF-8"},
		{"UTF-16 little-endian without a mark", map[string]string{"h.txt": conformance.UTF16("hello world\nfoo bar\n", binary.LittleEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8"},
		{"UTF-16 big-endian without a mark, gzipped", map[string]string{"h.txt.gz": gzipped(t, conformance.UTF16("hi\n", binary.BigEndian))}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt.gz is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8"},
		{"UTF-16 without a mark, with Latin-1 and other characters", map[string]string{"h.txt": conformance.UTF16("Grüße, don’t — 5 €\n", binary.LittleEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8"},
		{"UTF-16 without a mark on standard input", nil, &endless{pattern: conformance.UTF16("a b c\n", binary.BigEndian)}, LoadOptions{MaxInput: 1 << 20},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8"},
		{"UTF-16 without a mark, in Cyrillic", map[string]string{"h.txt": conformance.UTF16("Привет, мир! Это проверка.\n", binary.LittleEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8"},
		{"UTF-16 without a mark, in Chinese", map[string]string{"h.txt": conformance.UTF16("中文文本的测试。\n", binary.BigEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8"},
		{"UTF-16 without a mark or a line end", map[string]string{"h.txt": conformance.UTF16("The goods cost less than 20 euros.", binary.LittleEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8"},
		{"UTF-16 without a mark, a character across the head's end", map[string]string{"h.txt": cutAtHead}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8"},
		{"UTF-32 little-endian without a mark", map[string]string{"h.txt": conformance.UTF32("hello world\nfoo bar\n", binary.LittleEndian)}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-32 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-32LE -t UTF-8"},
		{"UTF-32 big-endian without a mark, gzipped", map[string]string{"h.txt.gz": gzipped(t, conformance.UTF32("Grüße\n", binary.BigEndian))}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt.gz"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt.gz is UTF-32 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-32BE -t UTF-8"},
		{"UTF-32 without a mark on standard input", nil, &endless{pattern: conformance.UTF32("a b c\n", binary.LittleEndian)}, LoadOptions{MaxInput: 1 << 20},
			Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}},
			"bleuscope: standard input is UTF-32 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-32LE -t UTF-8"},
		{"UTF-32 little-endian", map[string]string{"h.txt": "\xff\xfe\x00\x00h\x00\x00\x00"}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-32 (little-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-32 -t UTF-8"},
		{"UTF-32 big-endian", map[string]string{"h.txt": "\x00\x00\xfe\xff\x00\x00\x00h"}, nil, LoadOptions{},
			Input{Systems: []string{"h.txt"}, Refs: []string{"ref.txt"}},
			"bleuscope: h.txt is UTF-32 (big-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-32 -t UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"ref.txt": "a b c\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			inDir(t, files)
			in := tt.in
			in.Limits = tt.limits
			if tt.stdin != nil {
				in.Stdin = tt.stdin
			}
			_, err := Load(in)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("Load error\n got %v\nwant %s", err, tt.want)
			}
			if tt.stdin != nil {
				// The stream was abandoned soon after the limit.
				lim := in.Limits.WithDefaults()
				if tt.stdin.read > min(lim.MaxInput, int64(lim.MaxLine))+2*int64(readChunk) {
					t.Errorf("read %d bytes of an endless stream before stopping", tt.stdin.read)
				}
			}
		})
	}
}

// sniff is what [unmarkedEncoding] says of a file holding text, from its
// start as the loader reads it.
func sniff(text string) string {
	head := []byte(text)[:min(len(text), EncodingHead)]
	return unmarkedEncoding(head, len(text) <= EncodingHead)
}

// TestCheckEncodingWholeFile: a file of [EncodingHead] bytes is all there
// is, and the byte after them, which the callers peek, tells a file that
// goes on: UTF-16 text cut in the middle of a character there is UTF-16
// when the file goes on (the loader's test has it), and is not UTF-16
// when the file ends there, leaving half a character.
func TestCheckEncodingWholeFile(t *testing.T) {
	if err := CheckEncoding("h.txt", []byte(cutAtHead[:EncodingHead+1])); err == nil {
		t.Error("UTF-16 going on past the head was taken for UTF-8")
	}
	if err := CheckEncoding("h.txt", []byte(cutAtHead[:EncodingHead])); err != nil {
		t.Errorf("a file of %d bytes ending in half a UTF-16 character: %v; want it not taken for UTF-16", EncodingHead, err)
	}
}

// Text from WMT22, whose start in UTF-16 or UTF-32 each rule must
// recognize.
const (
	czech     = "Dej bůh Jura usnout \u009ee možná a já si pak hned lehnu, trochu se vyspím.\n"
	ukrainian = "Дозволити контакт другого з батьків з дитиною в час: …………………………………………………………………………………………\n"
	chinese   = "除了美元奖励的明显好处外，该项目背后的团队已经在其网站上推出了SWAP dApp，最近透露了即将推出的NFT市场的细节，以及该项目未来发展的路线图，其中包括与多个区块链平台的整合，以及为其社区成员和早期投资者提供的一系列独家奖励和优惠活动，这些都吸引了大量的关注。\n"
)

// latin1 is s in Latin-1.
func latin1(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// TestUnmarkedEncoding: text in UTF-32 or UTF-16 without a byte-order mark
// is recognized, in every script, UTF-32 never as UTF-16; UTF-8 text is
// never taken for either: with a stray NUL byte, with NUL bytes at every
// other place but too few to tell or beside a line end that makes none in
// UTF-16, NUL bytes alone, or too little to tell; nor is Latin-1 text.
func TestUnmarkedEncoding(t *testing.T) {
	long := strings.Repeat("a\x00b\x00", EncodingHead/4)
	tests := []struct{ text, want string }{
		{"", ""}, {"a\x00", ""}, {"a\x00\n", ""}, {"\x00\x00\x00\x00\x00\x00", ""},
		{"hello\x00 world\nfoo bar\n", ""}, {"\x00hello world\n", ""}, {"a\x00b\x00c d e f\n", ""}, {"é€😀 text\n", ""},
		{"a\x00b\x00\n", ""}, {"a\x00b\x00", ""}, {"a\x00b\x00\nc\x00d\x00\n", ""}, {"a\x00\x1b\x00\n\x00", ""},
		{"a\x00b\x00" + strings.Repeat("hello world\n", 30), ""},
		// "==" is U+3D3D in UTF-16, not in an alphabet's block:
		{"a\x00b\x00" + strings.Repeat("=", 300), ""},
		// "x\t" is U+0978 in UTF-16, in Devanagari's block, but two NULs in
		// 256 bytes are too few:
		{"a\x00b\x00" + strings.Repeat("x\t", 126), ""}, {"a\x00b\x00" + strings.Repeat("x\t", 200), ""},
		{long + "\xff", "UTF-16LE"}, // 256 bytes of NUL bytes in between: enough to tell
		// Four characters or more are enough to tell without a line end:
		{"a\x00b\x00c\x00\n\n", "UTF-16LE"}, {strings.Repeat("a\x00", 127), "UTF-16LE"}, {strings.Repeat("a\x00", 128), "UTF-16LE"},
		{conformance.UTF16("The goods cost less than 20 euros.", binary.LittleEndian), "UTF-16LE"},
		{conformance.UTF16("The goods cost less than 20 euros.", binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("hi\n", binary.LittleEndian), "UTF-16LE"}, {conformance.UTF16("hi\n", binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("Grüße, don’t — 5 €\n", binary.LittleEndian), "UTF-16LE"},
		{conformance.UTF16("Привет, мир! Это проверка.\n", binary.LittleEndian), "UTF-16LE"},
		{conformance.UTF16("Привет, мир! Это проверка.\n", binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("中文文本的测试。\n", binary.LittleEndian), "UTF-16LE"},
		{conformance.UTF16("中文文本的测试。\n", binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("これはテストです😀\n", binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("中文文本的测试。", binary.LittleEndian), ""}, // no line end: too little to tell
		// A stray C1 control, as in WMT22's Czech:
		{conformance.UTF32(czech, binary.LittleEndian), "UTF-32LE"}, {conformance.UTF16(czech, binary.BigEndian), "UTF-16BE"},
		// Cyrillic with an ellipsis in every other character:
		{conformance.UTF16(ukrainian, binary.LittleEndian), "UTF-16LE"}, {conformance.UTF16(ukrainian, binary.BigEndian), "UTF-16BE"},
		// A line too long for a line end in the head, and text whose "一"
		// (U+4E00) reads as "N" in the other byte order:
		{conformance.UTF16(chinese, binary.LittleEndian), "UTF-16LE"}, {conformance.UTF16(chinese, binary.BigEndian), "UTF-16BE"},
		{conformance.UTF16("一一"+strings.Repeat("中文句子 ", 30), binary.LittleEndian), "UTF-16LE"},
		{conformance.UTF16("一一一一一。\n"+strings.Repeat("中文", 70), binary.BigEndian), "UTF-16BE"},
		// Latin-1, not UTF-8, longer than the head, has no NUL byte:
		{latin1(strings.Repeat("Café crème, déjà vu à Noël. ", 20)), ""},
		{"h\x00\x00\x00i\x00\x00\x00\n\x00\x00\x00", "UTF-32LE"}, {"\x00\x00\x00h\x00\x00\x00i\x00\x00\x00\n", "UTF-32BE"},
		{conformance.UTF32("Grüße 😀 中文\n", binary.LittleEndian), "UTF-32LE"}, {conformance.UTF32("Grüße 😀 中文\n", binary.BigEndian), "UTF-32BE"},
		// One to three characters, too few to tell from UTF-8 with NUL
		// bytes, are taken for UTF-16 or UTF-32 only when they are not
		// UTF-8; before, they were "invalid UTF-8", with the iconv command
		// for Latin-1:
		{"J\x00\xe0\x00", "UTF-16LE"}, {"\x00\xe9", "UTF-16BE"}, {"\x00\x00\x00J\x00\x00\x00\xe0", "UTF-32BE"},
		{"\xe0\x00\x00\x00", "UTF-32LE"}, {"Y\x00e\x00s\x00", ""}, {"\x00\x00\x00J\x00\x00\x00o", ""},
		{"\xe0\x00\x01\x00", ""},                            // a control character
		{"h\x00\x00\x00i\x00\x00\x00\n\x00\x00", ""},        // not a whole number of characters
		{"\x00\xd8\x00\x00h\x00\x00\x00\n\x00\x00\x00", ""}, // a surrogate
	}
	for _, tt := range tests {
		if got := sniff(tt.text); got != tt.want {
			t.Errorf("unmarkedEncoding(%q) = %q; want %q", tt.text, got, tt.want)
		}
	}
}

// TestUnmarkedEncodingWMT22: every file of the WMT22 test sets (in a dozen
// scripts) reads as text, never as UTF-16 or UTF-32; put in either (as
// iconv -t UTF-16LE, UTF-32BE … puts it), from its first line or from one
// of every few lines of its first 3000, it is recognized.
func TestUnmarkedEncodingWMT22(t *testing.T) {
	root := conformance.Corpora(t)
	read := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		read++
		f, err := newReader(Input{}).read(p)
		if err != nil {
			return err
		}
		text := strings.Join(f.chunks, "")
		for line, at := 1, 0; line <= 3000 && at < len(text); line += wmt22Step {
			start := startOf(text[at:])
			if got := sniff(start); got != "" {
				t.Errorf("%s from line %d taken for %s", filepath.Base(p), line, got)
			}
			for _, c := range []struct {
				name string
				enc  func(string, binary.AppendByteOrder) string
				o    binary.AppendByteOrder
			}{
				{"UTF-32LE", conformance.UTF32, binary.LittleEndian}, {"UTF-32BE", conformance.UTF32, binary.BigEndian},
				{"UTF-16LE", conformance.UTF16, binary.LittleEndian}, {"UTF-16BE", conformance.UTF16, binary.BigEndian},
			} {
				e := c.enc(start, c.o)
				if strings.HasPrefix(c.name, "UTF-16") && fewNULs(e, c.o) {
					continue
				}
				if got := sniff(e); got != c.name {
					t.Errorf("%s from line %d in %s taken for %q", filepath.Base(p), line, c.name, got)
				}
			}
			for range wmt22Step {
				if nl := strings.IndexByte(text[at:], '\n'); nl >= 0 {
					at += nl + 1
				} else {
					at = len(text)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d WMT22 files read as text", read)
}

// fewNULs reports whether the first [EncodingHead] bytes of e, text in
// UTF-16 in the byte order o, hold too few NUL bytes to tell it from text
// in Shift-JIS or GBK and its byte order from the other: fewer than two
// beside ASCII or Latin-1 characters, or no more than beside characters
// such as "一" (U+4E00), which read as those in the other byte order.
func fewNULs(e string, o binary.AppendByteOrder) bool {
	high := 0 // the offset of a code unit's high byte
	if o == binary.LittleEndian {
		high = 1
	}
	inHigh, inLow := 0, 0
	for i := range min(len(e), EncodingHead) {
		switch {
		case e[i] != 0:
		case i%2 == high:
			inHigh++
		default:
			inLow++
		}
	}
	return inHigh < 2 || inHigh <= inLow
}

// wmt22Step is how many lines apart [TestUnmarkedEncodingWMT22] starts.
const wmt22Step = 10

// startOf returns the start of text, in whole characters: enough for
// [EncodingHead] bytes and one more in any encoding.
func startOf(text string) string {
	n := 0
	for i := range text {
		if n > EncodingHead/2 && i > EncodingHead {
			return text[:i]
		}
		n++
	}
	return text
}

func TestLoadRuneAcrossReads(t *testing.T) {
	// Runes of 2, 3 and 4 bytes cut by every read boundary.
	text := "x" + strings.Repeat("é€😀 ", 100_000) + "\n"
	inDir(t, map[string]string{"h.txt": text, "r.txt": text})
	ds := mustLoad(t, Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}})
	if got, want := ds.Systems[0].Hyps[0], strings.TrimRight(text, " \n"); got != want {
		t.Errorf("line of %d bytes read back as %d bytes", len(want), len(got))
	}
}

func TestDefaultLoadOptions(t *testing.T) {
	o := DefaultLoadOptions()
	if o.MaxInput < minMaxInput || o.MaxLine != defaultMaxLine {
		t.Errorf("DefaultLoadOptions() = %+v; want MaxInput ≥ %d and MaxLine %d", o, minMaxInput, defaultMaxLine)
	}
	if got := (LoadOptions{}).WithDefaults(); got != o {
		t.Errorf("zero LoadOptions take %+v; want the defaults %+v", got, o)
	}
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{1: "1 byte", 100: "100 bytes", 2048: "2 KiB", 16 << 20: "16 MiB", 3 << 30: "3 GiB", 1536 << 20: "1.5 GiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q; want %q", n, got, want)
		}
	}
}

func TestLoadUTF8ByteByByte(t *testing.T) {
	// Standard input handed over one byte at a time cuts every rune.
	tests := []struct{ in, want string }{
		{"é€😀\nok\n", ""},
		{"é€😀\nab\xffc\n", "bleuscope: standard input:2: invalid UTF-8 at byte 3 (0xff); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"x€\n\xe2\x82x\n", "bleuscope: standard input:2: invalid UTF-8 at byte 1 (0xe2); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
		{"a\nbc\xe2\x82", "bleuscope: standard input:2: invalid UTF-8 at byte 3 (0xe2); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"},
	}
	for _, tt := range tests {
		inDir(t, map[string]string{"ref.txt": strings.Repeat("r\n", 2)})
		_, err := Load(Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}, Stdin: iotest.OneByteReader(strings.NewReader(tt.in))})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Load(%q) error\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// onceReader gives its text, then the end of input once: a terminal
// after Ctrl-D, where another read would wait for a second Ctrl-D.
type onceReader struct {
	text string
	ends int
}

func (o *onceReader) Read(p []byte) (int, error) {
	if o.text == "" {
		o.ends++
		return 0, io.EOF
	}
	n := copy(p, o.text)
	o.text = o.text[n:]
	return n, nil
}

// TestStdinEndsAtFirstEOF: standard input is read up to its first end of
// input, and not asked again.
func TestStdinEndsAtFirstEOF(t *testing.T) {
	inDir(t, map[string]string{"ref.txt": "a b c\nd e\n"})
	for _, text := range []string{"a b c\nd e\n", ""} {
		in := &onceReader{text: text}
		ds, err := Load(Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}, Stdin: in})
		if text == "" { // an empty input is an error, said once it is read
			if err == nil {
				t.Error("empty standard input loaded")
			}
		} else if err != nil || ds.Systems[0].Hyps[1] != "d e" {
			t.Fatalf("Load: %v", err)
		}
		if in.ends != 1 {
			t.Errorf("standard input %q was read to its end %d times; want once", text, in.ends)
		}
	}
}

// TestBoundedReader: a reader of its own stops at the input limit and at
// a line past the line limit, with the messages Load gives, after the
// lines before it.
func TestBoundedReader(t *testing.T) {
	for _, c := range []struct {
		src  io.Reader
		o    LoadOptions
		want string
	}{
		{&endless{pattern: "a b c\n"}, LoadOptions{MaxInput: 1 << 20}, "bleuscope: x.tsv is larger than 1 MiB, the input limit; raise --max-input if that is intended"},
		{&endless{start: "h\nrow\n", pattern: "\x00"}, LoadOptions{MaxLine: 4096}, "bleuscope: x.tsv:3: the line is longer than 4 KiB, the line limit; raise --max-line if that is intended"},
	} {
		src := c.src.(*endless)
		_, err := io.ReadAll(c.o.BoundedReader(src, "x.tsv"))
		if err == nil || err.Error() != c.want {
			t.Errorf("error %v; want %s", err, c.want)
		}
		if src.read > 2<<20 {
			t.Errorf("read %d bytes of an endless stream before stopping", src.read)
		}
	}
	data, err := io.ReadAll(LoadOptions{MaxLine: 3}.BoundedReader(strings.NewReader("abc\nde\n"), "x.tsv"))
	if err != nil || string(data) != "abc\nde\n" {
		t.Errorf("a stream within the limits: %q, %v", data, err)
	}
	// The lines before the one past the limit are read, in the same read.
	data, err = io.ReadAll(LoadOptions{MaxLine: 3}.BoundedReader(strings.NewReader("abc\nde\nfghi\n"), "x.tsv"))
	if want := "bleuscope: x.tsv:3: the line is longer than 3 bytes, the line limit; raise --max-line if that is intended"; string(data) != "abc\nde\n" || err == nil || err.Error() != want {
		t.Errorf("a line past the limit after two: %q, %v; want the two lines, then %s", data, err, want)
	}
}

// TestParseSize: a size is a plain decimal with an optional binary unit;
// what is not one says so, and a size out of range or under a byte says
// that instead.
// TestParseCount: a count is read as a person writes one, plainly, in
// groups of three digits (as bleuscope writes counts), in scientific
// notation or with an SI unit; what is not a whole number is refused with
// an example, and a count past an int64 says so.
func TestParseCount(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		err  string
	}{
		{"50000000", 50_000_000, ""}, {"50,000,000", 50_000_000, ""}, {"50_000_000", 50_000_000, ""},
		{"5e7", 50_000_000, ""}, {"5E7", 50_000_000, ""}, {"50M", 50_000_000, ""}, {"50m", 50_000_000, ""},
		{"50 M", 50_000_000, ""}, {"2.5k", 2500, ""}, {"0.003k", 3, ""}, {"1.1e1", 11, ""}, {"4.35G", 4_350_000_000, ""}, {"1,000K", 1_000_000, ""}, {"0.5G", 500_000_000, ""},
		{" 7 ", 7, ""}, {"0", 0, ""}, {"-3", -3, ""}, {"9223372036854775807", math.MaxInt64, ""},
		{"", 0, "a whole number is missing (such as 50000000, 50,000,000, 50M or 5e7)"},
		{"M", 0, `"M" is not a whole number (such as`}, {"lots", 0, "is not a whole number"},
		{"1.5", 0, `"1.5" is not a whole number (such as 50000000, 50,000,000, 50M or 5e7)`},
		{"1e-3", 0, "is not a whole number"}, {"1e-999", 0, "is not a whole number"}, {"0.0001k", 0, "is not a whole number"}, {"1,0000", 0, "is not a whole number"}, {"1,000_000", 0, "is not a whole number"},
		{",100", 0, "is not a whole number"}, {"1000,000", 0, "is not a whole number"}, {"1.000,5", 0, "is not a whole number"},
		{"0x10", 0, "is not a whole number"}, {"inf", 0, "is not a whole number"}, {"5MB", 0, "is not a whole number"},
		{"1e30", 0, `"1e30" is out of range (whole numbers go up to 9,223,372,036,854,775,807)`},
		{"9223372036854775808", 0, "is out of range"}, {"9.3e18", 0, "is out of range"}, {"1e400", 0, "is out of range"},
	} {
		got, err := ParseCount(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseCount(%q) = %d, %v; want %d", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseCount(%q) = %d, %v; want an error saying %q", c.in, got, err, c.err)
		}
	}
	if _, err := ParseCount("1e30"); !errors.Is(err, ErrCountTooLarge) {
		t.Errorf("ParseCount(1e30): %v; want ErrCountTooLarge", err)
	}
}

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		err  string
	}{
		{"512M", 512 << 20, ""}, {"4G", 4 << 30, ""}, {"1.5K", 1536, ""}, {"512MB", 512 << 20, ""},
		{"4GiB", 4 << 30, ""}, {"2kib", 2048, ""}, {"1T", 1 << 40, ""}, {"100", 100, ""}, {"100B", 100, ""},
		{"5i", 0, "is not a size"}, {"lots", 0, "is not a size"}, {"0x1p4M", 0, "is not a size"},
		{"inf", 0, "is not a size"}, {"", 0, "is not a size"}, {"M", 0, "is not a size"},
		{"1e400M", 0, "is out of range"}, {"1e-999K", 0, "is out of range"}, {"0", 0, "is out of range"},
		{"-3M", 0, "is out of range"}, {"0.5", 0, "is less than a byte"},
	} {
		got, err := ParseSize(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseSize(%q) = %d, %v; want an error saying %q", c.in, got, err, c.err)
		}
	}
}
