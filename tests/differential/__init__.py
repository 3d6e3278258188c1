"""The differential test's harness: drawn cases on a real server (case), every path's reading (paths),
replays (replay)."""
