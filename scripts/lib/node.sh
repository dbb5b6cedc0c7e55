# The project's Node: the exact release in .nvmrc, first on PATH, for every
# script (pnpm start, pnpm test, the benchmarks, CI) whatever Node the machine
# has. Source it and call use_project_node; sourcing alone changes nothing.
# shellcheck shell=bash

# use_project_node: puts the Node that .nvmrc names first on PATH. Keeps the
# one already there when it is that release (nvm, an earlier call); else uses
# .tools/node-<version>-<os>-<arch>, fetched once from the npm registry (the
# node-<os>-<arch> package holds the official binary; npm checks its integrity)
# with whichever npm the machine has. Exports PATH, NODE and npm_node_execpath
# (an outer pnpm on another Node sets those to its own), and npm_config_nodedir
# (the headers a native addon compiles against, so node-gyp never downloads them).
use_project_node() {
  local root want os arch dir tmp
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  want=$(tr -d ' \t\r\nv' <"$root/.nvmrc")
  case $(uname -s) in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) os=$(uname -s | tr '[:upper:]' '[:lower:]') ;;
  esac
  case $(uname -m) in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) arch=$(uname -m) ;;
  esac
  dir=$root/.tools/node-$want-$os-$arch
  if [[ $(command -v node) != "$dir/bin/node" && $(node -v 2>/dev/null) != "v$want" ]]; then
    if [[ ! -x $dir/bin/node ]]; then
      command -v npm >/dev/null || {
        echo "node: Node $want is needed and npm is missing to fetch it (install Node $want, e.g. nvm install)" >&2
        return 1
      }
      echo "node: fetching Node $want (node-$os-$arch) from the npm registry into .tools/" >&2
      mkdir -p "$root/.tools"
      tmp=$(mktemp -d "$root/.tools/.fetch.XXXXXX")
      if ! (cd "$tmp" && npm pack --silent "node-$os-$arch@$want" >/dev/null &&
        mkdir node && tar xzf node-*.tgz -C node --strip-components=1 &&
        [[ $(node/bin/node -v) == "v$want" ]]); then
        rm -rf "$tmp"
        echo "node: could not fetch node-$os-$arch@$want" >&2
        return 1
      fi
      # A concurrent fetch may have won; either copy is the same release.
      [[ -e $dir ]] || mv "$tmp/node" "$dir"
      rm -rf "$tmp"
    fi
    PATH=$dir/bin:$PATH
  fi
  NODE=$(command -v node)
  npm_node_execpath=$NODE
  export PATH NODE npm_node_execpath
  if [[ -d $dir/include/node ]]; then
    export npm_config_nodedir=$dir
  fi
}
