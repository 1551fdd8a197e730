package equiv

import (
	"strconv"
	"strings"
)

// Condensed structural formulas (CH3CH2OH, CH3CH(OH)CH3, (CH3)2CO,
// CH3(CH2)2CH3, HCOOCH3) read into the tree of their heavy atoms, each
// with its hydrogens. A condensed formula is written atom by atom: each
// atom bonds to the one before it or to an earlier atom still open on the
// path back to the first (COOH: both O on the C), a parenthesised group
// is a branch on the atom before it (or on the atom after a leading
// group) or, with a count, a repeated piece of chain, and C2H5 and C6H5
// are ethyl and phenyl, NO2 a nitro group. Every reading whose valences add up (C 4, N 3,
// O 2, halogens 1; bond orders at most 3) is found; the formula denotes a
// structure only when all of them are the same tree. Sulfur is read with
// each of its valences 2, 4 and 6; charges, P and other elements that
// take several valences are not read. An acyclic
// tree with hydrogen counts fixes the bond orders, so two formulas with
// the same canonical tree are the same compound, and two with different
// trees are different compounds (constitutional isomers).

var condValence = map[string]int{"C": 4, "N": 3, "O": 2, "F": 1, "Cl": 1, "Br": 1, "I": 1, "Ph": 1, "NO2": 1,
	"S2": 2, "S4": 4, "S6": 6}

// Sulfur takes valence 2, 4 or 6 ((CH3)2S, (CH3)2SO, (CH3)2SO2), 2 only
// with a hydrogen (CH3SH): each reading tries every valence of each S (at
// most condMaxSulfur of them),
// and the tree names the valence (S4), so that a formula whose readings
// need two valences (CH3SOCH3: a sulfenate or DMSO) denotes no structure.
const condMaxSulfur = 3

var sulfurValences = []string{"S2", "S4", "S6"}

// condOp is one step of a reading: an atom, or the start or end of a
// branch.
type condOp struct {
	kind  byte // 'a' atom, '(' branch start, ')' branch end
	elem  string
	h     int
	order int // an explicit bond to the atom before (2 for =, 3 for ≡), else 0
}

const condMaxAtoms = 40

// condensedStructure returns the canonical tree of a condensed formula
// (cleaned: no subscripts or spaces), or false when it is not read or its
// readings disagree.
func condensedStructure(s string) (string, bool) {
	if len(s) == 0 || len(s) > 80 {
		return "", false
	}
	progs, ok := condPrograms(s)
	if !ok || len(progs) == 0 || len(progs) > 16 {
		return "", false
	}
	canon := ""
	budget := 20000
	for _, prog := range progs {
		for _, p := range sulfurVariants(prog) {
			ok := condReadings(p, &budget, func(c string) bool {
				if canon == "" {
					canon = c
				}
				return c == canon
			})
			if !ok {
				return "", false
			}
		}
	}
	return canon, canon != ""
}

// sulfurVariants returns prog with each S given each of its valences, or
// none when it has more S atoms than condMaxSulfur.
func sulfurVariants(prog []condOp) [][]condOp {
	var at []int
	for i, op := range prog {
		if op.kind == 'a' && op.elem == "S" {
			at = append(at, i)
		}
	}
	if len(at) > condMaxSulfur {
		return nil
	}
	out := [][]condOp{prog}
	for _, i := range at {
		vals := sulfurValences
		if prog[i].h > 0 {
			vals = vals[:1] // a thiol's S: H-S(=CH2)CH3 and its kind are no reading
		}
		var next [][]condOp
		for _, p := range out {
			for _, v := range vals {
				q := append([]condOp(nil), p...)
				q[i].elem = v
				next = append(next, q)
			}
		}
		out = next
	}
	return out
}

// condPiece is one piece of a formula: a run of atoms (ops), or a
// parenthesised group (group) with its count, leading when it comes
// before the first atom outside parentheses.
type condPiece struct {
	ops   []condOp
	group []condOp // the content of a group
	count int
	// counted: the count is written ((CH2)2); a group without one is a
	// branch (CH3S(O)CH3), never a piece of chain.
	counted bool
	lead    bool
}

// condPrograms expands the formula into flat programs, one per choice of
// reading for each parenthesised group with a count (branches, or a piece
// of chain).
func condPrograms(s string) ([][]condOp, bool) {
	// HOOC and HO2C lead a carboxyl written from its hydrogen
	// (HOOCCH2COOH): both oxygens are on the carbon after them, which
	// the reading atom by atom would take for a peroxide. A carbon
	// with hydrogens after them (HOOCH3) is read as written.
	for _, r := range [][2]string{{"HOOC", "(COOH)"}, {"HO2C", "(CO2H)"}} {
		if rest, ok := strings.CutPrefix(s, r[0]); ok && rest != "" && rest[0] != 'H' {
			s = r[1] + rest
			break
		}
	}
	leadH := 0
	i := 0
	// Leading hydrogens belong to the first heavy atom: HCOOH, H2NCH2.
	if strings.HasPrefix(s, "H") && !strings.HasPrefix(s, "Hg") {
		i = 1
		n, j := condCount(s, i)
		leadH, i = n, j
	}
	pieces, ok := condPieces(s, i)
	if !ok {
		return nil, false
	}
	progs, ok := condExpand(pieces)
	if !ok {
		return nil, false
	}
	if leadH > 0 && !condAddLeadH(progs, leadH) {
		return nil, false
	}
	return progs, true
}

// condPieces splits s[i:] into runs of atoms and parenthesised groups
// with their counts, or returns false when a piece is not read, a count
// is over 12, the formula has more than condMaxAtoms atoms, or it has no
// atom outside parentheses.
func condPieces(s string, i int) ([]condPiece, bool) {
	var pieces []condPiece
	atoms := 0
	seenAtom := false
	for i < len(s) {
		switch {
		case s[i] == '(':
			d, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '(' {
					d++
				} else if s[j] == ')' {
					d--
					if d == 0 {
						break
					}
				}
			}
			if j >= len(s) || j == i+1 {
				return nil, false
			}
			inner, ok := condAtoms(s[i+1 : j])
			if !ok {
				return nil, false
			}
			n, k := condCount(s, j+1)
			if n > 12 {
				return nil, false
			}
			atoms += len(inner) * n
			pieces = append(pieces, condPiece{group: inner, count: n, counted: k > j+1, lead: !seenAtom})
			i = k
		default:
			j := i
			for j < len(s) && s[j] != '(' {
				j++
			}
			ops, ok := condAtoms(s[i:j])
			if !ok {
				return nil, false
			}
			seenAtom = true
			atoms += len(ops)
			pieces = append(pieces, condPiece{ops: ops})
			i = j
		}
		if atoms > condMaxAtoms {
			return nil, false
		}
	}
	if !seenAtom {
		return nil, false
	}
	return pieces, true
}

// condExpand turns the pieces into flat programs: a group with a count
// is read as that many branches and, unless it leads or starts with an
// explicit bond, also as a repeated piece of chain. It returns false
// when there would be more than 16 programs.
func condExpand(pieces []condPiece) ([][]condOp, bool) {
	progs := [][]condOp{nil}
	for _, p := range pieces {
		if p.group == nil {
			for k := range progs {
				progs[k] = append(progs[k], p.ops...)
			}
			continue
		}
		branch := []condOp{}
		for r := 0; r < p.count; r++ {
			branch = append(branch, condOp{kind: '('})
			branch = append(branch, p.group...)
			branch = append(branch, condOp{kind: ')'})
		}
		var next [][]condOp
		for _, prog := range progs {
			next = append(next, append(append([]condOp{}, prog...), branch...))
			if !p.lead && p.counted && p.group[0].order == 0 {
				var chain []condOp
				for r := 0; r < p.count; r++ {
					chain = append(chain, p.group...)
				}
				next = append(next, append(append([]condOp{}, prog...), chain...))
			}
		}
		progs = next
		if len(progs) > 16 {
			return nil, false
		}
	}
	return progs, true
}

// condAddLeadH gives leading hydrogens to the first atom of each
// program, in place; it returns false when a program starts with a
// group (H(CH3)...), which is not read.
func condAddLeadH(progs [][]condOp, leadH int) bool {
	for _, prog := range progs {
		for k := range prog {
			if prog[k].kind == 'a' {
				if k > 0 && prog[0].kind == '(' {
					return false // H(CH3)...: not read
				}
				prog[k].h += leadH
				break
			}
		}
	}
	return true
}

// condCount reads a count at s[i:], 1 when there is none.
func condCount(s string, i int) (int, int) {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 1, i
	}
	n, err := strconv.Atoi(s[i:j])
	if err != nil || n == 0 || n > 99 {
		return 100, j
	}
	return n, j
}

// condAtoms reads a run of atoms without parentheses: CH3CH2, OH, CCl3,
// CH2=CH, C2H5 (ethyl), C6H5 (phenyl).
func condAtoms(s string) ([]condOp, bool) {
	var ops []condOp
	order := 0
	for i := 0; i < len(s); {
		switch {
		case s[i] == '=':
			order = 2
			i++
			continue
		case strings.HasPrefix(s[i:], "≡"):
			order = 3
			i += len("≡")
			continue
		case s[i] == '#':
			order = 3
			i++
			continue
		case strings.HasPrefix(s[i:], "C6H5") && !(len(s) > i+4 && s[i+4] >= '0' && s[i+4] <= '9'):
			ops = append(ops, condOp{kind: 'a', elem: "Ph", order: order})
			i += 4
			order = 0
			continue
		case strings.HasPrefix(s[i:], "NO2") && !(len(s) > i+3 && (s[i+3] >= '0' && s[i+3] <= '9' || s[i+3] == 'H')):
			// A nitro group, R-NO2 (a nitrite is written R-ONO): one
			// piece whose charges the valences above do not describe.
			ops = append(ops, condOp{kind: 'a', elem: "NO2", order: order})
			i += 3
			order = 0
			continue
		case strings.HasPrefix(s[i:], "C2H5") && !(len(s) > i+4 && s[i+4] >= '0' && s[i+4] <= '9'):
			ops = append(ops, condOp{kind: 'a', elem: "C", h: 2, order: order},
				condOp{kind: '('}, condOp{kind: 'a', elem: "C", h: 3}, condOp{kind: ')'})
			i += 4
			order = 0
			continue
		}
		var el string
		switch {
		case strings.HasPrefix(s[i:], "Cl"), strings.HasPrefix(s[i:], "Br"):
			el = s[i : i+2]
		case s[i] == 'C' || s[i] == 'N' || s[i] == 'O' || s[i] == 'F' || s[i] == 'I':
			el = s[i : i+1]
		case s[i] == 'S' && (i+1 == len(s) || s[i+1] < 'a' || s[i+1] > 'z'):
			el = "S" // Si, Sn, Se are other elements
		default:
			return nil, false
		}
		i += len(el)
		n, j := condCount(s, i)
		if n > 12 {
			return nil, false
		}
		i = j
		h := 0
		if i < len(s) && s[i] == 'H' && !strings.HasPrefix(s[i:], "Hg") {
			h, i = condCount(s, i+1)
			if h > 4 {
				return nil, false
			}
		}
		for r := 0; r < n; r++ {
			op := condOp{kind: 'a', elem: el}
			if r == 0 {
				op.order = order
			}
			if r == n-1 {
				op.h = h
			}
			ops = append(ops, op)
		}
		order = 0
	}
	if order != 0 || len(ops) == 0 {
		return nil, false
	}
	return ops, true
}

type condAtom struct {
	elem string
	h    int
	nbr  []int
	ord  []int // explicit orders of the bonds in nbr, 0 when free
}

// condReadings runs every reading of prog; each valid one is passed, as
// its canonical tree, to yield, which returns false to stop. It returns
// false when stopped or out of budget.
func condReadings(prog []condOp, budget *int, yield func(string) bool) bool {
	var atoms []condAtom
	var leads []int // the first atoms of leading groups
	stopped := false
	var rec func(k int, path []int, stack []condFrame)
	rec = func(k int, path []int, stack []condFrame) {
		if stopped {
			return
		}
		*budget--
		if *budget < 0 {
			stopped = true
			return
		}
		if k == len(prog) {
			if len(stack) != 0 || len(leads) != 0 {
				return
			}
			if c, ok := condCanon(atoms); ok && !yield(c) {
				stopped = true
			}
			return
		}
		op := prog[k]
		switch op.kind {
		case '(':
			if len(path) == 0 {
				// A leading group: its first atom bonds to the first atom
				// after the groups.
				rec(k+1, nil, pushFrame(stack, condFrame{path: nil, anchor: -1}))
				return
			}
			rec(k+1, nil, pushFrame(stack, condFrame{path: path, anchor: path[len(path)-1]}))
			return
		case ')':
			f := stack[len(stack)-1]
			rec(k+1, f.path, stack[:len(stack)-1])
			return
		}
		idx := len(atoms)
		atoms = append(atoms, condAtom{elem: op.elem, h: op.h})
		defer func() { atoms = atoms[:idx] }()
		inBranch := len(stack) > 0
		for _, t := range condTargets(op, path, stack) {
			newPath := condExtend(path, t, idx)
			if t >= 0 {
				if !condBond(atoms, t, idx, op.order) {
					continue
				}
				if len(path) == 0 {
					newPath = []int{idx}
				}
			} else if inBranch {
				leads = append(leads, idx)
				rec(k+1, newPath, stack)
				leads = leads[:len(leads)-1]
				continue
			} else if len(leads) > 0 {
				// The first atom after leading groups takes them.
				saved := leads
				ok := true
				n := 0
				for _, l := range saved {
					if !condBond(atoms, l, idx, 0) {
						ok = false
						break
					}
					n++
				}
				if ok {
					leads = nil
					rec(k+1, newPath, stack)
					leads = saved
				}
				for r := 0; r < n; r++ {
					condUnbond(atoms, saved[r], idx)
				}
				continue
			}
			rec(k+1, newPath, stack)
			if t >= 0 {
				condUnbond(atoms, t, idx)
			}
		}
	}
	rec(0, nil, nil)
	return !stopped
}

// pushFrame returns stack with f on top, in a new array: an append into
// the spare capacity of a stack that an earlier branch popped would write
// over a frame the readings still to be tried hold ((COOH)CH(CH3)CH3 lost
// its leading group's frame so).
func pushFrame(stack []condFrame, f condFrame) []condFrame {
	return append(stack[:len(stack):len(stack)], f)
}

// condFrame is an open branch of a reading: the path to return to at its
// end and the atom it hangs on (-1 for a leading group).
type condFrame struct {
	path   []int
	anchor int
}

// condTargets returns the atoms a new atom op may bond to, nearest
// first: the branch's anchor at the start of a branch, -1 for a root
// (the first atom, or the first of a leading group), the atom before
// for an explicit bond, else every atom still open on the path back.
func condTargets(op condOp, path []int, stack []condFrame) []int {
	inBranch := len(stack) > 0
	switch {
	case len(path) == 0 && inBranch && stack[len(stack)-1].anchor >= 0:
		return []int{stack[len(stack)-1].anchor}
	case len(path) == 0:
		return []int{-1} // a root: the first atom, or the first of a leading group
	case op.order != 0:
		return []int{path[len(path)-1]}
	}
	targets := make([]int, 0, len(path))
	for j := len(path) - 1; j >= 0; j-- {
		targets = append(targets, path[j])
	}
	return targets
}

// condExtend returns the path after atom idx bonds to t: the path up to
// t (closing what came after it), then idx; the whole path then idx
// when t is not on it (a root).
func condExtend(path []int, t, idx int) []int {
	for j, q := range path {
		if q == t {
			return append(append([]int{}, path[:j+1]...), idx)
		}
	}
	return append(append([]int{}, path...), idx)
}

// condBond bonds a and b if both still have room (each bond at least
// single, an explicit one of its order).
func condBond(atoms []condAtom, a, b, order int) bool {
	o := max(order, 1)
	for _, x := range []int{a, b} {
		used := atoms[x].h
		for k := range atoms[x].nbr {
			used += max(atoms[x].ord[k], 1)
		}
		if used+o > condValence[atoms[x].elem] {
			return false
		}
	}
	atoms[a].nbr, atoms[a].ord = append(atoms[a].nbr, b), append(atoms[a].ord, order)
	atoms[b].nbr, atoms[b].ord = append(atoms[b].nbr, a), append(atoms[b].ord, order)
	return true
}

func condUnbond(atoms []condAtom, a, b int) {
	for _, x := range [][2]int{{a, b}, {b, a}} {
		at := &atoms[x[0]]
		for k := len(at.nbr) - 1; k >= 0; k-- {
			if at.nbr[k] == x[1] {
				at.nbr = append(at.nbr[:k:k], at.nbr[k+1:]...)
				at.ord = append(at.ord[:k:k], at.ord[k+1:]...)
				break
			}
		}
	}
}
