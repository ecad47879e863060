package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
)

// TestTokenPiecesOnePass: the pieces of a token, cut in one pass, are
// those of cutting it at its wide clusters and then each run wider than
// the line between clusters ([splitCells]), and each piece's cells are
// its [Cells]: the pane draws them as measured.
func TestTokenPiecesOnePass(t *testing.T) {
	tokens := []string{"", "a", "word", "overlongword", "Größenordnung", "naïve", "中文文本没有空格", "（中文）。", "東京タワー・スカイツリー",
		"한국어텍스트", "abc中def", "e\u0301e\u0301e\u0301e\u0301", "👍🏽👍🏽x", "Ａｂｃ"}
	for _, s := range tokens {
		for _, w := range []int{0, 1, 2, 3, 4, 5, 40} {
			var want []string // the runs between wide breaks, each cut to w cells
			start, at, prev, prevCells := 0, 0, "", 0
			Graphemes(s, func(cluster string, cells int) {
				if at > start && WideBreak(prev, prevCells, cluster, cells) {
					want = append(want, splitCells(s[start:at], w)...)
					start = at
				}
				prev, prevCells = cluster, cells
				at += len(cluster)
			})
			want = append(want, splitCells(s[start:], w)...)
			var got []string
			for _, p := range tokenPieces(s, w) {
				got = append(got, p.text)
				if p.cells != Cells(p.text) {
					t.Errorf("tokenPieces(%q, %d): piece %q has %d cells; Cells says %d", s, w, p.text, p.cells, Cells(p.text))
				}
			}
			if !slices.Equal(got, want) || strings.Join(got, "") != s {
				t.Errorf("tokenPieces(%q, %d) = %q; want %q", s, w, got, want)
			}
		}
	}
}

// BenchmarkTokenLinesNonASCII draws the token rows of a segment of
// German and of Chinese tokens, as the segment pane does every frame.
func BenchmarkTokenLinesNonASCII(b *testing.B) {
	st := DefaultStyles()
	toks := strings.Fields(strings.Repeat("Die Größenordnung der Änderungen überrascht 中文文本没有空格 東京タワー。 ", 8))
	marks := make([]model.Mark, len(toks))
	for b.Loop() {
		TokenLines(st, "hyp", 5, toks, marks, 100)
	}
}
