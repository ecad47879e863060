package ui

import (
	"strings"
	"testing"
)

// The main screen's key footer joins its hints with " · ", as the status
// line and the other screens' footers do, not with help's own " • ".
func TestFooterSeparatorIsOne(t *testing.T) {
	m := ready(t, demoDataset(t), 100, 30)
	m.status = saying{}
	foot := m.footerView()
	if strings.Contains(foot, "•") || !strings.Contains(foot, " · ") {
		t.Errorf("main footer %q: want its hints joined by \" · \"", foot)
	}
}
