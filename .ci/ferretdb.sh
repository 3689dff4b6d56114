#!/usr/bin/env bash
# FerretDB (a MongoDB-wire server on SQLite, pure Go) for the Mongo store suite.
#
#   .ci/ferretdb.sh build   builds v1.24.2 into the cache once (needs Go and the Go module proxy)
#   .ci/ferretdb.sh start   starts it on a free loopback port with a temp data dir; prints the URI
#   .ci/ferretdb.sh stop    stops the one `start` started and removes its data
#   .ci/ferretdb.sh bin     prints where the binary is (built or not), for tests that run their own
#
# `go install …@v1.24.2` does not work here (the proxy refuses the module's version list), so the
# build goes through a throwaway module. FerretDB's own build writes build/version/version.txt;
# a module-cache copy lacks it and the binary panics at start, so the build uses a writable copy
# of the source with that file filled in.
set -euo pipefail

VERSION=v1.24.2
CACHE_DIR="${IDV_FERRETDB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/idv-ferretdb}"
BIN="$CACHE_DIR/ferretdb-$VERSION"
RUN_DIR="${IDV_FERRETDB_RUN_DIR:-${TMPDIR:-/tmp}/idv-ferretdb-$(id -u)}"

build() {
  if [[ -x "$BIN" ]]; then return 0; fi
  command -v go >/dev/null || { echo "ferretdb.sh: Go is needed to build FerretDB" >&2; exit 1; }
  mkdir -p "$CACHE_DIR"
  local work
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' RETURN
  (
    cd "$work"
    go mod init ferretbuild >/dev/null 2>&1
    go get "github.com/FerretDB/FerretDB/cmd/ferretdb@$VERSION" 2>get.log || { cat get.log >&2; exit 1; }
    cp -r "$(go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB)" src
    chmod -R u+w src
    echo "$VERSION" > src/build/version/version.txt
    go mod edit -replace github.com/FerretDB/FerretDB=./src
    go build -o "$BIN.tmp" github.com/FerretDB/FerretDB/cmd/ferretdb
  )
  mv "$BIN.tmp" "$BIN"
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

start() {
  build
  if [[ -f "$RUN_DIR/pid" ]] && kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null; then
    cat "$RUN_DIR/uri"
    return 0
  fi
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR/data"
  local port
  port="$(free_port)"
  "$BIN" --handler=sqlite --sqlite-url="file:$RUN_DIR/data/" --state-dir="$RUN_DIR" \
    --listen-addr="127.0.0.1:$port" --debug-addr=- --telemetry=disable --log-level=warn \
    >"$RUN_DIR/log" 2>&1 &
  echo $! > "$RUN_DIR/pid"
  for _ in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "mongodb://127.0.0.1:$port/" | tee "$RUN_DIR/uri"
      return 0
    fi
    if ! kill -0 "$(cat "$RUN_DIR/pid")" 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "ferretdb.sh: FerretDB did not start; its log:" >&2
  cat "$RUN_DIR/log" >&2
  stop
  exit 1
}

stop() {
  if [[ -f "$RUN_DIR/pid" ]]; then
    local pid
    pid="$(cat "$RUN_DIR/pid")"
    if kill "$pid" 2>/dev/null; then
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$RUN_DIR"
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  stop) stop ;;
  bin) echo "$BIN" ;;
  *) echo "usage: $0 build|start|stop|bin" >&2; exit 2 ;;
esac
