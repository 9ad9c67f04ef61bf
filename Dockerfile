# Lisan: one image for every role (`all`, `api`, `worker`; the command's last argument).
# Build: docker build -t lisan .   Run the whole product: docker run -p 8080:8080 -v lisan-data:/data lisan
# Scale-out with PostgreSQL and S3-compatible storage: compose.yaml and docs/operations.md.

# --- build: all dependencies, the web app and the compiled server, then only what runs is kept ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs scripts/postinstall.mjs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --silent && npm prune --omit=dev --no-audit --no-fund

# --- run: Node, the Debian packages the product uses at run time, a non-root user ---
FROM node:20-bookworm-slim AS run
# dict-freedict-*: the offline dictionary engine; tar: model archives (npm run models:install);
# tini: signals reach Node and zombies are reaped.
RUN apt-get update \
 && apt-get install -y --no-install-recommends dict-freedict-eng-ara dict-freedict-ara-eng tar tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data \
    MODELS_DIR=/models \
    WEB_DIST_DIR=/app/web/dist
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/web/dist ./web/dist
COPY --from=build --chown=node:node /app/tsconfig.json ./tsconfig.json
RUN mkdir -p /data /models && chown node:node /data /models
USER node
VOLUME ["/data", "/models"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The compiled server (npm run build: dist/server); server/ holds what it reads beside its
# sources (migrations, the document sandbox's worker).
ENTRYPOINT ["tini", "--", "node", "--enable-source-maps", "dist/server/main.mjs"]
CMD ["all"]
