#!/usr/bin/env bash
# Restart the exploration server on :4700 with a fresh data dir.
cd /work/main
if [ -f /tmp/smdev/pid ] && kill -0 "$(cat /tmp/smdev/pid)" 2>/dev/null; then kill "$(cat /tmp/smdev/pid)"; sleep 1; fi
rm -rf /tmp/smdev/data
PORT=4700 HOST=127.0.0.1 OPERATOR_TOKEN=e2e-operator-token LOG_LEVEL=warn DATA_DIR=/tmp/smdev/data SEED_DEMO=true TEST_CLOCK=true nohup node apps/server/dist/main.js >/tmp/smdev/server.log 2>&1 &
echo $! > /tmp/smdev/pid
for i in $(seq 1 60); do curl -s -m 2 localhost:4700/api/health >/dev/null && break; sleep 1; done
curl -s localhost:4700/api/health
