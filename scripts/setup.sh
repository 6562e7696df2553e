#!/usr/bin/env bash
# Installs what hgrd needs on a Debian or Ubuntu machine: clang-14 and opt-14
# (the front end), libz3-dev (the solver, linked through cgo), the header-only
# CUDA libraries thrust, cub and libcu++ (programs that include them compile
# against the prelude), and the Go modules pinned in go.sum. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(clang-14 llvm-14 libz3-dev gcc pre-commit vim libthrust-dev libcub-dev libcu++-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v go >/dev/null || { echo "setup: Go is not installed (https://go.dev/doc/install)" >&2; exit 1; }
go mod download
