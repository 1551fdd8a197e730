package demo

// model is one fictional demo submission: its metadata and the dials that
// give it its character. Probabilities are per evidence point unless noted.
type model struct {
	id       string
	name     string
	org      string
	open     bool
	date     string
	params   string
	decoding string
	link     string
	notes    string

	correct float64 // chance that the arithmetic and final answer are right
	main    float64 // chance that a MAIN point's evidence is written out
	sec     float64 // the same for a SECONDARY point
	decay   float64 // relative loss of the above per extra enabled constraint
	weak    float64 // share of failures written as vague boilerplate
	bad     float64 // share of failures written as a flawed claim (where the item has one)
	drift   float64 // chance of symbol drift where the item has a drift variant
	noUnits float64 // chance of a bare final number when units are not audited
	// strictGPT is the chance that gpt-5.1 is the stricter judge on an item.
	strictGPT float64
	style     string
	// skip lists items the submission has no record for.
	skip []string
}

var judges = []string{"gpt-5.1", "gemini-3-flash"}

var models = []model{
	{
		id: "demo-atlas-70b", name: "Atlas 70B (demo)", org: "Demo Lab North (fictional)", open: true,
		date: "2026-09-14", params: "70B", decoding: "temperature 0, max tokens 4096",
		link:    "https://example.org/atlas-70b",
		notes:   "Demo submission generated for the SciIF leaderboard's sample site; not a real model. Strong solver, middling at writing out the evidence.",
		correct: 0.88, main: 0.88, sec: 0.62, decay: 0.05, weak: 0.35, bad: 0.30, drift: 0.15, noUnits: 0.10,
		strictGPT: 0.75, style: "atlas",
	},
	{
		id: "demo-borealis-8b", name: "Borealis 8B (demo)", org: "Borealis Collective (fictional)", open: true,
		date: "2026-08-02", params: "8B", decoding: "temperature 0, max tokens 4096",
		link:    "https://example.org/borealis-8b",
		notes:   "Demo submission generated for the SciIF leaderboard's sample site; not a real model. Small model, often terse.",
		correct: 0.45, main: 0.50, sec: 0.25, decay: 0.08, weak: 0.40, bad: 0.35, drift: 0.35, noUnits: 0.30,
		strictGPT: 0.70, style: "borealis",
	},
	{
		id: "demo-cirrus-pro", name: "Cirrus Pro (demo)", org: "Cirrus AI (fictional)", open: false,
		date: "2026-10-01", decoding: "temperature 0, max tokens 4096",
		link:    "https://example.org/cirrus-pro",
		notes:   "Demo submission generated for the SciIF leaderboard's sample site; not a real model. Closed API model; parameter count not disclosed.",
		correct: 0.86, main: 0.96, sec: 0.86, decay: 0.04, weak: 0.45, bad: 0.30, drift: 0.08, noUnits: 0.02,
		strictGPT: 0.80, style: "cirrus",
	},
	{
		id: "demo-dune-mini", name: "Dune Mini (demo)", org: "Dune Systems (fictional)", open: false,
		date: "2026-07-20", decoding: "temperature 0, max tokens 2048",
		link:    "https://example.org/dune-mini",
		notes:   "Demo submission generated for the SciIF leaderboard's sample site; not a real model. Low-cost closed model.",
		correct: 0.80, main: 0.55, sec: 0.30, decay: 0.05, weak: 0.30, bad: 0.25, drift: 0.20, noUnits: 0.70,
		strictGPT: 0.70, style: "dune",
	},
	{
		id: "demo-ember-13b", name: "Ember 13B (demo)", org: "Ember Research (fictional)", open: true,
		date: "2026-06-30", params: "13B", decoding: "temperature 0.2, top-p 0.95, max tokens 4096",
		link:    "https://example.org/ember-13b",
		notes:   "Demo submission generated for the SciIF leaderboard's sample site; not a real model. Incomplete: three items have no record.",
		correct: 0.55, main: 0.88, sec: 0.70, decay: 0.04, weak: 0.40, bad: 0.40, drift: 0.15, noUnits: 0.05,
		strictGPT: 0.75, style: "ember",
		skip: []string{"chemistry-0006", "materials-0010", "physics-0011"},
	},
}
