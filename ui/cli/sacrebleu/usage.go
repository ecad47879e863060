package sacrebleu

import (
	"strings"
)

// usage returns argparse's usage text ("usage: sacrebleu [-h] ...",
// wrapped to width columns as argparse wraps it, ending in a newline).
func (p *parser) usage(width int) string {
	prefix := "usage: "
	var optParts, posParts []string
	for i := 0; i < len(p.specs); i++ {
		s := p.specs[i]
		if len(s.flags) == 0 {
			posParts = append(posParts, s.argsText())
			continue
		}
		if s.group != 0 {
			// A mutually exclusive group: its members, which are
			// consecutive, in one bracket separated by " | ".
			var members []string
			j := i
			for ; j < len(p.specs) && p.specs[j].group == s.group; j++ {
				members = append(members, p.specs[j].invocation())
			}
			optParts = append(optParts, "["+strings.Join(members, " | ")+"]")
			i = j - 1
			continue
		}
		optParts = append(optParts, "["+s.invocation()+"]")
	}
	text := strings.Join(append([]string{p.prog}, append(optParts, posParts...)...), " ")
	textWidth := width - 2
	if len(prefix)+runeLen(text) <= textWidth {
		return prefix + text + "\n"
	}
	getLines := func(parts []string, indent string, withPrefix bool) []string {
		var lines, line []string
		lineLen := len(indent) - 1
		if withPrefix {
			lineLen = len(prefix) - 1
		}
		for _, part := range parts {
			if lineLen+1+runeLen(part) > textWidth && len(line) > 0 {
				lines = append(lines, indent+strings.Join(line, " "))
				line = nil
				lineLen = len(indent) - 1
			}
			line = append(line, part)
			lineLen += runeLen(part) + 1
		}
		if len(line) > 0 {
			lines = append(lines, indent+strings.Join(line, " "))
		}
		if withPrefix && len(lines) > 0 {
			lines[0] = lines[0][len(indent):]
		}
		return lines
	}
	var lines []string
	if float64(len(prefix)+runeLen(p.prog)) <= 0.75*float64(textWidth) {
		indent := strings.Repeat(" ", len(prefix)+runeLen(p.prog)+1)
		lines = getLines(append([]string{p.prog}, optParts...), indent, true)
		lines = append(lines, getLines(posParts, indent, false)...)
	} else {
		indent := strings.Repeat(" ", len(prefix))
		lines = getLines(append(append([]string{}, optParts...), posParts...), indent, false)
		if len(lines) > 1 {
			lines = append(getLines(optParts, indent, false), getLines(posParts, indent, false)...)
		}
		lines = append([]string{p.prog}, lines...)
	}
	return prefix + strings.Join(lines, "\n") + "\n"
}

// invocation is how usage shows an option: its first option string and
// its arguments.
func (s *argSpec) invocation() string {
	if s.nargs == nargsZero {
		return s.flags[0]
	}
	return s.flags[0] + " " + s.argsText()
}

// argsText is argparse's _format_args: the metavar as many times as the
// option takes arguments.
func (s *argSpec) argsText() string {
	mv := s.metavar
	switch {
	case mv != "":
	case s.choices != nil:
		mv = "{" + strings.Join(s.choices, ",") + "}"
	case len(s.flags) == 0:
		mv = s.dest
	default:
		mv = strings.ToUpper(s.dest)
	}
	switch s.nargs {
	case nargsAny:
		return "[" + mv + " ...]"
	case nargsSome:
		return mv + " [" + mv + " ...]"
	}
	return mv
}
