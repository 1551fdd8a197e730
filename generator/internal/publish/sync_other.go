//go:build !unix

package publish

// canSyncDirs is false where a folder cannot be opened for syncing
// (Windows); its entries are then as durable as the file system makes
// them.
const canSyncDirs = false
