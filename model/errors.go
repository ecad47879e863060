package model

import (
	"fmt"
	"strconv"
	"strings"
)

// InputError is a problem with the input files: a file that cannot be
// read, is not UTF-8, has the wrong number of lines or fields, and so on.
// Its Error text is the single line the command line prints before exiting
// with status 2, naming the file, the line where that applies, and the fix.
type InputError struct {
	// File is the file as the user named it ("standard input" for "-");
	// empty when the problem concerns no single file.
	File string
	// Line is the 1-based line the problem is on, 0 when it concerns the
	// whole file.
	Line int
	// Msg says what is wrong and how to fix it: the fix follows the first
	// "; " outside brackets and double quotes. When Line is 0 it reads
	// as a continuation of the file name ("has 3 lines but ref.txt has 4;
	// …"); otherwise it follows "file:line: ".
	Msg string
}

// Error returns the one-line message, starting "bleuscope: ".
func (e *InputError) Error() string {
	return e.line(e.Msg)
}

// Gist returns what is wrong, without the "bleuscope: " of [InputError.Error]
// and without the fix: the file and line, then Msg up to its fix, in fewer
// words for a status line (hyp.txt:2: invalid UTF-8 at byte 3 (0xe9)).
// The file's name is kept whole, whatever it holds.
func (e *InputError) Gist() string {
	return strings.TrimPrefix(e.line(msgGist(e.Msg)), "bleuscope: ")
}

// line is the error's line with msg for its message.
func (e *InputError) line(msg string) string {
	var b strings.Builder
	b.WriteString("bleuscope: ")
	switch {
	case e.File == "":
	case e.Line > 0:
		b.WriteString(e.File)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteString(": ")
	default:
		b.WriteString(e.File)
		b.WriteByte(' ')
	}
	b.WriteString(msg)
	// File names and quoted text come from the user: keep the message on
	// one line and free of terminal control sequences.
	return Printable(b.String())
}

// msgGist is msg up to its fix: up to the first "; " outside brackets
// and double quotes (a quoted name, "(format version 3; this bleuscope
// reads 2)"), msg whole when there is none. In quotes, \" and \\ are a
// quote and a backslash of the text quoted, as [Quote] and %q write them,
// so a name holding a quote is never cut.
func msgGist(msg string) string {
	depth, quoted := 0, false
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; {
		case quoted && c == '\\' && i+1 < len(msg) && (msg[i+1] == '"' || msg[i+1] == '\\'):
			i++ // an escaped quote or backslash
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(' || c == '[':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case c == ';' && depth == 0 && strings.HasPrefix(msg[i+1:], " "):
			return msg[:i]
		}
	}
	return msg
}

// inputErr builds an *InputError about a whole file.
func inputErr(file, msg string) *InputError {
	return &InputError{File: file, Msg: msg}
}

// nameClash is the error for two systems, the files prev and path, that
// both get the name name: given with NAME= (prevGiven, given) or taken from
// the file's name.
func nameClash(name, prev, path string, prevGiven, given bool) *InputError {
	q := Quote(name)
	prev, path = fileLabel(prev), fileLabel(path)
	switch {
	case prevGiven && given:
		return &InputError{Msg: fmt.Sprintf("two systems are both named %s (%s and %s); give each its own NAME=", q, prev, path)}
	case prevGiven:
		prev, path = path, prev
		fallthrough
	case given:
		return &InputError{Msg: fmt.Sprintf("the name %s given to %s is the one %s gets from its file name; choose another NAME= for %s", q, path, prev, path)}
	}
	return inputErr(path, fmt.Sprintf("gives the system name %s, as %s does; name them apart with NAME=PATH", q, prev))
}

// fileLabel is how a message names the file at path: as given, or
// stdinLabel for "-".
func fileLabel(path string) string {
	if path == "-" {
		return stdinLabel
	}
	return path
}

// lineErr builds an *InputError about one line of a file.
func lineErr(file string, line int, msg string) *InputError {
	return &InputError{File: file, Line: line, Msg: msg}
}

// invalidUTF8 is the error for byte c, at the 1-based offset col of line
// line of file, which is not UTF-8: hyp.txt:2: invalid UTF-8 at byte 3
// (0xe9); convert the file to UTF-8, ….
func invalidUTF8(file string, line, col int, c byte) *InputError {
	return lineErr(file, line, fmt.Sprintf("invalid UTF-8 at byte %d (0x%02x); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8", col, c))
}
