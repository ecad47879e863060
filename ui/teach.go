package ui

// newWalkthroughLearner opens the walk-through of a segment. Until the
// guided walk-through lands it shows the plain explanation.
func newWalkthroughLearner(m *Model, in segInfo) learner {
	return newPlainExplain(m, in)
}

// newLessonsLearner opens the lessons. Until they land it says so.
func newLessonsLearner(m *Model) learner {
	e := plainExplain{
		title: "lessons",
		content: func(int) string {
			return m.st.Muted.Render("The lessons are not part of this build yet.")
		},
		keys: m.keys,
		st:   m.st,
	}
	return e.setSize(m.width, m.height)
}
