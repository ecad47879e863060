package model

import (
	"bufio"
	"io"
	"iter"
	"math"
	"strconv"
)

// WriteNGramsJSONL writes rows as SPEC's `ngrams --format jsonl`: one
// object per line, {"system", "kind", "order", "ngram", "count",
// "segments", "lines"}, the system named by names[r.System] as [JSONName]
// writes it.
func WriteNGramsJSONL(w io.Writer, names []string, rows iter.Seq[NGramRow]) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	quoted := jsonNames(names)
	var b []byte
	for r := range rows {
		b = append(b[:0], `{"system": `...)
		b = append(b, quoted[r.System]...)
		b = append(b, `, "kind": `...)
		b = appendJSONString(b, r.Kind.String())
		b = append(b, `, "order": `...)
		b = strconv.AppendInt(b, int64(r.Order), 10)
		b = append(b, `, "ngram": `...)
		b = appendJSONString(b, r.NGram)
		b = append(b, `, "count": `...)
		b = strconv.AppendInt(b, r.Count, 10)
		b = append(b, `, "segments": `...)
		b = strconv.AppendInt(b, int64(r.Segments), 10)
		b = append(b, `, "lines": [`...)
		for j, l := range r.Lines {
			if j > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(l), 10)
		}
		b = append(b, "]}\n"...)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteSalientJSONL writes rows as SPEC's `ngrams --salient --format
// jsonl`: {"system_a", "system_b", "kind", "order", "ngram", "count_a",
// "count_b", "score"}, the systems named by names as [JSONName] writes
// them.
func WriteSalientJSONL(w io.Writer, names []string, rows []SalientRow) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	quoted := jsonNames(names)
	var b []byte
	for _, r := range rows {
		b = append(b[:0], `{"system_a": `...)
		b = append(b, quoted[r.SystemA]...)
		b = append(b, `, "system_b": `...)
		b = append(b, quoted[r.SystemB]...)
		b = append(b, `, "kind": `...)
		b = appendJSONString(b, r.Kind.String())
		b = append(b, `, "order": `...)
		b = strconv.AppendInt(b, int64(r.Order), 10)
		b = append(b, `, "ngram": `...)
		b = appendJSONString(b, r.NGram)
		b = append(b, `, "count_a": `...)
		b = strconv.AppendInt(b, r.CountA, 10)
		b = append(b, `, "count_b": `...)
		b = strconv.AppendInt(b, r.CountB, 10)
		b = append(b, `, "score": `...)
		b = appendFloat(b, r.Score)
		b = append(b, "}\n"...)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteBucketsJSONL writes the buckets of system sys as SPEC's `buckets
// --format jsonl`: {"system", "by", "bucket", "lo", "hi", "segments",
// "score", "ci"}; lo and hi null at the open ends and for the
// no-reference bucket, score null for an empty bucket (or one NLTK cannot
// score), ci null unless it was computed. With grouped ≥ 0 the buckets
// are system grouped's, sys scored on its segments ([Scored.SameRowBuckets]),
// and each row ends in "grouped_by", that system's stable name.
func WriteBucketsJSONL(w io.Writer, ds *Dataset, sys int, buckets []Bucket, grouped int) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	opt := func(b []byte, v *float64) []byte {
		if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
			return append(b, "null"...)
		}
		return appendFloat(b, *v)
	}
	for _, bk := range buckets {
		b = append(b[:0], `{"system": `...)
		b = appendJSONName(b, ds.Systems[sys].StableName())
		b = append(b, `, "by": `...)
		b = appendJSONString(b, bk.By.String())
		b = append(b, `, "bucket": `...)
		b = appendJSONString(b, bk.Label)
		b = append(b, `, "lo": `...)
		b = opt(b, bk.Lo)
		b = append(b, `, "hi": `...)
		b = opt(b, bk.Hi)
		b = append(b, `, "segments": `...)
		b = strconv.AppendInt(b, int64(len(bk.Rows)), 10)
		b = append(b, `, "score": `...)
		b = opt(b, bk.Score())
		b = append(b, `, "ci": `...)
		b = opt(b, bk.CI)
		if grouped >= 0 {
			b = append(b, `, "grouped_by": `...)
			b = appendJSONName(b, ds.Systems[grouped].StableName())
		}
		b = append(b, "}\n"...)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Score returns the bucket's corpus BLEU, or nil when it has no segments
// or could not be scored.
func (b *Bucket) Score() *float64 {
	if len(b.Rows) == 0 || b.Err != nil {
		return nil
	}
	s := b.Result.Score
	return &s
}
