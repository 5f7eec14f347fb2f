#!/usr/bin/env bash
# The static checks of `npm test`, two at a time on a 2-core machine: each next check starts as soon as one ends, the
# longest first, so no core waits for the slowest of a pair (waiting for pairs left one idle while ESLint ran on). The
# copy detector (jscpd) takes about 1 s. Each prints its own lines; any failure fails the whole.
#
# TypeScript's errors come from ESLint (scripts/typescript-diagnostics.mjs), out of the program its type-aware rules
# build anyway: tsc beside it built the same program again, about 50 s of CPU. But ESLint's cache (.tmp/eslint/, left
# by an earlier run) skips the files that did not change, and a change in one file can put an error in another: with a
# cache there, tsc runs too. A fresh clone (CI) has none.
set -u
checks=(lint lint:dead format:check i18n:check copy:check)
if [ -n "$(ls -A .tmp/eslint 2> /dev/null)" ]; then checks=(lint typecheck lint:dead format:check i18n:check copy:check); fi
slots=2
status=0
running=0
for script in "${checks[@]}"; do
  if [ "$running" -ge "$slots" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  npm run --silent "$script" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit "$status"
