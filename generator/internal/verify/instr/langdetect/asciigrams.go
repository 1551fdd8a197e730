package langdetect

import "sync"

// asciiGrams holds the result of lookup for every n-gram of ASCII letters
// and spaces, which is what nearly every n-gram of a Latin-script text is
// once normalised: one read of a table of 600 KB instead of a probe of the
// hash table and a read of the keys it points to, each in megabytes.
type asciiGrams []int32

// asciiCode numbers the ASCII characters an n-gram may hold after
// normalize: the space 0, A-Z 1 to 26, a-z 27 to 52; 0xff for any other.
var asciiCode = func() (t [128]byte) {
	for i := range t {
		switch c := byte(i); {
		case c == ' ':
			t[i] = 0
		case 'A' <= c && c <= 'Z':
			t[i] = 1 + c - 'A'
		case 'a' <= c && c <= 'z':
			t[i] = 27 + c - 'a'
		default:
			t[i] = 0xff
		}
	}
	return t
}()

const asciiN = 53

// asciiSlot is where the n-gram of codes c (one to three) sits in
// asciiGrams: the 53 unigrams, then the 53² bigrams, then the 53³
// trigrams.
func asciiSlot(c []int) int {
	switch len(c) {
	case 1:
		return c[0]
	case 2:
		return asciiN + c[0]*asciiN + c[1]
	}
	return asciiN + asciiN*asciiN + (c[0]*asciiN+c[1])*asciiN + c[2]
}

var asciiOf = func() func(*model) asciiGrams {
	var once sync.Once
	var t asciiGrams
	return func(m *model) asciiGrams {
		once.Do(func() {
			t = make(asciiGrams, asciiN+asciiN*asciiN+asciiN*asciiN*asciiN)
			var letters [asciiN]rune
			for c := range 128 {
				if asciiCode[c] != 0xff {
					letters[asciiCode[c]] = rune(c)
				}
			}
			var c [3]int
			var w [3]rune
			for n := 1; n <= 3; n++ {
				for k := range pow(asciiN, n) {
					for i, v := 0, k; i < n; i, v = i+1, v/asciiN {
						c[n-1-i] = v % asciiN
						w[n-1-i] = letters[v%asciiN]
					}
					t[asciiSlot(c[:n])] = int32(m.lookup(gramKey(w[:n])))
				}
			}
		})
		return t
	}
}()

func pow(b, n int) int {
	p := 1
	for range n {
		p *= b
	}
	return p
}
