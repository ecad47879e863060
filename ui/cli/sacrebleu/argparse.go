package sacrebleu

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// This file is a small reimplementation of the parts of Python 3.11's
// argparse that sacrebleu's parser uses: optionals with one, zero, any or
// at least one argument, one positional with any number of arguments,
// "--", prefix abbreviations of long options, single-dash options joined
// to their argument (-w3) or to each other (-qb), a mutually exclusive
// group, choices, int and float conversion, and argparse's messages.

// nargs is how many arguments an option takes.
type nargs int

const (
	nargsOne  nargs = iota // nargs=None: exactly one
	nargsZero              // store_true, help, version
	nargsAny               // nargs='*'
	nargsSome              // nargs='+'
)

// valueType is the type= converter of an option.
type valueType int

const (
	typeStr valueType = iota
	typeInt
	typeFloat
)

// actionKind is what an option does when it is seen.
type actionKind int

const (
	actStore actionKind = iota
	actStoreTrue
	actHelp
	actVersion
)

// argSpec is one add_argument call.
type argSpec struct {
	flags   []string // option strings as declared; none for the positional
	dest    string
	act     actionKind
	nargs   nargs
	typ     valueType
	choices []string
	// group is the mutually exclusive group (0: none).
	group int
	// metavar overrides the name shown in usage (positional: its dest).
	metavar string
}

// name is argparse's _get_action_name: the option strings joined by "/",
// or the positional's metavar or dest.
func (a *argSpec) name() string {
	if len(a.flags) > 0 {
		return strings.Join(a.flags, "/")
	}
	if a.metavar != "" {
		return a.metavar
	}
	return a.dest
}

// clampedInt is an int argument beyond Go's int, which Python's int
// holds: v is math.MaxInt or math.MinInt, text the number as Python's
// str() writes it.
type clampedInt struct {
	v    int
	text string
}

// argValue is a parsed value: a string, an int (or a clampedInt), a
// float64, a bool or a []string (a list of converted strings keeps them
// as strings; int and float lists do not occur here).
type argValue = any

// parser is an argparse.ArgumentParser with its options in declaration
// order.
type parser struct {
	prog string
	// columns is the width the help is formatted for.
	columns int
	specs   []*argSpec
	// byFlag maps every option string to its spec; flagOrder keeps the
	// insertion order argparse iterates in.
	byFlag    map[string]*argSpec
	flagOrder []string
}

func newParser(prog string, specs []*argSpec) *parser {
	p := &parser{prog: prog, specs: specs, byFlag: map[string]*argSpec{}}
	for _, s := range specs {
		for _, f := range s.flags {
			p.byFlag[f] = s
			p.flagOrder = append(p.flagOrder, f)
		}
	}
	return p
}

// argError is argparse's error(): the usage and "prog: error: msg" on
// standard error, exit status 2.
type argError struct{ msg string }

func (e *argError) Error() string { return e.msg }

// earlyExit is a help or version action: print text on standard output
// and exit 0.
type earlyExit struct{ text string }

func (e *earlyExit) Error() string { return "early exit" }

// optTuple is what _parse_optional returns for an option-like argument:
// the spec (nil for an unknown option), the option string matched and the
// explicit argument (nil when none).
type optTuple struct {
	spec     *argSpec
	flag     string
	explicit *string
}

var negativeNumber = regexp.MustCompile(`^-\d+$|^-\d*\.\d+$`)

// parseOptional is argparse's _parse_optional: nil means a positional
// argument.
func (p *parser) parseOptional(arg string) (*optTuple, error) {
	if arg == "" || arg[0] != '-' {
		return nil, nil
	}
	if s, ok := p.byFlag[arg]; ok {
		return &optTuple{spec: s, flag: arg}, nil
	}
	if len(arg) == 1 {
		return nil, nil
	}
	if opt, val, ok := strings.Cut(arg, "="); ok {
		if s, found := p.byFlag[opt]; found {
			return &optTuple{spec: s, flag: opt, explicit: &val}, nil
		}
	}
	tuples := p.optionTuples(arg)
	if len(tuples) > 1 {
		names := make([]string, len(tuples))
		for i, t := range tuples {
			names[i] = t.flag
		}
		return nil, &argError{fmt.Sprintf("ambiguous option: %s could match %s", arg, strings.Join(names, ", "))}
	}
	if len(tuples) == 1 {
		return &tuples[0], nil
	}
	if negativeNumber.MatchString(arg) {
		return nil, nil
	}
	if strings.Contains(arg, " ") {
		return nil, nil
	}
	return &optTuple{flag: arg}, nil
}

// optionTuples is argparse's _get_option_tuples: the options arg may
// abbreviate (long options, up to an "="), or a single-dash option joined
// to its argument.
func (p *parser) optionTuples(arg string) []optTuple {
	var out []optTuple
	if arg[1] == '-' {
		prefix := arg
		var explicit *string
		if opt, val, ok := strings.Cut(arg, "="); ok {
			prefix, explicit = opt, &val
		}
		for _, f := range p.flagOrder {
			if strings.HasPrefix(f, prefix) {
				out = append(out, optTuple{spec: p.byFlag[f], flag: f, explicit: explicit})
			}
		}
		return out
	}
	short, rest := arg[:2], arg[2:]
	for _, f := range p.flagOrder {
		switch {
		case f == short:
			r := rest
			out = append(out, optTuple{spec: p.byFlag[f], flag: f, explicit: &r})
		case strings.HasPrefix(f, arg):
			out = append(out, optTuple{spec: p.byFlag[f], flag: f})
		}
	}
	return out
}

// nargsPattern is argparse's _get_nargs_pattern over the pattern letters
// A (argument), O (option) and - ("--").
func nargsPattern(s *argSpec) string {
	var pat string
	switch s.nargs {
	case nargsOne:
		pat = "(-*A-*)"
	case nargsZero:
		pat = "(-*-*)"
	case nargsAny:
		pat = "(-*[A-]*)"
	case nargsSome:
		pat = "(-*A[A-]*)"
	}
	if len(s.flags) > 0 {
		pat = strings.ReplaceAll(pat, "-*", "")
		pat = strings.ReplaceAll(pat, "-", "")
	}
	return pat
}

var patternCache = map[string]*regexp.Regexp{}

// matchCount returns how many of the letters at the start of pattern the
// spec consumes, or -1 when it cannot match.
func matchCount(s *argSpec, pattern string) int {
	src := "^" + nargsPattern(s)
	re, ok := patternCache[src]
	if !ok {
		re = regexp.MustCompile(src)
		patternCache[src] = re
	}
	m := re.FindStringSubmatch(pattern)
	if m == nil {
		return -1
	}
	return len(m[1])
}

// parse is argparse's parse_args on args (without the program name). It
// returns the values by dest; unset options are absent. The error is an
// *argError (usage error), an *earlyExit (help, version) or nil.
func (p *parser) parse(args []string) (map[string]argValue, error) {
	ns := map[string]argValue{}
	// Build the pattern of letters and find the options.
	opts := map[int]*optTuple{}
	var pat []byte
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			pat = append(pat, '-')
			for range args[i+1:] {
				pat = append(pat, 'A')
			}
			break
		}
		t, err := p.parseOptional(args[i])
		if err != nil {
			return nil, err
		}
		if t == nil {
			pat = append(pat, 'A')
		} else {
			opts[i] = t
			pat = append(pat, 'O')
		}
	}
	pattern := string(pat)

	seenNonDefault := map[*argSpec]bool{}
	take := func(s *argSpec, strs []string, flag string) error {
		val, nonDefault, err := p.values(s, strs)
		if err != nil {
			return err
		}
		if nonDefault {
			seenNonDefault[s] = true
			if s.group != 0 {
				for _, o := range p.specs {
					if o != s && o.group == s.group && seenNonDefault[o] {
						return &argError{fmt.Sprintf("argument %s: not allowed with argument %s", s.name(), o.name())}
					}
				}
			}
		}
		switch s.act {
		case actHelp:
			return &earlyExit{p.help()}
		case actVersion:
			return &earlyExit{p.versionText()}
		case actStoreTrue:
			ns[s.dest] = true
		default:
			ns[s.dest] = val
		}
		return nil
	}

	var extras []string
	consumeOptional := func(start int) (int, error) {
		t := opts[start]
		spec, flag, explicit := t.spec, t.flag, t.explicit
		type call struct {
			spec *argSpec
			args []string
			flag string
		}
		var calls []call
		var stop int
		for {
			if spec == nil {
				extras = append(extras, args[start])
				return start + 1, nil
			}
			if explicit != nil {
				n := matchCount(spec, "A")
				switch {
				case n == 0 && flag[1] != '-' && *explicit != "":
					calls = append(calls, call{spec, nil, flag})
					flag = flag[:1] + (*explicit)[:1]
					rest := (*explicit)[1:]
					next, ok := p.byFlag[flag]
					if !ok {
						return 0, &argError{fmt.Sprintf("argument %s: ignored explicit argument %s", spec.name(), pyQuote(*explicit))}
					}
					spec = next
					if rest == "" {
						explicit = nil
					} else {
						explicit = &rest
					}
					continue
				case n == 1:
					calls = append(calls, call{spec, []string{*explicit}, flag})
					stop = start + 1
				default:
					return 0, &argError{fmt.Sprintf("argument %s: ignored explicit argument %s", spec.name(), pyQuote(*explicit))}
				}
				break
			}
			n := matchCount(spec, pattern[start+1:])
			if n < 0 {
				return 0, &argError{fmt.Sprintf("argument %s: %s", spec.name(), nargsMessage(spec.nargs))}
			}
			stop = start + 1 + n
			calls = append(calls, call{spec, args[start+1 : stop], flag})
			break
		}
		for _, c := range calls {
			if err := take(c.spec, c.args, c.flag); err != nil {
				return 0, err
			}
		}
		return stop, nil
	}

	var positionals []*argSpec
	for _, s := range p.specs {
		if len(s.flags) == 0 {
			positionals = append(positionals, s)
		}
	}
	consumePositionals := func(start int) (int, error) {
		// Only one positional exists here, so the partial match is
		// either that positional or nothing.
		if len(positionals) == 0 {
			return start, nil
		}
		s := positionals[0]
		n := matchCount(s, pattern[start:])
		if n < 0 {
			return start, nil
		}
		if err := take(s, slices.Clone(args[start:start+n]), ""); err != nil {
			return 0, err
		}
		positionals = positionals[1:]
		return start + n, nil
	}

	maxOpt := -1
	for i := range opts {
		maxOpt = max(maxOpt, i)
	}
	start := 0
	for start <= maxOpt {
		next := len(args)
		for i := range opts {
			if i >= start && i < next {
				next = i
			}
		}
		if start != next {
			end, err := consumePositionals(start)
			if err != nil {
				return nil, err
			}
			if end > start {
				start = end
				continue
			}
			start = end
		}
		if _, ok := opts[start]; !ok {
			extras = append(extras, args[start:next]...)
			start = next
		}
		var err error
		if start, err = consumeOptional(start); err != nil {
			return nil, err
		}
	}
	stop, err := consumePositionals(start)
	if err != nil {
		return nil, err
	}
	extras = append(extras, args[stop:]...)
	if len(extras) > 0 {
		return nil, &argError{"unrecognized arguments: " + strings.Join(extras, " ")}
	}
	return ns, nil
}

func nargsMessage(n nargs) string {
	if n == nargsSome {
		return "expected at least one argument"
	}
	return "expected one argument"
}

// values is argparse's _get_values: the converted value of strs for s and
// whether it counts as given (not the default) for mutual exclusion.
func (p *parser) values(s *argSpec, strs []string) (argValue, bool, error) {
	if len(s.flags) == 0 {
		// A positional drops its first "--".
		if i := slices.Index(strs, "--"); i >= 0 {
			strs = slices.Delete(strs, i, i+1)
		}
		if len(strs) == 0 && s.nargs == nargsAny {
			return []string{}, false, nil
		}
	}
	if s.nargs == nargsOne {
		v, err := p.convert(s, strs[0])
		return v, true, err
	}
	list := make([]string, 0, len(strs))
	for _, str := range strs {
		v, err := p.convert(s, str)
		if err != nil {
			return nil, false, err
		}
		list = append(list, v.(string))
	}
	return list, true, nil
}

// convert applies the spec's type and checks its choices.
func (p *parser) convert(s *argSpec, str string) (argValue, error) {
	var v argValue = str
	switch s.typ {
	case typeInt:
		n, clamped, ok := pyInt(str)
		if !ok {
			return nil, &argError{fmt.Sprintf("argument %s: invalid int value: %s", s.name(), pyQuote(str))}
		}
		v = n
		if clamped {
			t, _ := scoring.PyIntASCII(str)
			x, _ := new(big.Int).SetString(t, 10)
			v = clampedInt{n, x.String()}
		}
	case typeFloat:
		f, ok := pyFloat(str)
		if !ok {
			return nil, &argError{fmt.Sprintf("argument %s: invalid float value: %s", s.name(), pyQuote(str))}
		}
		v = f
	}
	if s.choices != nil && !slices.Contains(s.choices, str) {
		quoted := make([]string, len(s.choices))
		for i, c := range s.choices {
			quoted[i] = pyQuote(c)
		}
		return nil, &argError{fmt.Sprintf("argument %s: invalid choice: %s (choose from %s)", s.name(), pyQuote(str), strings.Join(quoted, ", "))}
	}
	return v, nil
}
