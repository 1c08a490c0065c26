#!/bin/sh
# The container's run stage, without Docker: the compiled build (dist/) with production dependencies
# only. Every module of the entry points must load (ES imports resolve before main runs): a missing
# production dependency fails here, while a complete build stops at the configuration check.
set -eu
cd "$(dirname "$0")/.."
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R package.json package-lock.json dist locales node_modules "$stage"/
(cd "$stage" && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1)
if [ -d "$stage/node_modules/tsx" ] || [ -d "$stage/node_modules/vitest" ]; then
  echo "check-production: development dependencies left in the run stage" >&2
  exit 1
fi
# NODE_ENV=production as in the container: without it (and without BOT_TOKEN) main.js starts the
# offline playground and never exits.
for entry in main.js rotate-keys.js; do
  out="$(cd "$stage" && env -i PATH="$PATH" NODE_ENV=production timeout 60 node "dist/$entry" 2>&1 || true)"
  case "$out" in
    *"Invalid configuration"*) echo "check-production: dist/$entry loads with production dependencies only" ;;
    *) echo "check-production: dist/$entry failed to load:" >&2; echo "$out" >&2; exit 1 ;;
  esac
done
