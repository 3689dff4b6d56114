# syntax=docker/dockerfile:1
# The idv image: one image, two commands.
#
#   docker build -t idv .
#   docker run --read-only --tmpfs /tmp -v idv-data:/var/lib/idv -p 8080:8080 idv     (one container: serve, its pipeline child, the embedded store)
#   docker run --read-only --tmpfs /tmp -p 8080:8080 -e IDV_MONGODB_URI=… -e IDV_DATA_KEY_FILE=… idv serve --host 0.0.0.0 --pipeline dns:pipelines:50051
#   docker run --read-only --tmpfs /tmp -v …:/tls -e IDV_PIPELINE_TOKEN=… idv pipeline --host 0.0.0.0 --threads 2 --tls-cert /tls/tls.crt --tls-key /tls/tls.key --tls-client-ca /tls/ca.crt --health-port 50052
#
# Three stages: `build` compiles the TypeScript and prepares every model the service runs (face
# models converted, OCR models folded and narrowed: `npm run models`, model-build/), so a
# container converts nothing at start and may run on a read-only root filesystem; `deps` installs
# the production dependencies alone (the tooling's packages are devDependencies); the last stage
# holds those, the compiled service (no model-build/, no tests, no benches), the prepared models
# and the few files read at run time, owned by root and run as an unprivileged user.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# The service checks each prepared file against its record in the cache (models/README.md) and
# refuses to start without them; the tooling that made them stays in this stage.
RUN npm run build && npm run models

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# IDV_DATA_DIR: the embedded store (and its data.key) of a single container, on a volume; the
# image's own files stay read-only. With MongoDB nothing is written there.
ENV NODE_ENV=production \
    IDV_MODELS_DIR=/app/models/cache \
    IDV_DATA_DIR=/var/lib/idv
WORKDIR /app
# A fixed numeric id, so Kubernetes can check runAsNonRoot (the chart runs it as 10001 too); the
# data folder is its own, so that a volume mounted there starts out writable by it.
RUN groupadd --system --gid 10001 idv \
    && useradd --system --uid 10001 --gid idv --no-create-home --shell /usr/sbin/nologin idv \
    && mkdir -p /var/lib/idv && chown idv:idv /var/lib/idv
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/common ./dist/common
COPY --from=build /app/dist/pipeline ./dist/pipeline
COPY --from=build /app/dist/proto ./dist/proto
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/models/cache ./models/cache
COPY models/ppocr ./models/ppocr
COPY models/minifasnet ./models/minifasnet
COPY models/cldr ./models/cldr
COPY models/wordfreq ./models/wordfreq
COPY models/glyphs ./models/glyphs
COPY proto ./proto
COPY web ./web
USER 10001:10001
# 8080: the front door (HTTP, /health, /ready, /metrics); 50051: the pipeline (gRPC).
EXPOSE 8080 50051
# Docker's check; Kubernetes uses the chart's probes instead. Either command is checked (server/container-health.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist/server/container-health.js"]
ENTRYPOINT ["node", "dist/server/cli.js"]
CMD ["serve", "--host", "0.0.0.0"]
