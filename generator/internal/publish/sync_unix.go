//go:build unix

package publish

// canSyncDirs: a folder's entries are made durable by syncing the folder.
const canSyncDirs = true
