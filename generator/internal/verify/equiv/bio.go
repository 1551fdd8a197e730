package equiv

import (
	"fmt"
	"regexp"
	"slices"
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
	reEnds    = regexp.MustCompile(`^(?:(5'|5′|3'|3′|N|C)[\s\-–]+)?(.+?)(?:[\s\-–]+(5'|5′|3'|3′|N|C))?$`)
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
	seq, kind, _ := orientedSequence(s, hinted)
	return seq, kind
}

// orientedSequence reads s as a sequence from its 5' or N end, and reports
// whether it was written backwards (3'-…-5', C-…-N).
func orientedSequence(s string, hinted bool) (string, seqKind, bool) {
	s = strings.TrimSpace(s)
	s, reversed, ok := seqEnds(s)
	if !ok {
		return "", seqNone, false
	}
	seq, kind := sequenceBody(s, hinted)
	if reversed {
		seq = reverseString(seq)
	}
	return seq, kind, reversed
}

func reverseString(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// seqEnds strips the ends written around a sequence (5'-…-3', N-…-C) and
// reports whether they give it backwards (3'-…-5', C-…-N); a one-letter end
// (N, C) counts only around a run of four letters or more without
// separators, or of three-letter codes, so that N-K-C stays three residues.
// Ends that do not pair (5'-…-C), and an N or C end alone, are no sequence.
func seqEnds(s string) (body string, reversed, ok bool) {
	m := reEnds.FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[3] == "" {
		return s, false, true
	}
	start, body, end := m[1], m[2], m[3]
	if (start == "N" || start == "C" || end == "N" || end == "C") && (len(body) < 4 || strings.ContainsAny(body, " -–") && !reThree.MatchString(body)) {
		return s, false, true
	}
	norm := strings.NewReplacer("′", "'").Replace
	switch pair := norm(start) + "…" + norm(end); pair {
	case "5'…3'", "5'…", "…3'", "N…C":
		return body, false, true
	case "3'…5'", "C…N":
		return body, true, true
	}
	// Ends that do not pair, or one N or C alone (MKTAYIA-C: a terminus or
	// the residue C?).
	return "", false, false
}

// sequenceBody reads a sequence without its ends.
func sequenceBody(s string, hinted bool) (string, seqKind) {
	if reThree.MatchString(s) {
		var b strings.Builder
		for _, code := range reCode.FindAllString(s, -1) {
			aa, ok := aminoAcids[strings.ToLower(code)]
			if strings.EqualFold(code, "Hyp") {
				aa, ok = nonstandard[0], true
			}
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

// reDashedOne reads one-letter codes joined by hyphens or middle dots:
// M-K-T.
var reDashedOne = regexp.MustCompile(`^[A-Z](?:[\-–·][A-Z])+$`)

// dashedProtein reports whether s is a protein sequence of three residues
// or more in one-letter codes joined by hyphens, with a letter beyond A-J
// so that it is no range of option letters (A-C).
func dashedProtein(s string) bool {
	s = strings.TrimSpace(s)
	t := reSeqJunk.ReplaceAllString(s, "")
	return len(t) >= 3 && reDashedOne.MatchString(s) && reOneAll.MatchString(t) && strings.ContainsAny(t, "KLMNPQRSTVWYBZXUO")
}

// aminoAcidNames are the residues' names, for one residue named against
// its code.
var aminoAcidNames = map[string]byte{
	"alanine": 'A', "arginine": 'R', "asparagine": 'N', "aspartate": 'D', "aspartic acid": 'D', "cysteine": 'C',
	"glutamine": 'Q', "glutamate": 'E', "glutamic acid": 'E', "glycine": 'G', "histidine": 'H', "isoleucine": 'I',
	"leucine": 'L', "lysine": 'K', "methionine": 'M', "phenylalanine": 'F', "proline": 'P', "serine": 'S',
	"threonine": 'T', "tryptophan": 'W', "tyrosine": 'Y', "valine": 'V', "selenocysteine": 'U', "pyrrolysine": 'O',
	"hydroxyproline": nonstandard[0],
}

// residue reads one amino acid written as its three-letter code (Trp) or
// its name (tryptophan).
func residue(s string) (byte, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 3 && (s[0] >= 'A' && s[0] <= 'Z') {
		if strings.EqualFold(s, "Hyp") {
			return nonstandard[0], true
		}
		aa, ok := aminoAcids[strings.ToLower(s)]
		return aa, ok && aa != 'B' && aa != 'Z' && aa != 'X'
	}
	aa, ok := aminoAcidNames[strings.ToLower(s)]
	return aa, ok
}

// tryResidue compares a residue's three-letter code with its name (Trp
// against tryptophan). Two different residues are not equal in every
// notation (Trp against Tyr, tryptophan against tyrosine), and neither is
// a residue against the one-letter code of another (Trp against Y:
// tyrosine, yttrium or a letter, but never tryptophan) when that letter is
// no option letter (A-J) and stands for one residue (not B, Z, X, U or
// O). A residue against its own one-letter code (W: also tungsten, watts)
// is left to the rules below, which leave it undecided; so are Asx, Glx
// and Xaa, which stand for several.
func tryResidue(g, p string) (Result, bool) {
	ga, gok := residue(g)
	pa, pok := residue(p)
	if gok && !pok {
		if l, ok := otherResidueLetter(p); ok && l != ga {
			return Result{Verdict: NotEqual, Rule: "sequence", Reason: fmt.Sprintf("residue %c against the one-letter code of residue %c", ga, l), Gold: string(ga), Pred: string(l)}, true
		}
	}
	if pok && !gok {
		if l, ok := otherResidueLetter(g); ok && l != pa {
			return Result{Verdict: NotEqual, Rule: "sequence", Reason: fmt.Sprintf("the one-letter code of residue %c against residue %c", l, pa), Gold: string(l), Pred: string(pa)}, true
		}
	}
	gname, pname := aminoAcidNames[strings.ToLower(strings.TrimSpace(g))] != 0, aminoAcidNames[strings.ToLower(strings.TrimSpace(p))] != 0
	if !gok || !pok || gname == pname && ga == pa {
		return Result{}, false
	}
	r := decided(ga == pa, "sequence", "residues %c vs %c", ga, pa)
	r.Gold, r.Pred = string(ga), string(pa)
	return r, true
}

// otherResidueLetter reads s as one capital letter that is the one-letter
// code of a single standard residue and no option letter (A-J): K, L, M,
// N, P, Q, R, S, T, V, W or Y.
func otherResidueLetter(s string) (byte, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 1 || !strings.Contains("KLMNPQRSTVWY", s) {
		return 0, false
	}
	return s[0], true
}

func (c *cmpr) trySeq(g, p string) (Result, bool) {
	if r, ok := tryResidue(g, p); ok {
		return r, true
	}
	if dashedProtein(g) && (dashedProtein(p) || reOneAll.MatchString(strings.TrimSpace(p))) ||
		dashedProtein(p) && reOneAll.MatchString(strings.TrimSpace(g)) {
		return c.compareSeq(g, p), true
	}
	if nucleicShort(g) && nucleicShort(p) {
		return c.compareSeq(g, p), true
	}
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
	gs, gk, _ := orientedSequence(g, true)
	ps, pk, _ := orientedSequence(p, true)
	if gk == seqNone || pk == seqNone {
		return undecided("sequence", "not understood as sequences")
	}
	// A sequence written from its 3' (or C) end carries both ends'
	// labels (seqEnds), and is read as they say: 3'-ACATTAG-5' is GATTACA.
	// DNA against RNA (T against U) is a transcription question.
	if gk == seqNucleic && pk == seqNucleic && strings.ContainsRune(gs, 'T') != strings.ContainsRune(ps, 'T') &&
		(strings.ContainsRune(gs, 'U') || strings.ContainsRune(ps, 'U')) {
		if strings.ReplaceAll(gs, "U", "T") == strings.ReplaceAll(ps, "U", "T") {
			return Result{Verdict: Undecided, Rule: "sequence", Reason: "the same bases read as DNA and as RNA", Gold: gs, Pred: ps}
		}
	}
	if strings.Contains(gs, nonstandard) || strings.Contains(ps, nonstandard) {
		return compareNonstandard(gs, ps)
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

// nonstandard stands for hydroxyproline (Hyp) in a sequence read from
// three-letter codes: it has no standard one-letter code, and collagen's
// Gly-Pro-Hyp is often written GPO, so it is another residue than any of
// the twenty, and undecided against O (pyrrolysine's code) and X.
const nonstandard = "h"

// compareNonstandard compares sequences of which one holds hydroxyproline:
// not equal when the lengths or one position provably differ, undecided
// when Hyp meets O or X, else equal.
func compareNonstandard(gs, ps string) Result {
	if len(gs) != len(ps) {
		return Result{Verdict: NotEqual, Rule: "sequence", Reason: fmt.Sprintf("%d residues vs %d", len(gs), len(ps)), Gold: gs, Pred: ps}
	}
	open := false
	for i := range gs {
		a, b := gs[i], ps[i]
		switch {
		case a == b:
		case a == nonstandard[0] && (b == 'O' || b == 'X'), b == nonstandard[0] && (a == 'O' || a == 'X'):
			open = true
		default:
			return Result{Verdict: NotEqual, Rule: "sequence", Reason: fmt.Sprintf("%d residues vs %d, first difference at position %d", len(gs), len(ps), i+1), Gold: gs, Pred: ps}
		}
	}
	if open {
		return Result{Verdict: Undecided, Rule: "sequence", Reason: "hydroxyproline (Hyp) against O or X: collagen's GPO, or another residue", Gold: gs, Pred: ps}
	}
	return Result{Verdict: Equal, Rule: "sequence", Reason: fmt.Sprintf("%d residues", len(gs)), Gold: gs, Pred: ps}
}

var (
	reNuclUpper = regexp.MustCompile(`^[ACGTU]{4,}$`)
	reNuclLower = regexp.MustCompile(`^[acgtu]{4,}$`)
	rePrimeEnds = regexp.MustCompile(`^(?:5'|5′|3'|3′)[\s\-–]*[ACGTUacgtu]+[\s\-–]*(?:5'|5′|3'|3′)$`)
)

// nucleicShort reports whether s is a nucleic acid of four bases or more,
// shorter than sequenceBody reads alone: between 5' and 3' ends, or a
// run of A, C, G, T and U in one case (ATGC against TACG). A shorter run
// (CAT, ACT) may be a word or letters of another kind; a run with other
// letters is read as a sequence only from six letters on.
func nucleicShort(s string) bool {
	s = strings.TrimSpace(s)
	return reNuclUpper.MatchString(s) || reNuclLower.MatchString(s) || rePrimeEnds.MatchString(s)
}
