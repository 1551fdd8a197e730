// Package ingest reads benchmark definitions and submissions from disk into
// board types. It is the first stage of the pipeline and the only one, with
// publish, that touches the file system; it decides nothing about scores.
//
// Input problems are collected, not returned one at a time: every reader
// returns board.Problems naming file, line and field for each bad record.
// A bad record is never scored from a guess: the caller stops (exit 1).
package ingest
