#!/usr/bin/env bash
# Runs vitest with the clock starting at a chosen wall time (UTC) and running on from there, to
# replay a failure that depends on the hour or the day (a CI run at 15:04 UTC is 23:04 at the demo's
# Hong Kong centres). Needs Debian's faketime (`apt-get install faketime`). The tests, the server
# processes, PGlite and PostgreSQL's clients run under it. Chromium and redis-server do not start
# under the library: they run on the real clock, and each e2e page's Date is moved to the suite's
# (e2e/support/browser.ts).
#   bash scripts/test-at.sh '2026-11-28 15:53:00' --project e2e e2e/classes.spec.ts
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: bash scripts/test-at.sh 'YYYY-MM-DD hh:mm:ss' [vitest arguments]" >&2
  exit 2
fi
if ! command -v faketime >/dev/null; then
  echo "faketime is not installed: apt-get install faketime" >&2
  exit 2
fi
at="$1"
shift
# The monotonic clock stays real: timers, timeouts and performance.now() keep their pace.
export DONT_FAKE_MONOTONIC=1
exec env TZ=UTC faketime "$at" npx vitest run "$@"
