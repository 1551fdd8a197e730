//go:build !linux

package publish

// swap puts tmp in place of dir and returns where the previous site went
// ("" if there was none). Without an atomic exchange this is two renames;
// see the package comment.
func swap(tmp, dir string, opt Options) (string, *Error) {
	return swapRenames(tmp, dir, opt)
}
