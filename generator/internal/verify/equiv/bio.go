package equiv

import (
	"regexp"
	"strconv"
	"strings"
)

// Biology: protein sequences in one- and three-letter codes, DNA and RNA.

var aminoAcids = map[string]byte{
	"ala": 'A', "arg": 'R', "asn": 'N', "asp": 'D', "cys": 'C', "gln": 'Q', "glu": 'E', "gly": 'G', "his": 'H', "ile": 'I',
	"leu": 'L', "lys": 'K', "met": 'M', "phe": 'F', "pro": 'P', "ser": 'S', "thr": 'T', "trp": 'W', "tyr": 'Y', "val": 'V',
	"sec": 'U', "pyl": 'O', "asx": 'B', "glx": 'Z', "xaa": 'X',
}

var (
	reThree   = regexp.MustCompile(`^(?:[A-Z][a-z]{2}|[A-Z]{3})(?:[\s\-–·]*(?:[A-Z][a-z]{2}|[A-Z]{3}))+$`)
	reOne     = regexp.MustCompile(`^[ACDEFGHIKLMNPQRSTVWY]+$`)
	reOneAll  = regexp.MustCompile(`^[ACDEFGHIKLMNPQRSTVWYBZXUO]+$`)
	reNucl    = regexp.MustCompile(`^[ACGTUNacgtun]+$`)
	reEnds    = regexp.MustCompile(`^(?:5'|5′|N)[\s\-–]*|[\s\-–]*(?:3'|3′|C)$`)
	reSeqJunk = regexp.MustCompile(`[\s\-–·]+`)
	reCode    = regexp.MustCompile(`[A-Za-z]{3}`)
	reLetters = regexp.MustCompile(`^[a-z]+$`)
)

type seqKind int

const (
	seqNone seqKind = iota
	seqProtein3
	seqProtein1
	seqNucleic
)

// sequence reads s as a sequence, returning upper-case one-letter codes.
func sequence(s string, hinted bool) (string, seqKind) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "5'") || strings.HasPrefix(s, "5′") || strings.HasPrefix(s, "N-") {
		s = reEnds.ReplaceAllString(s, "")
	}
	if reThree.MatchString(s) {
		var b strings.Builder
		for _, code := range reCode.FindAllString(s, -1) {
			aa, ok := aminoAcids[strings.ToLower(code)]
			if !ok {
				b.Reset()
				break
			}
			b.WriteByte(aa)
		}
		if b.Len() > 0 {
			return b.String(), seqProtein3
		}
	}
	t := reSeqJunk.ReplaceAllString(s, "")
	min := 6
	if hinted {
		min = 1
	}
	if len(t) < min {
		return "", seqNone
	}
	if reNucl.MatchString(t) {
		return strings.ToUpper(t), seqNucleic
	}
	if (reOne.MatchString(t) || hinted && reOneAll.MatchString(t)) && (t == s || hinted || !strings.Contains(s, " ")) {
		return t, seqProtein1
	}
	return "", seqNone
}

func (c *cmpr) trySeq(g, p string) (Result, bool) {
	_, gk := sequence(g, false)
	_, pk := sequence(p, false)
	// A lower-case one-letter protein sequence against an upper-case one.
	if gk == seqProtein1 && pk == seqNone && reLetters.MatchString(p) {
		if _, k := sequence(strings.ToUpper(p), false); k == seqProtein1 {
			return c.compareSeq(g, strings.ToUpper(p)), true
		}
	}
	if pk == seqProtein1 && gk == seqNone && reLetters.MatchString(g) {
		if _, k := sequence(strings.ToUpper(g), false); k == seqProtein1 {
			return c.compareSeq(strings.ToUpper(g), p), true
		}
	}
	if gk == seqNone || pk == seqNone {
		if gk == seqProtein3 || pk == seqProtein3 {
			if _, k := sequence(g, true); k != seqNone {
				if _, k := sequence(p, true); k != seqNone {
					return c.compareSeq(g, p), true
				}
			}
		}
		return Result{}, false
	}
	return c.compareSeq(g, p), true
}

func (c *cmpr) compareSeq(g, p string) Result {
	gs, gk := sequence(g, true)
	ps, pk := sequence(p, true)
	if gk == seqNone || pk == seqNone {
		return undecided("sequence", "not understood as sequences")
	}
	// DNA against RNA (T against U) is a transcription question.
	if gk == seqNucleic && pk == seqNucleic && strings.ContainsRune(gs, 'T') != strings.ContainsRune(ps, 'T') &&
		(strings.ContainsRune(gs, 'U') || strings.ContainsRune(ps, 'U')) {
		if strings.ReplaceAll(gs, "U", "T") == strings.ReplaceAll(ps, "U", "T") {
			return Result{Verdict: Undecided, Rule: "sequence", Reason: "the same bases read as DNA and as RNA", Gold: gs, Pred: ps}
		}
	}
	r := decided(gs == ps, "sequence", "%d residues vs %d", len(gs), len(ps))
	if gs != ps && len(gs) == len(ps) {
		for i := range gs {
			if gs[i] != ps[i] {
				r.Reason += ", first difference at position " + strconv.Itoa(i+1)
				break
			}
		}
	}
	r.Gold, r.Pred = gs, ps
	return r
}
