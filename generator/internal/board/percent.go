package board

// Percent is a rate written as a percentage in [0, 100], the way papers print
// it: 29.6 means 29.6 %, i.e. a fraction of 0.296. Reported figures keep the
// publication's own representation so that a transcription can be checked
// digit by digit against the source.
type Percent float64

// Fraction returns p as a fraction in [0, 1], the representation of Rate.
func (p Percent) Fraction() float64 { return float64(p) / 100 }
