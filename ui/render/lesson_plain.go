package render

import (
	"io"
	"reflect"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// plainStyles returns [DefaultStyles] bound to a renderer without colour
// or attributes, so that text rendered with them is plain whatever the
// terminal: `bleuscope lessons` prints the same text in a pipe and on a
// screen. Every lipgloss.Style field (and array of them) is rebound, so
// styles added to Styles later are covered too.
func plainStyles() Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	st := DefaultStyles()
	v := reflect.ValueOf(&st).Elem()
	styleType := reflect.TypeOf(lipgloss.Style{})
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch {
		case !f.CanSet():
		case f.Type() == styleType:
			f.Set(reflect.ValueOf(f.Interface().(lipgloss.Style).Renderer(r)))
		case f.Kind() == reflect.Array && f.Type().Elem() == styleType:
			for j := 0; j < f.Len(); j++ {
				e := f.Index(j)
				e.Set(reflect.ValueOf(e.Interface().(lipgloss.Style).Renderer(r)))
			}
		}
	}
	return st
}
