package sciif

import (
	"github.com/sciif/leaderboard/generator/internal/board"
)

// Payloads set window.__pwned when they run; the tests look for it.
const (
	scriptName = `Evil</script><script>window.__pwned="name"</script>`
	funcName   = `__f__function(){window.__pwned="func"}__f__`
	// instrResponse is an IFEval response that tries every trick at once.
	instrResponse = "<script>window.__pwned='instr-script'</script>\n" +
		"<img src=x onerror=\"window.__pwned='instr-img'\">\n" +
		"[click](javascript:window.__pwned='instr-link') <a href=\"javascript:window.__pwned='instr-a'\">a</a>\n" +
		"</pre><svg onload=\"window.__pwned='instr-svg'\"></svg>"
)

// hostileInput is a board in which every text that arrives by pull request
// tries to run script: model metadata, responses, judge reasons and rule
// evidence.
func hostileInput() Input {
	in := synthInput(3, 6, 5)
	m := &in.Board.Models[0]
	run := &in.Runs[0]
	m.Name = scriptName
	m.Organization = `<img src=x onerror="window.__pwned='org'">`
	m.Date = `"><svg onload="window.__pwned='date'">`
	run.Submission.Meta.Name = m.Name
	run.Submission.Meta.Organization = m.Organization
	run.Submission.Meta.Link = `javascript:window.__pwned='link'`
	run.Submission.Meta.Notes = `<script>window.__pwned='notes'</script>`
	run.Submission.Meta.Params = `<iframe src="javascript:window.top.__pwned='params'"></iframe>`
	in.Board.Models[1].Name = funcName
	in.Runs[1].Submission.Meta.Name = funcName
	in.Board.Models[2].Organization = `=HYPERLINK("http://evil.example","x")`
	in.Runs[0].Diagnostics = []board.Diagnostic{{File: "results/evil/responses.jsonl", Line: 1, Msg: `<img src=x onerror="window.__pwned='diag'">`}}

	response := "Raw HTML: <script>window.__pwned='md-script'</script>\n\n" +
		"<img src=x onerror=\"window.__pwned='md-img'\">\n\n" +
		"[click me](javascript:window.__pwned='md-link') and <javascript:alert(1)>\n\n" +
		"![x](javascript:window.__pwned='md-image')\n\n" +
		"Inline math $<img src=x onerror=\"window.__pwned='math-inline'\">$ and display:\n\n" +
		"$$</span><img src=x onerror=\"window.__pwned='math-display'\">$$\n\n" +
		`\(<script>window.__pwned='paren'</script>\)` + "\n\n" +
		"<a href=\"javascript:window.__pwned='raw-a'\">raw link</a>\n\n" +
		"```html\n<script>window.__pwned='code'</script>\n```\n"
	for i := range in.Runs {
		for j := range in.Runs[i].Responses {
			if in.Runs[i].Verdicts[j].Answered {
				in.Runs[i].Responses[j] = response
			}
		}
		for j := range in.Runs[i].Verdicts {
			v := &in.Runs[i].Verdicts[j]
			v.Extracted = `<img src=x onerror="window.__pwned='extracted'">`
			for k := range v.CorrectVotes {
				v.CorrectVotes[k].Reason = `</span><img src=x onerror="window.__pwned='reason'">`
				v.CorrectVotes[k].Judge = `<b onmouseover="window.__pwned='judge'">judge</b>`
			}
			for c := range v.Constraints {
				for p := range v.Constraints[c].Points {
					pt := &v.Constraints[c].Points[p]
					for k := range pt.Votes {
						pt.Votes[k].Reason = `<script>window.__pwned='point-reason'</script>`
					}
					if pt.Rule != nil {
						pt.Rule.Evidence = `<img src=x onerror="window.__pwned='evidence'">`
					}
				}
			}
		}
	}
	// The IFEval board: names, prompt, responses and checker reasons.
	ib := in.Instr[0]
	for i := range ib.Models {
		im := &ib.Models[i]
		for _, m := range in.Board.Models {
			if m.ID == im.ID {
				im.Name = m.Name
			}
		}
		if im.ID == "ifeval-only" {
			im.ID = `"><img src=x onerror="window.__pwned='instr-id'">`
			im.Name = `<img src=x onerror="window.__pwned='instr-name'"><script>window.__pwned='instr-name'</script>`
		}
		for j := range im.Results {
			r := &im.Results[j]
			if !r.Answered {
				continue
			}
			r.Response = instrResponse
			for k := range r.Strict {
				r.Strict[k].Reason = `</span><img src=x onerror="window.__pwned='instr-reason'">`
			}
			for k := range r.Loose {
				r.Loose[k].Variant = `<script>window.__pwned='variant'</script>`
			}
		}
	}
	ib.Prompts[0].Prompt = `<script>window.__pwned='prompt'</script> [x](javascript:window.__pwned='prompt-link')`
	in.Bench.Items[0].Question = "What is <b onclick=\"window.__pwned='question'\">this</b>? $x<y$ and $5 and $10."
	return in
}
