package ui

import (
	"fmt"
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	ds := demoDataset(t)
	var w, h int
	fmt.Sscanf(os.Getenv("DUMP"), "%dx%d", &w, &h)
	for _, sc := range screens {
		m := press(t, ready(t, ds, w, h), sc.keys...)
		fmt.Printf("===== %s\n%s\n", sc.name, m.View())
	}
}
