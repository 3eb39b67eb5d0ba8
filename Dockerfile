# Fieldwork Tracker as a container image (docs/deploying.md, "Docker").
#   docker build -t fieldwork-tracker . && docker run -p 3000:3000 --env-file production.env fieldwork-tracker
# BASE_IMAGE: an image with Node 24 and npm on PATH and a `node` user; the default is the official
# one. CI builds its own from Debian's packages and the npm registry (scripts/image-base.sh).
ARG BASE_IMAGE=node:24-bookworm-slim

# 1. Build the client and the server bundle with every dependency, then keep only the packages
#    the built server loads at run time. The image's Node is the base's: the one npm installed
#    from the registry for the build (node-linux-*) is dropped.
FROM ${BASE_IMAGE} AS build
# A CA bundle for a TLS-inspecting proxy between the build and the npm registry (unset: none).
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/.bin/node node_modules/node-linux-*

# 2. The image: the build's output, those dependencies, an unprivileged user.
FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CLIENT_DIST=/app/dist/client
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The embedded database and files live in /data when DATABASE_URL and STORAGE_URL are unset.
RUN mkdir /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: requests in flight drain before it exits.
CMD ["node", "dist/server/main.js"]
