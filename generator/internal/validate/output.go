package validate

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// WriteJSON writes r as indented JSON: the documented schema Schema.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes every finding, one per line, then each submission's
// scores and claims, then a one-line summary.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	for _, s := range r.Submissions {
		for _, f := range s.Findings {
			b.WriteString(f.String())
			b.WriteByte('\n')
		}
	}
	for _, s := range r.Submissions {
		status := "valid"
		if !s.Valid {
			status = fmt.Sprintf("invalid (%d error(s))", s.Errors)
		}
		dir := board.Diagnostic{File: s.Dir}.Where() // quoted if it holds a control character
		switch {
		case s.Kind == "reported":
			fmt.Fprintf(&b, "%s: %s; reported figures, not rescored\n", dir, status)
			continue
		case len(s.Results) == 0:
			fmt.Fprintf(&b, "%s: %s; not scored\n", dir, status)
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", dir, status)
		for _, res := range s.Results {
			fmt.Fprintf(&b, "  %s: %s\n", res.Benchmark, res.Summary)
			for _, l := range res.Lines {
				fmt.Fprintf(&b, "    %s\n", l)
			}
		}
	}
	valid := 0
	for _, s := range r.Submissions {
		if s.Valid {
			valid++
		}
	}
	verdict := "valid"
	if !r.Valid {
		verdict = "invalid"
	}
	fmt.Fprintf(&b, "sciif validate: %s: %d submission(s), %d valid, %d invalid; %d error(s), %d warning(s)\n",
		verdict, len(r.Submissions), valid, len(r.Submissions)-valid, r.Errors, r.Warnings)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes a summary for a pull request (GitHub's job summary):
// one table row per submission with its rescored Strict and Loose headline
// and rank, then the findings. Text from submissions is escaped.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	verdict := "✅ valid"
	if !r.Valid {
		verdict = "❌ invalid"
	}
	fmt.Fprintf(&b, "## Submission check: %s\n\n", verdict)
	fmt.Fprintf(&b, "Rescored on %s. Rates are over every item of a benchmark; ranks are among the rescored models of its board, tied where the paired test finds no significant difference.\n\n", md(strings.Join(r.Benchmarks, ", ")))
	b.WriteString("| Submission | Model | Status | Benchmark | Answered | Rescored |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, s := range r.Submissions {
		status := "valid"
		if !s.Valid {
			status = fmt.Sprintf("%d error(s)", s.Errors)
		}
		id := md(board.ShowPart(s.ID)) // a folder name is refused, not trusted, when odd
		if s.Warnings > 0 {
			status += fmt.Sprintf(", %d warning(s)", s.Warnings)
		}
		switch {
		case s.Kind == "reported":
			fmt.Fprintf(&b, "| `%s` | %s | %s | | reported, not rescored | |\n", id, md(s.Name), status)
			continue
		case len(s.Results) == 0:
			fmt.Fprintf(&b, "| `%s` | %s | %s | | — | |\n", id, md(s.Name), status)
			continue
		}
		for _, res := range s.Results {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", id, md(s.Name), status, md(res.Benchmark), md(res.Summary), md(strings.Join(res.Lines, "; ")))
		}
	}
	if r.Errors+r.Warnings > 0 {
		b.WriteString("\n<details><summary>Findings</summary>\n\n```text\n")
		n := 0
		for _, s := range r.Submissions {
			for _, f := range s.Findings {
				if n == 200 {
					fmt.Fprintf(&b, "… and %d more (run `sciif validate` locally for all)\n", r.Errors+r.Warnings-n)
					break
				}
				b.WriteString(strings.ReplaceAll(f.String(), "```", "'''"))
				b.WriteByte('\n')
				n++
			}
		}
		b.WriteString("```\n\n</details>\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// md escapes text for a Markdown table cell.
func md(s string) string {
	r := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "`", "'", "\n", " ", "\r", " ", "[", `\[`, "]", `\]`, "*", `\*`, "_", `\_`)
	return r.Replace(s)
}
