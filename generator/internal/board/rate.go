package board

// Rate is a pass count over a total with its 95% Wilson score interval.
// With Total == 0 the rate is 0 and the interval is [0, 1]: nothing is known.
type Rate struct {
	Pass  int        `json:"pass"`
	Total int        `json:"total"`
	Rate  float64    `json:"rate"`
	CI95  [2]float64 `json:"ci95"`
}
