# syntax=docker/dockerfile:1
# The production images (issue 16). Not built on the development machine, which has no
# container engine: see docs/operations.md. `server/deploy.test.ts` checks this file against
# what the topology test runs.

# --- build: the whole toolchain, the prerendered site and the generated nginx config ---
FROM node:26-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The nginx configuration reads these at build time (see docs/operations.md).
ARG TRUST_PROXY=""
ARG HSTS=""
ARG PUBLIC_ORIGIN="https://www.beyondbudget.app"
# Analytics keys, tag ids, chat, videos and the partner tracking id are baked into the
# prerendered site (docs/configuration.md). Unset, each is off; REQUIRE_SITE_CONFIG=1 makes a
# missing one an error.
ARG ANALYTICS_KEY_LIVE=""
ARG ANALYTICS_KEY_TESTING=""
ARG TAG_MANAGER_ID=""
ARG LINKEDIN_PARTNER_ID=""
ARG CHAT_PROPERTY_ID=""
ARG CHAT_WIDGET_ID=""
ARG VIDEO_TOUR_ID=""
ARG VIDEO_TOUR_START_SECONDS=""
ARG VIDEO_TOUR_DURATION_SECONDS=""
ARG VIDEO_WALKTHROUGH_ID=""
ARG VIDEO_WALKTHROUGH_START_SECONDS=""
ARG VIDEO_WALKTHROUGH_DURATION_SECONDS=""
ARG XERO_PARTNER_TRACKING_ID=""
ARG ACCESSIBILITY_CONTACT=""
ARG ACCESSIBILITY_RESPONSE_DAYS=""
# The commit's time: the build context has no .git, and the accessibility statement's
# "last reviewed" date is the date of the code (docs/configuration.md).
ARG SOURCE_DATE_EPOCH=""
# The retention period the privacy policy publishes; the API refuses to run with another.
ARG RETENTION_DAYS=""
ARG REQUIRE_SITE_CONFIG=""
RUN TRUST_PROXY="$TRUST_PROXY" HSTS="$HSTS" PUBLIC_ORIGIN="$PUBLIC_ORIGIN" npm run build

# --- app: one API instance (it can serve the pages too, as npm start does) ---
FROM node:26-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production \
    HOST=127.0.0.1 \
    PORT=3000 \
    BUILD_DIR=/app/build \
    DATA_DIR=/data
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY server ./server
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness, not liveness: the database answers and is migrated.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://${process.env.HOST}:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]

# --- web: Debian's nginx (the one the topology test runs) with the static site ---
FROM debian:bookworm-slim AS web
RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
    && rm -rf /var/lib/apt/lists/* && mkdir -p /var/cache/beyond-nginx
COPY --from=build /app/build/client /srv/beyond/client
COPY --from=build /app/build/nginx /etc/nginx/beyond
COPY deploy/nginx.conf /etc/nginx/nginx.conf
EXPOSE 8080
CMD ["nginx", "-c", "/etc/nginx/nginx.conf"]
