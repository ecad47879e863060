package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// listFlag is a repeatable string flag (-r a -r b).
type listFlag struct{ vals *[]string }

func (l listFlag) String() string {
	if l.vals == nil {
		return ""
	}
	return strings.Join(*l.vals, ",")
}

func (l listFlag) Set(s string) error {
	*l.vals = append(*l.vals, s)
	return nil
}

// formatFlag is --format: its value is read in any case (JSON is json), as
// --kind and --by read theirs ([parseChoices]); a refusal quotes it as
// written ([flagSet.typedValue]).
type formatFlag struct{ v *string }

func (f formatFlag) String() string {
	if f.v == nil {
		return ""
	}
	return *f.v
}

func (f formatFlag) Set(s string) error {
	*f.v = strings.ToLower(strings.TrimSpace(s))
	return nil
}

// format registers --format, whose value goes to v (set to the default
// before).
func (fs *flagSet) format(v *string) {
	fs.Var(formatFlag{v}, "format", "output format")
}

// outputFlagHelp is the help of -o and --output ([flagSet.output]) in the
// help of every command that writes a file (without its last newline, so
// that a command can add to its last line).
const outputFlagHelp = `  -o, --output FILE         write to FILE instead of stdout: a file is
                            replaced only once complete; a device, a FIFO
                            or /dev/fd/N is written straight through`

// output registers -o and --output, the file to write instead of standard
// output, whose value goes to v ("" for standard output).
func (fs *flagSet) output(v *string) {
	fs.StringVar(v, "o", "", "output file")
	fs.StringVar(v, "output", "", "output file")
}

// checkFormat refuses a --format value (format, as read) that is not one of
// formats, the ones the command writes, in the form of every refused
// value ([flagSet.badValue]): the flag as written, the value as typed, and
// those formats.
func (fs *flagSet) checkFormat(format string, formats []string) error {
	if slices.Contains(formats, format) {
		return nil
	}
	return fs.badValue([]string{"format"}, "%s is not a format %s writes (%s)",
		model.Quote(fs.typedValue("format")), fs.cmd, scoring.OrList(formats))
}

// nltkMethodFlag is --nltk-smoothing: a method's number, or its name in
// NLTK ("method4", as SmoothingFunction().method4 and the help call it),
// in any case, as other names on the command line are read.
type nltkMethodFlag struct{ intFlag }

func (f nltkMethodFlag) Set(s string) error {
	s = numberText(s)
	n := s
	if d, ok := strings.CutPrefix(strings.ToLower(s), "method"); ok && d != "" && d[0] >= '0' && d[0] <= '9' {
		n = d
	}
	if err := f.intFlag.Set(n); err != nil {
		return fmt.Errorf("%q is not a method: give 0..7 or method0..method7", s)
	}
	return nil
}

// numberText is the value of a number flag as it is read: the spaces
// around it dropped (a quoted value keeps them: --top " 3"), as every
// number flag, --seed, the sizes, and each number of --edges and --weights
// drop them, and as a refusal quotes it.
func numberText(s string) string { return strings.TrimSpace(s) }

// intFlag is an integer flag with a plain-spoken error; example is a value
// the flag takes, which its error for a missing value gives ("such as
// 20"), so that it never suggests one the flag refuses.
type intFlag struct {
	v       *int
	example string
}

func (f intFlag) String() string {
	if f.v == nil {
		return "0"
	}
	return strconv.Itoa(*f.v)
}

func (f intFlag) Set(s string) error {
	s = numberText(s)
	n, err := strconv.Atoi(s)
	switch {
	case s == "": // worded as a decimal flag's
		return fmt.Errorf("a whole number is missing (such as %s)", f.example)
	case errors.Is(err, strconv.ErrRange) && n < 0:
		return fmt.Errorf("%q is out of range (whole numbers go down to %d)", s, math.MinInt)
	case errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("%q is out of range (whole numbers go up to %d)", s, math.MaxInt)
	}
	if err != nil {
		return fmt.Errorf("%q is not a whole number", s)
	}
	*f.v = n
	return nil
}

// countFlag is a flag of a large count, read as a person writes one:
// 50000000, 50,000,000, 50M or 5e7 ([model.ParseCount]). A count beyond
// an int (1e30) is kept as the largest int, for the flag's own range check
// (checkMaxNGrams) to refuse with the range it takes.
type countFlag struct{ v *int }

func (f countFlag) String() string { return intFlag{v: f.v}.String() }

func (f countFlag) Set(s string) error {
	n, err := model.ParseCount(numberText(s))
	switch {
	case errors.Is(err, model.ErrCountTooLarge) || n > math.MaxInt || n < math.MinInt:
		n = math.MaxInt
	case err != nil:
		return err
	}
	*f.v = int(n)
	return nil
}

// floatFlag is a number flag with a plain-spoken error, that of
// [model.ParseDecimalAs] with example, values the flag takes ("1 or
// 0.5"), in place of the forms of any number, some of which (-5) it may
// refuse.
type floatFlag struct {
	v       *float64
	example string
}

func (f floatFlag) String() string {
	if f.v == nil {
		return "0"
	}
	return strconv.FormatFloat(*f.v, 'g', -1, 64)
}

func (f floatFlag) Set(s string) error {
	x, err := model.ParseDecimalAs(numberText(s), "such as "+f.example)
	if err != nil {
		return err
	}
	*f.v = x
	return nil
}

// stringFlag is a string flag, for a flag with a short and a long name
// ([flagSet.alias]).
type stringFlag struct{ v *string }

func (f stringFlag) String() string {
	if f.v == nil {
		return ""
	}
	return *f.v
}

func (f stringFlag) Set(s string) error {
	*f.v = s
	return nil
}

// boolFlag is a boolean flag with a plain-spoken error; like flag's own it
// needs no value (-l) but takes one after "=" (--effective-order=false).
type boolFlag struct{ v *bool }

func (f boolFlag) String() string {
	if f.v == nil {
		return "false"
	}
	return strconv.FormatBool(*f.v)
}

func (f boolFlag) Set(s string) error {
	switch strings.ToLower(s) {
	case "true", "yes", "1", "on":
		*f.v = true
	case "false", "no", "0", "off":
		*f.v = false
	default:
		return fmt.Errorf("%q is not true or false", s)
	}
	return nil
}

func (f boolFlag) IsBoolFlag() bool { return true }

// flagSet wraps a flag.FlagSet with short and long names and remembers
// which flags the user gave.
type flagSet struct {
	*flag.FlagSet
	cmd     string   // "score", "" for the explorer
	version bool     // --version, which every command takes
	args    []string // the arguments parsed, to name a flag as it was written
	written []given  // the values given to flags, as written, in order
	// shorts is the one-letter name of each flag registered with one
	// ([flagSet.alias]), by its other names.
	shorts map[string]string
	// unknown says, by name, what a flag this command does not take is
	// here instead ([flagSet.flagMessage] adds it to the refusal).
	unknown map[string]string
}

// given is a value given to the flag called name, as it was written.
type given struct{ name, value string }

// typedFlag is a flag's value that keeps, in fs.written, every value given
// to it as written: the flag package keeps only what Set made of it
// (1e308 is 1e+308, 05 is 5), and a refusal quotes what the user wrote.
type typedFlag struct {
	flag.Value
	name string
	fs   *flagSet
}

func (f typedFlag) Set(s string) error {
	f.fs.written = append(f.fs.written, given{f.name, s})
	return f.Value.Set(s)
}

// IsBoolFlag is the wrapped value's: a boolean flag takes no value.
func (f typedFlag) IsBoolFlag() bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// typedValue is the value last given to the flag called by any of names,
// as written (spaces around it dropped, as the number flags drop them:
// numberText); its default when it was not given.
func (fs *flagSet) typedValue(names ...string) string {
	for i := len(fs.written) - 1; i >= 0; i-- {
		if slices.Contains(names, fs.written[i].name) {
			return numberText(fs.written[i].value)
		}
	}
	return fs.Lookup(names[0]).DefValue
}

// newFlagSet returns the flags of command cmd, with --version already
// registered (parse handles it).
func newFlagSet(cmd string) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet("bleuscope "+cmd, flag.ContinueOnError), cmd: cmd}
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Var(boolFlag{&fs.version}, "version", "print the version")
	return fs
}

// alias registers v under every name given (a short and a long form),
// the one-letter name as the short form of the others.
func (fs *flagSet) alias(v flag.Value, usage string, names ...string) {
	for _, n := range names {
		fs.Var(v, n, usage)
	}
	k := slices.IndexFunc(names, func(n string) bool { return len(n) == 1 })
	if k < 0 {
		return
	}
	if fs.shorts == nil {
		fs.shorts = map[string]string{}
	}
	for _, n := range names {
		if n != names[k] {
			fs.shorts[n] = names[k]
		}
	}
}

// given reports whether the user set any of the named flags.
func (fs *flagSet) given(names ...string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) {
		for _, n := range names {
			if f.Name == n {
				found = true
			}
		}
	})
	return found
}

// helpHint is the pointer to the command's help that usage errors end with.
func (fs *flagSet) helpHint() string {
	if fs.cmd == "" {
		return "see 'bleuscope --help'"
	}
	return "see 'bleuscope " + fs.cmd + " --help'"
}

// badValue is a usage error about the value given to a flag: the flag as
// the user wrote it (any of names, which spell the same flag), the message,
// and the pointer to the command's help, as the flag package's own errors
// read: --max-order: 0 is not between 1 and 9; see 'bleuscope score --help'.
func (fs *flagSet) badValue(names []string, format string, a ...any) error {
	return usagef("%s: %s; %s", writtenFlag(names, fs.args), fmt.Sprintf(format, a...), fs.helpHint())
}

// badNumber is [flagSet.badValue] about a number that was read but is out
// of the flag's range: the number as the user wrote it, then the rest of
// the sentence, format's (--alpha: 1e308 is not a number above 0 and at
// most 1e300; see …).
func (fs *flagSet) badNumber(names []string, format string, a ...any) error {
	return fs.badValue(names, "%s %s", fs.typedValue(names...), fmt.Sprintf(format, a...))
}

// parse parses args with flags allowed before and after the positional
// arguments (bleuscope score hyp.txt -r ref.txt), stops at "--", and keeps
// "-" (standard input) as a positional argument. It returns the positional
// arguments, errHelpShown after printing help for -h/--help or the version
// for --version, or a usageError naming the flag.
func (fs *flagSet) parse(args []string, help func() string, stdout io.Writer) ([]string, error) {
	fs.args = args
	fs.VisitAll(func(f *flag.Flag) { f.Value = typedFlag{f.Value, f.Name, fs} })
	pos, err := fs.parseArgs(args, help, stdout)
	if err == nil && fs.version {
		fmt.Fprintln(stdout, versionLine())
		return nil, errHelpShown
	}
	if err == nil {
		err = fs.checkFileNames()
	}
	return pos, err
}

// fileFlags are the flags that name a file, each by all its names, with
// what to do instead of giving it an empty name.
var fileFlags = []struct {
	names []string
	fix   string
}{
	{[]string{"o", "output"}, "name a file to write, or leave -o out for standard output"},
	{[]string{"r", "ref"}, "name a reference file"},
	{[]string{"s", "src"}, "name the source file, or leave -s out"},
	{[]string{"mqm"}, "name a WMT MQM TSV, or leave --mqm out"},
	{[]string{"annotations"}, "name an annotation file (a new name creates one)"},
	{[]string{"typology"}, "name a typology file, or leave --typology out"},
}

// checkFileNames refuses an empty file name given to a flag that names a
// file, on every command that takes it, as a script with an empty variable
// gives (-o "$out", -s "$src"), rather than reading the flag as not given
// or looking for a file called "". With --hyp (explain), -r and -s are
// texts, where an empty one is a text like any other. The flag is named as
// it was written with the empty name (--ref, of -r ref.txt --ref "").
func (fs *flagSet) checkFileNames() error {
	texts := fs.Lookup("hyp") != nil && fs.given("hyp")
	for _, g := range fs.written {
		if g.value != "" {
			continue
		}
		for _, f := range fileFlags {
			if slices.Contains(f.names, g.name) && !(texts && (f.names[0] == "r" || f.names[0] == "s")) {
				return usagef("%s: the file name is empty; %s; %s", flagName(g.name), f.fix, fs.helpHint())
			}
		}
	}
	return nil
}

// parseArgs is parse without --version.
func (fs *flagSet) parseArgs(args []string, help func() string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stdout, help())
			return nil, errHelpShown
		}
		if err != nil {
			return nil, usagef("%s; %s", fs.flagMessage(err.Error(), args), fs.helpHint())
		}
		rest := fs.Args()
		used := len(args) - len(rest)
		if used > 0 && args[used-1] == "--" && !fs.takesValue(args, used-2) {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// takesValue reports whether args[i] is a flag that consumed the argument
// after it as its value (so that a following "--" is a value, not the end of
// the flags).
func (fs *flagSet) takesValue(args []string, i int) bool {
	if i < 0 {
		return false
	}
	a := args[i]
	if len(a) < 2 || a[0] != '-' || strings.Contains(a, "=") {
		return false
	}
	name := strings.TrimLeft(a, "-")
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// flagMessage rewrites the flag package's error text in bleuscope's words,
// naming the flag as the user wrote it in args (-lt, not --lt).
func (fs *flagSet) flagMessage(msg string, args []string) string {
	if rest, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		written := writtenFlag([]string{rest}, args)
		if instead, ok := fs.unknown[rest]; ok {
			return "unknown flag " + written + " (" + instead + ")"
		}
		return "unknown flag " + written + fs.joinedHint(written)
	}
	if rest, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return writtenFlag([]string{rest}, args) + " needs a value"
	}
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, prefix)
		if !ok {
			continue
		}
		// invalid value "x" for flag -name: reason
		// invalid boolean value "x" for -name: reason
		for _, sep := range []string{" for flag -", " for -"} {
			if i := strings.Index(rest, sep); i >= 0 {
				tail := rest[i+len(sep):]
				if j := strings.Index(tail, ": "); j >= 0 {
					return writtenFlag([]string{tail[:j]}, args) + ": " + tail[j+2:]
				}
			}
		}
	}
	return msg
}

// writtenFlag is the flag called by any of names as the user last wrote it
// in args ("-lt", "--ref", "-t" for -t/--tokenize), without its value; the
// help's spelling of the last name when it is not found.
func writtenFlag(names []string, args []string) string {
	written := flagName(names[len(names)-1])
	for _, a := range args {
		if a == "--" {
			break
		}
		dashes := len(a) - len(strings.TrimLeft(a, "-"))
		if dashes == 0 || dashes > 2 {
			continue
		}
		n, _, _ := strings.Cut(a[dashes:], "=")
		if slices.Contains(names, n) {
			written = a[:dashes] + n
		}
	}
	return written
}

// flagName spells a flag the way the help does: -r, --ref.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// sacrebleuFlags are sacrebleu's single-dash spellings a user may type by
// habit, each with the flag that does its work here ("" for none).
var sacrebleuFlags = map[string]string{
	"tok": "tokenize", "lc": "lowercase", "sv": "smooth-value", "ci": "confidence",
	"pbs": "paired-bs", "par": "paired-ar", "cc": "chrf-char-order", "cw": "chrf-word-order",
	"m": "metrics", "f": "format",
	"b": "", "w": "", "sh": "", "sl": "", "nr": "", "tw": "",
}

// joinedHint guesses what an unknown single-dash flag meant: one of
// sacrebleu's (-lc is -l here), or, when it starts with a one-letter flag,
// -rFILE for -r FILE and -lt for -l -t (each letter a flag).
func (fs *flagSet) joinedHint(written string) string {
	name, ok := strings.CutPrefix(written, "-")
	if !ok || strings.HasPrefix(name, "-") || name == "" {
		return ""
	}
	if name == "i" { // sacrebleu REF -i HYP: here the files are arguments
		cmd := "bleuscope "
		if fs.cmd != "" {
			cmd += fs.cmd + " "
		}
		return " (sacrebleu's -i names the systems; here they are plain arguments and each reference comes with -r: " + cmd + "hyp.txt -r ref.txt)"
	}
	if ours, ok := sacrebleuFlags[name]; ok {
		if ours == "" || fs.Lookup(ours) == nil {
			return " (that is sacrebleu's; bleuscope sacrebleu takes sacrebleu's own command line)"
		}
		here := flagName(ours)
		if short := fs.shortName(ours); short != "" {
			here = flagName(short) + " (" + here + ")"
		}
		return " (sacrebleu's " + written + " is " + here + " here)"
	}
	if len(name) < 2 {
		return ""
	}
	f := fs.Lookup(name[:1])
	if f == nil {
		return ""
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		letters := make([]string, 0, len(name))
		for _, r := range name {
			if fs.Lookup(string(r)) == nil {
				return ""
			}
			letters = append(letters, "-"+string(r))
		}
		return " (flags are not joined: did you mean " + strings.Join(letters, " ") + "?)"
	}
	return " (a value is not joined to its flag: did you mean -" + name[:1] + " " + name[1:] + "?)"
}

// shortName is the one-letter flag registered with the flag long
// ([flagSet.alias]), or "".
func (fs *flagSet) shortName(long string) string {
	return fs.shorts[long]
}
