package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// widthTexts are texts that terminals draw wider than a grapheme count
// says: soft hyphens, Devanagari conjuncts and vowel signs, emoji with
// skin tones and joiners.
var widthTexts = []struct{ hyp, ref string }{
	{strings.Repeat("soft\u00adhyphen ", 30), strings.Repeat("soft hyphen ", 30)},
	{strings.Repeat("नमस्ते क्षत्रिय ", 12), strings.Repeat("नमस्ते क्षत्रिय मित्र ", 8)},
	{strings.Repeat("👍🏽 🧑🏿\u200d🚀 ", 25), strings.Repeat("👍🏽 🧑🏿\u200d🚀 ok ", 15)},
	{"a\u200bb\u2060c\ufeffd \u2028 ☺\ufe0f 🇺🇸 " + strings.Repeat("क्ष", 50), "a b c d ☺ " + strings.Repeat("क्ष ", 30)},
}

// widthDataset is a corpus of widthTexts with two systems.
func widthDataset(t *testing.T) []string {
	t.Helper()
	var recs []string
	for _, x := range widthTexts {
		rec := map[string]any{"src": x.ref, "refs": []string{x.ref, x.hyp}, "hyps": map[string]string{"नमस्ते👍🏽\u00ad": x.hyp, "b": x.ref}}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, string(b))
	}
	return recs
}

// codePointCells is the width a terminal that counts code points (xterm,
// tmux, VTE) draws plain s in: combining marks and format characters take
// no cell, except the soft hyphen, which tmux draws; wide characters and
// emoji take two.
func codePointCells(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == 0x00ad:
			n++
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case ansi.StringWidthWc(string(r)) == 2 || ansi.StringWidth(string(r)) == 2:
			n += 2
		default:
			n++
		}
	}
	return n
}

// TestWideTextKeepsLayout: whatever the text, every screen is exactly the
// window's height, no line is wider than the window however the terminal
// counts its cells, and the header (score, signature) stays on top.
func TestWideTextKeepsLayout(t *testing.T) {
	ds := loadJSONL(t, widthDataset(t)...)
	for _, size := range [][2]int{{60, 16}, {100, 30}, {80, 24}, {200, 50}} {
		w, h := size[0], size[1]
		base := ready(t, ds, w, h)
		for seg := 1; seg <= len(widthTexts); seg++ {
			at := press(t, base, ":", itoa(seg), "enter")
			for _, sc := range screens {
				name := fmt.Sprintf("segment %d, %s", seg, sc.name)
				v := press(t, at, sc.keys...).View()
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Errorf("%s at %d×%d: %d lines; want exactly %d", name, w, h, len(lines), h)
				}
				for i, l := range lines {
					plain := ansi.Strip(l)
					if cw, gw := codePointCells(plain), lipgloss.Width(l); cw > w || gw > w {
						t.Errorf("%s at %d×%d: line %d is %d cells by code point, %d by grapheme: %q", name, w, h, i+1, cw, gw, plain)
					}
				}
				if sc.name == "main" || sc.name == "compare" || sc.name == "all orders" {
					if !strings.Contains(lines[0], "BLEU ") || !strings.Contains(lines[2], "tok:13a") {
						t.Errorf("%s at %d×%d: the header (score, signature) is not on top: %q", name, w, h, lines[:3])
					}
				}
			}
		}
	}
}
