# The production image. scripts/image-tree.mjs reads this file's runtime-stage COPY lines, assembles the same tree
# without Docker and starts it as a non-root user with NODE_ENV=production (part of `npm test`): keep every file the
# runtime needs in a COPY line of that stage, and nothing it does not.
#
# Node 24.18.1, pinned by digest (the digest public Dockerfiles pin for node:24.18.1-bookworm-slim). Not a floating
# 24: better-sqlite3 12 compiled against Node >= 24.19 headers aborts the process when a statement is collected
# (nodejs/node#65446, `Assertion failed: (env) != nullptr`); 24.18.1 headers do not. Move past it with
# better-sqlite3 13 once Node 20 support is dropped (13 needs Node 22).
ARG NODE_IMAGE=node:24.18.1-bookworm-slim@sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7

# Everything built: the contracts' ABIs, the database package, the gateway, the admin bundle.
FROM ${NODE_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# The gateway's production dependencies alone (no admin sources' packages, no build tools), from the same lockfile;
# better-sqlite3 compiles here against the runtime's own Node headers (from source: a prebuilt binary may have been
# compiled against other 24.x headers, see above).
FROM ${NODE_IMAGE} AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
ENV npm_config_build_from_source=true
WORKDIR /app
COPY package.json package-lock.json ./
COPY abis/package.json abis/
COPY db/package.json db/
COPY gateway/package.json gateway/
COPY admin/package.json admin/
RUN npm ci --omit=dev --workspace @presale/gateway --no-audit --no-fund && mkdir -p gateway/node_modules

# What runs: read-only for its user (files owned by root), writes go to DATA_DIR alone.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/gateway/node_modules ./gateway/node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/abis/package.json ./abis/package.json
COPY --from=build /app/abis/dist ./abis/dist
COPY --from=build /app/abis/build ./abis/build
COPY --from=build /app/db/package.json ./db/package.json
COPY --from=build /app/db/dist ./db/dist
COPY --from=build /app/db/images ./db/images
COPY --from=build /app/gateway/package.json ./gateway/package.json
COPY --from=build /app/gateway/dist ./gateway/dist
COPY --from=build /app/admin/dist ./admin/dist
# The one writable place (created 0700 by the gateway if missing): mount a volume there, the root file system
# can then be read-only (`read_only: true` in docker-compose.yml).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 4000
# node, not curl: the slim image has no curl. /readyz answers 200 once migrations ran and the database answers.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "gateway/dist/main.js"]
