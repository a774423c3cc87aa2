#!/usr/bin/env bash
# Installs what the local stack needs when it is missing: PostgreSQL 15 with pg_cron, pgTAP and
# plpgsql_check, Chromium (the tests click the local checkout page in it) and unzip (the archive tests) from Debian's packages; deno
# and the supabase CLI (pinned in package.json) from npm.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/lib/postgresql/15/bin/postgres ] || need+=(postgresql-15)
[ -f /usr/lib/postgresql/15/lib/pg_cron.so ] || need+=(postgresql-15-cron)
[ -f /usr/share/postgresql/15/extension/pgtap.control ] || need+=(postgresql-15-pgtap)
command -v pg_prove >/dev/null 2>&1 || need+=(pgtap)
[ -f /usr/lib/postgresql/15/lib/plpgsql_check.so ] || need+=(postgresql-15-plpgsql-check)
command -v psql >/dev/null 2>&1 || need+=(postgresql-client-15)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
# The reference page's Python samples use requests; the tests run one.
/usr/bin/python3 -c "import requests" 2>/dev/null || need+=(python3-requests)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]} from Debian's packages"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  # The stack runs its own cluster; Debian's default one would only take a port.
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    $sudo mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The build worker runs each build as the unprivileged user of its slot (a worker takes one per build slot and
# one for its device previews), and kills every process of that user when the build ends
# (build-worker/README.md). Twelve, so that several local stacks and their tests can run on one machine.
if [ "$(id -u)" = 0 ]; then
  for slot in $(seq 1 12); do
    if ! id -u "appbuild$slot" >/dev/null 2>&1; then
      useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "appbuild$slot"
    fi
  done
fi

# npm's packages follow package-lock.json exactly (`npm ci` never rewrites it): installed again whenever the
# lock changed since the last install.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.lock-sha256 2>/dev/null)" != "$lock_sum" ]; then
  echo "setup: installing deno, the supabase CLI and the contract tooling from the npm registry"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sum" >node_modules/.lock-sha256
fi

# The reference page's renderer ships with the v1 function as a static file (supabase/config.toml).
bundle=node_modules/@scalar/api-reference/dist/browser/standalone.js
static=supabase/functions/v1/static/scalar-api-reference.js
if ! cmp -s "$bundle" "$static"; then
  mkdir -p "$(dirname "$static")"
  cp "$bundle" "$static"
fi
