package ui

import (
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// TestFilteredZeroSaysWhy: the header's BLEU of filtered rows that hold
// no 4-gram reads "BLEU 0.00 (no 4-grams)", and the screen still fits
// 60×16.
func TestFilteredZeroSaysWhy(t *testing.T) {
	ds := loadTexts(t, map[string]string{
		"hyp": "a b c\nthe cat sat on the mat\nit is here\n",
		"ref": "a b c\nthe cat sat on the mat\nit is here\n",
	}, []string{"hyp"}, []string{"ref"})
	for _, w := range []int{60, 120} {
		m := filterBy(t, ready(t, ds, w, 16), "len<4")
		v := m.View()
		if !strings.Contains(v, "BLEU 0.00 (no 4-grams)") {
			t.Errorf("at %d columns the header does not say why BLEU is 0:\n%s", w, v)
		}
		for _, l := range strings.Split(v, "\n") {
			if lipgloss.Width(l) > w {
				t.Errorf("at %d columns the line %q is wider", w, l)
			}
		}
	}
}

// TestFilteredZeroSaysWhyNLTK: in nltk compat, filtered rows whose score
// prints as 0.0000 (method0 leaves 6e-78 for rows with no 4-gram match)
// say why, "BLEU 0.0000 (no 4-gram matched)", where the header gave no
// reason before, and the screen still fits 60×16.
func TestFilteredZeroSaysWhyNLTK(t *testing.T) {
	ds := loadTexts(t, map[string]string{
		"hyp": "a b c\nthe cat sat on the mat\nit is here\n",
		"ref": "a b c d\nthe cat sat on the mat\nit is here now\n",
	}, []string{"hyp"}, []string{"ref"})
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })
	for _, w := range []int{60, 120} {
		m := New(ds, set)
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 16})
		m = filterBy(t, drive(t, next.(Model), m.Init()), "len<4")
		v := m.View()
		if !strings.Contains(v, "BLEU 0.0000 (no 4-gram matched)") {
			t.Errorf("at %d columns the header does not say why BLEU reads 0:\n%s", w, v)
		}
		checkFit(t, "filtered", v, w, 16)
	}
}
