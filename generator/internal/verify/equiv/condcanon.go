package equiv

// The canonical tree of a condensed formula's reading (condensed.go):
// valences checked, bond orders fixed, the least rooted string.

import (
	"sort"
	"strconv"
	"strings"
)

// condCanon checks that the tree's valences can be met (peeling leaves:
// a leaf's missing valence goes to its one bond, at most a triple bond)
// and returns its canonical string.
func condCanon(atoms []condAtom) (string, bool) {
	n := len(atoms)
	if n == 0 {
		return "", false
	}
	free, ok := condFree(atoms)
	if !ok || !condFixOrders(atoms, free) || !condConnected(atoms) {
		return "", false
	}
	best := ""
	for r := 0; r < n; r++ {
		c := condRooted(atoms, r, -1)
		if best == "" || c < best {
			best = c
		}
	}
	return best, true
}

// condFree returns each atom's valence left after its hydrogens and its
// bonds (each at least single), or false when one is over its valence.
func condFree(atoms []condAtom) ([]int, bool) {
	free := make([]int, len(atoms))
	for i, a := range atoms {
		free[i] = condValence[a.elem] - a.h
		for _, o := range a.ord {
			free[i] -= max(o, 1)
		}
		if free[i] < 0 {
			return nil, false
		}
	}
	return free, true
}

// condFixOrders peels leaves: explicit bonds are fixed, and a leaf's
// missing valence goes to its one unfixed bond (at most a triple bond).
// It uses up free and returns false when the valences cannot all be met.
func condFixOrders(atoms []condAtom, free []int) bool {
	n := len(atoms)
	// Explicit bonds are fixed; the other bonds take the rest.
	done := make([]bool, n)
	edgeDone := map[[2]int]bool{}
	key := func(a, b int) [2]int {
		if a > b {
			a, b = b, a
		}
		return [2]int{a, b}
	}
	for i, a := range atoms {
		for k, b := range a.nbr {
			if a.ord[k] != 0 {
				edgeDone[key(i, b)] = true
			}
		}
	}
	remaining := make([]int, n) // bonds not yet fixed
	for i, a := range atoms {
		for _, b := range a.nbr {
			if !edgeDone[key(i, b)] {
				remaining[i]++
			}
		}
	}
	queue := []int{}
	for i := range atoms {
		if remaining[i] <= 1 {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if done[i] {
			continue
		}
		done[i] = true
		if remaining[i] == 0 {
			if free[i] != 0 {
				return false
			}
			continue
		}
		// one unfixed bond: it takes free[i] extra orders
		for _, b := range atoms[i].nbr {
			if edgeDone[key(i, b)] {
				continue
			}
			if free[i] > 2 || free[b] < free[i] {
				return false
			}
			free[b] -= free[i]
			free[i] = 0
			edgeDone[key(i, b)] = true
			remaining[i]--
			remaining[b]--
			if remaining[b] <= 1 {
				queue = append(queue, b)
			}
			break
		}
	}
	for i := range atoms {
		if !done[i] || free[i] != 0 {
			return false
		}
	}
	return true
}

// condConnected reports whether the tree is connected.
func condConnected(atoms []condAtom) bool {
	n := len(atoms)
	seen := make([]bool, n)
	stack := []int{0}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range atoms[v].nbr {
			if !seen[w] {
				seen[w] = true
				count++
				stack = append(stack, w)
			}
		}
	}
	return count == n
}

// condRooted returns the canonical string of the tree rooted at v,
// coming from parent (-1 at the root): its kids' strings sorted.
func condRooted(atoms []condAtom, v, parent int) string {
	var kids []string
	for _, w := range atoms[v].nbr {
		if w != parent {
			kids = append(kids, condRooted(atoms, w, v))
		}
	}
	sort.Strings(kids)
	return atoms[v].elem + "H" + strconv.Itoa(atoms[v].h) + "(" + strings.Join(kids, ",") + ")"
}
