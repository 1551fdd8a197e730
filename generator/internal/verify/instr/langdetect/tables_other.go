//go:build !unix

package langdetect

// tableBytes returns n bytes of zeroed memory, 8-byte aligned (the heap's
// blocks of 8 bytes and more are), for tables kept as long as the program
// runs.
func tableBytes(n int) []byte { return make([]byte, n) }
