#!/usr/bin/env bash
# Sets up a fresh machine (scripts/setup.sh) and runs hgrd's checks: gofmt,
# go vet, and every test, the examples' accuracy record included.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt: these files need formatting:" >&2
  echo "$unformatted" >&2
  exit 1
fi
go vet ./...
go test -count=1 -timeout 30m ./...
