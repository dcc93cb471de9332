# One Dockerfile, one stage per deployable: public-gateway, internal-gateway and admin-cli (migrations, imports, clients, keys).
# NODE_IMAGE is the base of every stage: the official image by default; CI passes a locally built one (tools/compose/base-images.sh).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /workspace
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY nx.json tsconfig.base.json jest.preset.js eslint.config.mjs ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
RUN npx nx run-many -t build -p public-gateway internal-gateway admin-cli --outputStyle=static

# Production dependencies only: no embedded Postgres, no build or test tooling (all devDependencies).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# The project's runtime is Node.js 24 (package.json engines); a base image of another major fails the build here.
RUN node -e "if (process.versions.node.split('.')[0] !== '24') { console.error('Node.js 24 expected, got ' + process.version); process.exit(1); }"
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json ./
# Numeric, so that Kubernetes' runAsNonRoot can check it (the `node` user of the base image).
USER 1000:1000

# The gateways' CMD carries GATEWAY_NODE_FLAGS (libs/platform/src/runtime/gateway-node-flags.ts; deploy/test checks they agree).
FROM runtime AS public-gateway
COPY --from=build /workspace/dist/apps/public-gateway ./dist
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PUBLIC_GATEWAY_PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import=data:text/javascript,import{setSourceMapsSupport}from'node:module';setSourceMapsSupport(true,{nodeModules:false})", "--max-semi-space-size=16", "--expose-gc", "--heap-growing-percent=40", "dist/main.js"]

FROM runtime AS internal-gateway
COPY --from=build /workspace/dist/apps/internal-gateway ./dist
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.INTERNAL_GATEWAY_PORT||3001)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import=data:text/javascript,import{setSourceMapsSupport}from'node:module';setSourceMapsSupport(true,{nodeModules:false})", "--max-semi-space-size=16", "--expose-gc", "--heap-growing-percent=40", "dist/main.js"]

FROM runtime AS admin-cli
COPY --from=build /workspace/dist/apps/admin-cli ./dist
COPY fixtures ./fixtures
ENTRYPOINT ["node", "--enable-source-maps", "dist/main.js"]
CMD ["--help"]
