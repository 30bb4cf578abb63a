#!/usr/bin/env bash
# Regenerates docs/report/ (README "Interop report"): the report of the bundled spec, the report
# of a reference host (`wopgen serve` on a free loopback port over a throwaway SQLite store, with
# its defaults: no MCP catalogue), and report.png, a screenshot of the latter by Debian's headless
# chromium. spec-report.* must match `spec/` (test/generator/report-model.test.ts checks it).
set -euo pipefail
cd "$(dirname "$0")/../.."

node bin/wopgen.js report --spec spec --out docs/report

work="$(mktemp -d)"
key="wop_report_docs_key_0123456789abcdef"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
WOPGEN_API_KEYS="$key=demo" node bin/wopgen.js serve --port "$port" \
  --store "sqlite:$work/host.db" --log-level warn &
host=$!
trap 'kill "$host" 2>/dev/null; wait "$host" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/.well-known/openwop" >/dev/null && break
  sleep 0.2
done

WOPGEN_API_KEY="$key" node bin/wopgen.js report --spec spec --out docs/report \
  --host "http://127.0.0.1:$port"

chromium --headless --no-sandbox --disable-gpu --disable-javascript --hide-scrollbars \
  --user-data-dir="$work/profile" --window-size=1800,2100 \
  --screenshot="$PWD/docs/report/report.png" "file://$PWD/docs/report/host-report.html"
