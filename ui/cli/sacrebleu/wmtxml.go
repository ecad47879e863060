package sacrebleu

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// xmlMetaFields are the fields sacrebleu makes of a WMT XML file of 2021
// and later besides the source, the references and the systems: docid
// and origlang after the references, domain (when the file has one) after
// the systems.
var xmlMetaFields = []string{"docid", "origlang", "domain"}

// florestPairs are the language pairs of wmt21 whose XML file is a FLORES
// test set (florestest2021) rather than a news one (newstest2021).
var florestPairs = []string{"bn-hi", "hi-bn", "xh-zu", "zu-xh"}

// rawXML is the XML file sacrebleu made a WMT test set's text files of
// (2021 and later): NAME/raw/ and the path its DATASETS gives the
// language pair; "" for the other test sets.
func (c testSetCache) rawXML(ts, langpair string) string {
	x, ok := xmlReferences[ts]
	if !ok {
		return ""
	}
	p := strings.ReplaceAll(x.raw, "%s", langpair)
	if slices.Contains(florestPairs, langpair) {
		p = strings.Replace(p, "newstest2021", "florestest2021", 1)
	}
	return filepath.Join(c.dir, ts, "raw", filepath.FromSlash(p))
}

// orderXMLFields puts the fields of a WMT XML test set (src, the
// references, then the others by name, as fields lists them) in the order
// sacrebleu's fieldnames gives them: src, the references, docid,
// origlang, the systems as they first appear in the XML file (by name
// when the cache lacks it: [testSetCache.missingXML]), then domain. The references keep their order by name: sacrebleu's comes
// from a Python set of the translators, which differs from run to run.
// The XML file is read within the run's input limit, and its error is
// the limit's line when it passes it.
func (c testSetCache) orderXMLFields(ts, langpair string, fields []string) ([]string, error) {
	path := c.rawXML(ts, langpair)
	if path == "" {
		return fields, nil
	}
	var head, systems []string
	for _, f := range fields {
		if f == "src" || f == "ref" || strings.HasPrefix(f, "ref:") {
			head = append(head, f)
		} else if !slices.Contains(xmlMetaFields, f) {
			systems = append(systems, f)
		}
	}
	order, err := xmlSystems(path, c.budget)
	if errors.Is(err, model.ErrOverLimit) {
		return nil, tooBig(c.budget, path)
	}
	if err == nil {
		ranks := make(map[string]int, len(order))
		for i, s := range order {
			ranks[s] = i
		}
		rank := func(s string) int {
			if i, ok := ranks[s]; ok {
				return i
			}
			return len(order) // not in the file: after those that are, by name
		}
		slices.SortStableFunc(systems, func(a, b string) int { return rank(a) - rank(b) })
	}
	out := head
	for _, f := range xmlMetaFields[:2] {
		if slices.Contains(fields, f) {
			out = append(out, f)
		}
	}
	out = append(out, systems...)
	if slices.Contains(fields, "domain") {
		out = append(out, "domain")
	}
	return out, nil
}

// missingXML is the error for a WMT XML test set whose XML file the
// cache lacks, or nil: sacrebleu reads that file for the order of the
// fields (downloading it again when it is missing) and never gives them
// in another, so --echo all, whose columns are in that order, cannot be
// answered without it.
func (c testSetCache) missingXML(ts, langpair string) error {
	path := c.rawXML(ts, langpair)
	if path == "" {
		return nil
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fatal(1, fmt.Sprintf("bleuscope never downloads test sets, and sacrebleu's local cache (%s) has the text files of %s %s but not the XML file they were made of (%s), which gives the order of --echo all's columns: name the fields, or let sacrebleu fetch it once (sacrebleu -t %s -l %s --echo ref)",
		c.dir, ts, langpair, path, ts, langpair))
}

// xmlSystems returns the systems of a WMT XML file in the order sacrebleu
// makes their fields: each where it first appears (<hyp system="…">) in a
// document, not a test suite's, with a source segment that some reference
// translates (sacrebleu drops the others). The file is parsed as it is
// read, through budget ([model.Budget.Stream]: [model.ErrOverLimit] past
// it), and never held whole.
func xmlSystems(path string, budget *model.Budget) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	reserved := int64(-1) // the size unknown, nothing reserved
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		if !budget.Reserve(info.Size()) {
			return nil, model.ErrOverLimit
		}
		reserved = info.Size()
	}
	r := budget.Stream(f, reserved)
	d := xml.NewDecoder(r)
	var (
		order             []string
		ordered           = map[string]bool{} // the systems in order
		suite             bool                // the document is a test suite's
		hyps              []string            // the document's systems, in order
		inHyps            = map[string]bool{} // the same, to look them up
		srcSegs           []string            // its source segments
		refSegs           = map[string]bool{} // those of its segments a reference translates
		part, segID       string              // src, ref or hyp; the segment's id
		inSeg, segHasText bool
	)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return order, nil
		}
		if err != nil {
			// The rest of a stream of unknown size that does not parse
			// is read too, so that one past the limit (/dev/zero) gets
			// the limit's line as a whole file would; a regular file's
			// size was checked against the limit before.
			if reserved < 0 {
				if _, rest := io.Copy(io.Discard, r); errors.Is(rest, model.ErrOverLimit) {
					return nil, rest
				}
			}
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "doc":
				_, suite = xmlAttr(t, "testsuite")
				hyps, srcSegs = hyps[:0], srcSegs[:0]
				clear(inHyps)
				clear(refSegs)
			case "src", "ref":
				part = t.Name.Local
			case "hyp":
				part = "hyp"
				if name, _ := xmlAttr(t, "system"); !inHyps[name] {
					inHyps[name] = true
					hyps = append(hyps, name)
				}
			case "seg":
				segID, _ = xmlAttr(t, "id")
				segID = strings.TrimSpace(segID)
				inSeg, segHasText = true, false
			}
		case xml.CharData:
			segHasText = segHasText || inSeg && len(t) > 0
		case xml.EndElement:
			switch t.Name.Local {
			case "seg":
				inSeg = false
				switch {
				case part == "src":
					srcSegs = append(srcSegs, segID)
				case part == "ref" && segHasText:
					refSegs[segID] = true
				}
			case "src", "ref", "hyp":
				part = ""
			case "doc":
				if suite || !slices.ContainsFunc(srcSegs, func(id string) bool { return refSegs[id] }) {
					continue
				}
				for _, h := range hyps {
					if !ordered[h] {
						ordered[h] = true
						order = append(order, h)
					}
				}
			}
		}
	}
}

// xmlAttr returns the value of the attribute called name, and whether
// the element has it.
func xmlAttr(e xml.StartElement, name string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}
