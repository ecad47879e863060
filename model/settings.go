package model

import (
	"errors"

	"github.com/bleuscope/bleuscope/scoring"
)

// Settings are the options of the two kinds of score. Sentence defaults to
// the corpus options with effective order on, as sacrebleu's
// sentence_bleu.
type Settings struct {
	// Corpus are the options of corpus scores.
	Corpus scoring.Options
	// Sentence are the options of per-segment scores; they must count
	// the same statistics as Corpus (tokenizer, case, compat).
	Sentence scoring.Options
}

// ErrSettingsMismatch is returned when the sentence and corpus options
// would need different statistics.
var ErrSettingsMismatch = errors.New("model: sentence and corpus options must use the same tokenizer, case and compat")

// DefaultSettings returns sacrebleu's defaults: corpus scores with
// [scoring.DefaultOptions], sentence scores with
// [scoring.SentenceOptions].
func DefaultSettings() Settings {
	return Settings{Corpus: scoring.DefaultOptions(), Sentence: scoring.SentenceOptions()}
}

// WithOption returns a copy of s with f applied to both Corpus and
// Sentence, for a change the user makes to "the options" (tokenizer,
// case, smoothing, max order).
func (s Settings) WithOption(f func(*scoring.Options)) Settings {
	f(&s.Corpus)
	f(&s.Sentence)
	return s
}

// Validate reports the first problem with s as an error whose text can be
// shown to a user.
func (s Settings) Validate() error {
	if err := s.Corpus.Validate(); err != nil {
		return err
	}
	if err := s.Sentence.Validate(); err != nil {
		return err
	}
	if !scoring.SameStatistics(s.Corpus, s.Sentence) {
		return ErrSettingsMismatch
	}
	return nil
}
