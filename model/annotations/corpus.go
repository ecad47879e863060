package annotations

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/bleuscope/bleuscope/model"
)

// Segment identifies one segment of an MQM corpus.
type Segment struct {
	// Doc, DocID and SegID are the file's doc, doc_id and seg_id.
	Doc, DocID, SegID string
}

// Corpus is a WMT MQM TSV opened as a corpus: its segments in the order
// they first appear, the source, the rated systems' translations, the
// human translations chosen as references, and every row as an
// annotation (the references' ratings included).
type Corpus struct {
	// Segments are the segments; Line i of an annotation is Segments[i-1].
	Segments []Segment
	// Src holds the source of each segment.
	Src []string
	// Systems are the systems that are not references, in the order
	// they first appear; a segment a system has no row for is "".
	Systems []model.System
	// RefNames are the systems taken as references, as named.
	RefNames []string
	// Refs[k][i] is reference k's translation of segment i.
	Refs [][]string
	// RefAbsent[k][i] reports that reference k has no row for segment i;
	// nil when every reference covers every segment.
	RefAbsent [][]bool
	// Annotations are the rows, in file order.
	Annotations []Annotation
	// Warnings describe repairs and gaps, one line each.
	Warnings []string
}

// ReadMQMFile reads the WMT MQM TSV at path with [ReadMQM] within limits,
// opened as [model.Load] opens its files ([model.Open]) and decompressed
// when it is gzip-compressed, whatever its name, as Load reads them
// ([model.Gunzip]).
func ReadMQMFile(path string, lines LineRule, limits model.LoadOptions) (*MQMRows, error) {
	f, err := model.Open(path, "a WMT MQM TSV")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, _, err := model.Gunzip(path, bufio.NewReader(f))
	if err != nil {
		return nil, err
	}
	return ReadMQM(limits.BoundedReader(r, path), path, lines)
}

// OpenMQM opens the WMT MQM TSV at path as a corpus whose references are
// the systems named in refs (the human translations, such as "ref" and
// "refB"), reading it within limits as [ReadMQMFile] does, the segments
// numbered by position. It gathers the file's texts: each segment's
// source and every system's translation (the row text without the span
// tags). The systems named in refs become the references and leave the
// systems; a name the file lacks is an error listing the names it has.
func OpenMQM(path string, refs []string, limits model.LoadOptions) (*Corpus, error) {
	rows, err := ReadMQMFile(path, LinesByPosition, limits)
	if err != nil {
		return nil, err
	}
	c := &Corpus{Annotations: rows.Annotations, Warnings: rows.Warnings}
	var order []string
	hyps := map[string]map[int]string{}
	for _, a := range rows.Annotations {
		if a.Line > len(c.Segments) {
			c.Segments = append(c.Segments, Segment{Doc: a.Doc, DocID: a.DocID, SegID: a.SegID})
			c.Src = append(c.Src, a.Src)
		} else if c.Src[a.Line-1] != a.Src {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: system %s gives segment %s another source text than the first row of it; the first is shown", path, a.System, a.SegID))
		}
		m, ok := hyps[a.System]
		if !ok {
			m = map[int]string{}
			hyps[a.System] = m
			order = append(order, a.System)
		}
		if _, ok := m[a.Line]; !ok {
			m[a.Line] = a.Hyp
		}
	}
	for _, ref := range refs {
		if _, ok := hyps[ref]; !ok {
			return nil, &model.InputError{File: path, Msg: fmt.Sprintf("has no system %s to take as reference; its systems are %s", model.Quote(ref), strings.Join(order, ", "))}
		}
		if slices.Contains(c.RefNames, ref) {
			return nil, &model.InputError{File: path, Msg: fmt.Sprintf("reference system %s is named twice; name each once", model.Quote(ref))}
		}
		stream, absent, missing := c.stream(hyps[ref])
		c.RefNames = append(c.RefNames, ref)
		c.Refs = append(c.Refs, stream)
		if missing > 0 {
			if c.RefAbsent == nil {
				c.RefAbsent = make([][]bool, len(refs))
			}
			c.RefAbsent[len(c.Refs)-1] = absent
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: reference %s has no row for %s; %s one reference fewer", path, ref, missingOf(missing, len(c.Segments)), oneOrMany(missing, "it has", "they have")))
		}
	}
	if c.RefAbsent != nil {
		for k := range c.RefAbsent {
			if c.RefAbsent[k] == nil {
				c.RefAbsent[k] = make([]bool, len(c.Segments))
			}
		}
	}
	for _, sys := range order {
		if slices.Contains(refs, sys) {
			continue
		}
		stream, _, missing := c.stream(hyps[sys])
		if missing > 0 {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: system %s has no row for %s; %s empty", path, sys, missingOf(missing, len(c.Segments)), oneOrMany(missing, "it is", "they are")))
		}
		c.Systems = append(c.Systems, model.System{Name: sys, Path: path, Hyps: stream})
	}
	return c, nil
}

// missingOf says how many of n segments a stream has no row for, in
// groups of three digits: "1 of the 3 segments", "1,204 of the 1,875
// segments".
func missingOf(missing, n int) string {
	return model.Thousands(missing) + " of the " + model.Counted(n, "segment")
}

// oneOrMany returns one when n is 1, else many.
func oneOrMany(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// stream lays out one system's texts by segment.
func (c *Corpus) stream(byLine map[int]string) (texts []string, absent []bool, missing int) {
	texts = make([]string, len(c.Segments))
	absent = make([]bool, len(c.Segments))
	for i := range texts {
		t, ok := byLine[i+1]
		texts[i], absent[i] = t, !ok
		if !ok {
			missing++
		}
	}
	return texts, absent, missing
}

// Dataset returns the corpus as a [model.Dataset] to score: its systems,
// its references and its source, with the corpus's warnings. It needs at
// least one reference.
func (c *Corpus) Dataset() (*model.Dataset, error) {
	if len(c.Refs) == 0 {
		return nil, &model.InputError{Msg: "an MQM file opened as a corpus needs a reference: name a human translation among its systems with --mqm-ref"}
	}
	ds, err := model.NewDataset(c.Src, c.RefNames, c.Refs, c.RefAbsent, c.Systems, slices.Clone(c.Warnings))
	if err != nil {
		return nil, err
	}
	ds.SegIDs = make([]string, len(c.Segments))
	for i, sg := range c.Segments {
		ds.SegIDs[i] = model.Printable(sg.SegID)
	}
	return ds, nil
}
