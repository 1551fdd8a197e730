#!/usr/bin/env bash
# image-smoke.sh IMAGE runs the image the workflow image.yml just built:
# `sciif version`, `sciif serve --help`, then the image's own command (the
# reward server on port 8080), which must answer GET /healthz with
# {"status":"ok"} within 30 seconds. Any failure exits non-zero, with the
# server's log.
#
#   bash .github/scripts/image-smoke.sh ghcr.io/sciif/leaderboard:latest
set -euo pipefail

if [ "$#" -ne 1 ]; then
  echo "usage: image-smoke.sh IMAGE" >&2
  exit 2
fi
image=$1

docker run --rm "$image" version
docker run --rm "$image" serve --help >/dev/null

cid=$(docker run -d -p 127.0.0.1:18080:8080 "$image")
trap 'docker rm -f "$cid" >/dev/null' EXIT
for _ in $(seq 30); do
  if body=$(curl -fsS http://127.0.0.1:18080/healthz 2>/dev/null); then
    echo "GET /healthz: $body"
    if [[ $body == *'"status":"ok"'* ]]; then
      exit 0
    fi
    break
  fi
  sleep 1
done
echo "the image's server did not answer GET /healthz with status ok" >&2
docker logs "$cid" >&2
exit 1
