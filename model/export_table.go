package model

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/bleuscope/bleuscope/scoring"
)

// segmentRecord returns the raw fields of one tsv/csv row, hypothesis
// last; the writers escape them.
func segmentRecord(ds *Dataset, s *Scored, sys, i int, rec []string) []string {
	n := s.Settings.Sentence.MaxOrder
	r, err := s.SentenceResult(ds, sys, i)
	rec = append(rec[:0], ds.Systems[sys].Name, strconv.Itoa(i+1))
	if err != nil {
		rec = append(rec, "", "", "", "")
		for range n {
			rec = append(rec, "")
		}
	} else {
		rec = append(rec, formatFloat(r.Score), formatFloat(r.BP), strconv.Itoa(r.SysLen), strconv.Itoa(r.RefLen))
		for _, p := range r.Precisions {
			rec = append(rec, formatFloat(p))
		}
	}
	return append(rec, ds.Systems[sys].Hyps[i])
}

func segmentHeader(s *Scored) []string {
	h := []string{"system", "line", "score", "bp", "sys_len", "ref_len"}
	for n := 1; n <= s.Settings.Sentence.MaxOrder; n++ {
		h = append(h, "p"+strconv.Itoa(n))
	}
	return append(h, "hyp")
}

// tsvEscaper writes the characters that would break a TSV row visibly.
var tsvEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

func writeTSV(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int) error {
	w.WriteString(strings.Join(segmentHeader(s), "\t") + "\n")
	var rec []string
	for _, i := range rows {
		rec = segmentRecord(ds, s, sys, i, rec)
		for j, f := range rec {
			if j > 0 {
				w.WriteByte('\t')
			}
			w.WriteString(Printable(tsvEscaper.Replace(f)))
		}
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

func writeCSV(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(segmentHeader(s)); err != nil {
		return err
	}
	var rec []string
	for _, i := range rows {
		rec = segmentRecord(ds, s, sys, i, rec)
		for j := range rec {
			rec[j] = Printable(rec[j])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func writeText(w *bufio.Writer, ds *Dataset, s *Scored, rows []int, sys int) error {
	nltk := s.Settings.Sentence.Compat == scoring.CompatNLTK
	precDigits := 1
	if nltk {
		precDigits = 3
	}
	fmt.Fprintf(w, "system %s, sentence BLEU %s\n", Printable(ds.Systems[sys].Name), s.SentenceSignature(ds))
	type line struct{ no, score, bp, lens, prec, hyp string }
	lines := []line{{"line", "score", "bp", "hyp/ref", "precisions", "hypothesis"}}
	for _, i := range rows {
		r, err := s.SentenceResult(ds, sys, i)
		l := line{no: strconv.Itoa(i + 1), hyp: Printable(ds.Systems[sys].Hyps[i])}
		if err != nil {
			l.score = "error"
		} else {
			l.score = FormatScore(r.Score, nltk)
			l.bp = fmt.Sprintf("%.3f", r.BP)
			l.lens = fmt.Sprintf("%d/%d", r.SysLen, r.RefLen)
			p := make([]string, len(r.Precisions))
			for n, x := range r.Precisions {
				p[n] = strconv.FormatFloat(x, 'f', precDigits, 64)
			}
			l.prec = strings.Join(p, "/")
		}
		lines = append(lines, l)
	}
	var wd [5]int
	for _, l := range lines {
		for c, f := range []string{l.no, l.score, l.bp, l.lens, l.prec} {
			wd[c] = max(wd[c], len(f))
		}
	}
	for _, l := range lines {
		row := fmt.Sprintf("%*s  %*s  %*s  %*s  %-*s  %s", wd[0], l.no, wd[1], l.score, wd[2], l.bp, wd[3], l.lens, wd[4], l.prec, l.hyp)
		w.WriteString(strings.TrimRight(row, " ") + "\n")
	}
	return nil
}
