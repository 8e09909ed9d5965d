# One container: the Bun/Elysia shop, with its data on a mounted volume.
# (Minimal for now: the operations work adds Litestream, a non-root user and
# a health check.)
FROM oven/bun:1.4 AS deps
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile --production

FROM oven/bun:1.4 AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

FROM oven/bun:1.4
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
COPY web ./web
COPY migrations ./migrations
VOLUME /data
EXPOSE 3000
CMD ["bun", "src/main.ts"]
