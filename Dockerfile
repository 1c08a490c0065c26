# syntax=docker/dockerfile:1
# Multi-stage build: compile TypeScript with every dependency, then run the compiled bot (dist/) with
# production dependencies only, as a non-root user. The image holds the bot alone: no development tool,
# so without BOT_TOKEN it stops, saying so. The Node version matches .node-version.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
# The bot's sources only: .dockerignore leaves out src/dev (the simulator, the playground, the Telegram
# stand-in), which the build never compiles and the bot never imports (docs/decisions/053-dev-tools-apart.md).
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24.21.0-bookworm-slim AS run
# NODE_OPTIONS: the runtime options of `npm run start:prod` (package.json, "config.node_options"),
# documented Node options only (docs/operations.md, "Runtime options").
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=/data/bot.sqlite \
    NODE_OPTIONS="--max-semi-space-size=16"
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node locales ./locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 when the process, the database and the service are reachable, 503 otherwise.
# The check runs inside the container, so it reaches the server in polling mode too, where it listens
# on loopback only; a probe from outside the container (Kubernetes) needs WEB_HOST=0.0.0.0.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM goes straight to node (no shell in between), which shuts down within SHUTDOWN_TIMEOUT_SECONDS.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
