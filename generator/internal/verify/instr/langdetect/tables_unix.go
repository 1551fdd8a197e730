//go:build unix

package langdetect

import "syscall"

// tableBytes returns n bytes of zeroed memory, 8-byte aligned, for tables
// kept as long as the program runs. They are mapped outside Go's heap, so
// the collector neither scans them nor counts them in the heap it lets
// grow (at GOGC=200, three times what is live: 2 MB of tables would be 6 MB
// more peak); the kernel gives pages as they are written.
func tableBytes(n int) []byte {
	if n == 0 {
		return nil
	}
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n)
	}
	return b
}
