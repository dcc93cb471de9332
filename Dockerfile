# One Dockerfile, one stage per deployable: public-gateway, internal-gateway and admin-cli (migrations, imports, clients, keys).
FROM node:24-bookworm-slim AS deps
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

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json ./
USER node

FROM runtime AS public-gateway
COPY --from=build /workspace/dist/apps/public-gateway ./dist
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PUBLIC_GATEWAY_PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]

FROM runtime AS internal-gateway
COPY --from=build /workspace/dist/apps/internal-gateway ./dist
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.INTERNAL_GATEWAY_PORT||3001)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/main.js"]

FROM runtime AS admin-cli
COPY --from=build /workspace/dist/apps/admin-cli ./dist
COPY fixtures ./fixtures
ENTRYPOINT ["node", "--enable-source-maps", "dist/main.js"]
CMD ["--help"]
