package sacrebleu

// confidence adds the bootstrap confidence interval of --confidence to a
// single system's score and its signature.
func (r *run) confidence(m metric, sys system, s score, sig signature) (score, signature, error) {
	return s, sig, fatal(1, "bleuscope cannot compute confidence intervals yet")
}

// pairedTest runs --paired-bs or --paired-ar and prints its table.
func (r *run) pairedTest(metrics []metric, systems []system, nrefs int) error {
	return fatal(1, "bleuscope cannot run paired significance tests yet")
}
