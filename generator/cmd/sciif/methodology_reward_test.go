package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The methodology page states each kind's reward formula with its default
// numbers (templates/sciif/protocol.md, templates/instr/protocol.md).
// TestMethodologyRewardFormulas reads those numbers from the page's TeX
// and evaluates the page's formula on the parts of every hand-checked
// reward of TestRewardTable that uses the defaults: the result must be the
// reward the table wants, which TestRewardTable checks `sciif reward` and
// `sciif serve` give. A default changed in the code without the page, or
// a page edited without the code, fails here.

// pageNumbers returns the numbers the regular expression re captures in
// the template file name, which must match once.
func pageNumbers(t *testing.T, name string, re string) []float64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, "templates", name))
	if err != nil {
		t.Fatal(err)
	}
	ms := regexp.MustCompile(re).FindAllStringSubmatch(string(data), -1)
	if len(ms) != 1 {
		t.Fatalf("templates/%s: %d matches of %s, want 1", name, len(ms), re)
	}
	var out []float64
	for _, s := range ms[0][1:] {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("templates/%s: %q: %v", name, s, err)
		}
		out = append(out, v)
	}
	return out
}

func TestMethodologyRewardFormulas(t *testing.T) {
	num := `([0-9]+(?:\.[0-9]+)?)`
	split := pageNumbers(t, "sciif/protocol.md", `\$\$R = `+num+`\\,R_c \+ `+num+`\\,R_a,?\$\$`)
	bonus := pageNumbers(t, "instr/protocol.md", `\$\$F_p = V_p \+ `+num+` \\quad \\text\{if \} V_p > 0 \\text\{ and \} S_p > `+num+`,?\$\$`)
	penalty := pageNumbers(t, "instr/protocol.md", `\$\$F_p = V_p - `+num+` \\quad \\text\{if \} V_p > 0 \\text\{ and \} S_p \\le `+num+`,?\$\$`)
	if bonus[1] != penalty[1] {
		t.Fatalf("the page's two thresholds differ: %v and %v", bonus[1], penalty[1])
	}
	if split[0]+split[1] != 1 {
		t.Errorf("the page's SciIF split %v + %v is not 1", split[0], split[1])
	}
	checked := map[string]int{}
	for _, tc := range rewardCases {
		if tc.field != "" {
			continue
		}
		var page float64
		switch {
		case tc.bench == "sciif" && (tc.config == "" || tc.config == "policy: loose"):
			page = tc.parts["R_a"]
			if rc, ok := tc.parts["R_c"]; ok {
				// Every group weighs 1 by default: R_c is their mean.
				var sum float64
				n := 0
				for k, v := range tc.parts {
					if strings.HasPrefix(k, "R_g.") {
						sum += v
						n++
					}
				}
				if n == 0 || math.Abs(sum/float64(n)-rc) > 1e-12 {
					t.Errorf("%s: R_c %v is not the mean of its %d groups", tc.name, rc, n)
				}
				page = split[0]*rc + split[1]*tc.parts["R_a"]
			}
		case tc.bench == "ifeval" && !strings.Contains(tc.config, "judge"):
			v := tc.parts["V"]
			page = v
			if s, ok := tc.parts["S"]; ok && v > 0 {
				if s > bonus[1] {
					page = v + bonus[0]
				} else {
					page = v - penalty[0]
				}
			}
		default:
			continue
		}
		if math.Abs(page-tc.want) > 1e-12 {
			t.Errorf("%s: the methodology page's formula gives %v, the reward is %v (parts %v)", tc.name, page, tc.want, tc.parts)
		}
		checked[tc.bench]++
	}
	// The table holds bonus, penalty, several groups and Loose cases; a
	// filter that let none through would check nothing.
	if checked["sciif"] < 5 || checked["ifeval"] < 5 {
		t.Errorf("checked %v rewards of the table, want at least 5 of each", checked)
	}
}
