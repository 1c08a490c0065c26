#!/bin/sh
# The container's run stage, without Docker: the compiled build (dist/) with production dependencies
# only. The build holds the bot alone: none of the development tools (src/dev: the simulator, the
# playground, the Telegram stand-in). Every module of the entry points must load (ES imports resolve
# before main runs): a missing production dependency fails here, while a complete build stops at the
# configuration check, saying that the bot needs BOT_TOKEN.
set -eu
cd "$(dirname "$0")/.."
for dev in dist/dev dist/simulator dist/playground dist/playground-app dist/telegram/stand-in; do
  if [ -e "$dev" ]; then
    echo "check-production: $dev is in the build: the development tools (src/dev) must stay out of dist/" >&2
    exit 1
  fi
done
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R package.json package-lock.json dist locales node_modules "$stage"/
(cd "$stage" && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1)
if [ -d "$stage/node_modules/tsx" ] || [ -d "$stage/node_modules/vitest" ]; then
  echo "check-production: development dependencies left in the run stage" >&2
  exit 1
fi
# NODE_ENV=production as in the container; no BOT_TOKEN, so each entry point stops at its configuration.
for entry in main.js rotate-keys.js; do
  out="$(cd "$stage" && env -i PATH="$PATH" NODE_ENV=production timeout 60 node "dist/$entry" 2>&1 || true)"
  case "$entry:$out" in
    main.js:*"BOT_TOKEN is required"*"playground is not part of the build"*) ;;
    main.js:*) echo "check-production: dist/main.js without BOT_TOKEN did not say that it needs one:" >&2; echo "$out" >&2; exit 1 ;;
  esac
  case "$out" in
    *"Invalid configuration"*) echo "check-production: dist/$entry loads with production dependencies only" ;;
    *) echo "check-production: dist/$entry failed to load:" >&2; echo "$out" >&2; exit 1 ;;
  esac
done
