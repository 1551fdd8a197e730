// Package ingest is the bounded reader of the pipeline's input: Open,
// ReadFile and Lines read a file with limits on its size, its lines and its
// links, and every kind reads its benchmark folder and submission files
// through them. It reads the results folder into board.Submission values
// (metadata.yaml, the folder check) and writes nothing; it decides nothing
// about scores. It also still holds SciIF's own readers (items.jsonl and the
// catalog, responses.jsonl records, reported.yaml), which belong to
// kinds/sciif and take its sciifdata types.
//
// Input problems are collected, not returned one at a time: every reader
// returns board.Problems naming file, line and field for each bad record.
// A bad record is never scored from a guess: the caller stops (exit 1).
package ingest
