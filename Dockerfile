# One container: the Bun/Elysia shop under Litestream, its data on a volume.
#   docker build -t strata .
#   docker run -d --name strata -p 127.0.0.1:3000:3000 -v strata-data:/data --stop-timeout 30 \
#     -e PUBLIC_URL=https://shop.example -e TRUST_PROXY=172.17.0.1 \
#     -e ADMIN_PASSWORD_HASH=… -e LITESTREAM_REPLICA_URL=s3://… strata
# (README: Deploying.) Build for the server's architecture (amd64 or arm64).
# Inside the container the shop must listen on 0.0.0.0; publishing the port on
# 127.0.0.1 keeps it reachable only through the proxy on the host, whose
# connections arrive from the bridge's gateway (172.17.0.1 on Docker's default
# bridge): TRUST_PROXY names that address, so nobody else's X-Forwarded-For counts.

ARG BUN_VERSION=1.4

# Production dependencies only: what the running shop imports.
FROM oven/bun:${BUN_VERSION} AS deps
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile --production

# The browser assets (dist/client), built with the dev dependencies.
FROM oven/bun:${BUN_VERSION} AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

# Litestream, the same release the tests run: v0.3.13, from the npm package
# package.json pins (@flydotio/litestream 1.0.1 ships the official binaries).
FROM oven/bun:${BUN_VERSION} AS litestream
ARG TARGETARCH
ARG LITESTREAM_NPM_VERSION=1.0.1
WORKDIR /tmp/litestream
RUN arch="$([ "${TARGETARCH:-amd64}" = "arm64" ] && echo arm64 || echo x64)" \
 && echo '{}' > package.json \
 && bun add "@flydotio/litestream-linux-${arch}@${LITESTREAM_NPM_VERSION}" \
 && install -m 0755 "node_modules/@flydotio/litestream-linux-${arch}/litestream" /usr/local/bin/litestream \
 && litestream version | grep -qx "v0.3.13"

FROM oven/bun:${BUN_VERSION}
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json bunfig.toml litestream.yml ./
COPY src ./src
COPY web ./web
COPY shared ./shared
# The demo catalogue's pictures, drawn when the shop seeds an empty database (SEED_DEMO).
COPY seed ./seed
COPY migrations ./migrations
COPY scripts ./scripts
# COPY keeps file times, so the built manifest stays newer than web/ and shared/, and the shop
# does not try to rebuild at start (it could not: /app is read-only to `bun`).
COPY --from=build /app/dist ./dist
# The image's unprivileged `bun` user (uid 1000) owns only the data volume.
RUN mkdir -p /data && chown bun:bun /data && chmod 0750 /data && chmod 0755 scripts/entrypoint.sh
USER bun
VOLUME /data
EXPOSE 3000
# /healthz: the process answers and the database does. (The image has no curl.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Litestream runs as PID 1 (exec) and forwards docker stop's SIGTERM to the shop.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/scripts/entrypoint.sh"]
