#!/usr/bin/env bash
# image-smoke.sh IMAGE runs the image the workflow image.yml just built:
# `sciif version`, `sciif serve --help`, then the image's own command (the
# reward server on the container's port 8080, published on the runner's
# port $SMOKE_PORT, 18080 by default), which must answer GET /healthz with
# 200 and {"status":"ok"} within 30 seconds. Any failure exits non-zero,
# with the server's log. The probe is bash's /dev/tcp, so the script needs
# nothing but bash and docker.
#
#   bash .github/scripts/image-smoke.sh ghcr.io/sciif/leaderboard:latest
set -euo pipefail

if [ "$#" -ne 1 ]; then
  echo "usage: image-smoke.sh IMAGE" >&2
  exit 2
fi
image=$1
port=${SMOKE_PORT:-18080}

docker run --rm "$image" version
docker run --rm "$image" serve --help >/dev/null

# healthz prints the server's whole reply to GET /healthz, or fails.
healthz() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    timeout 5 cat <&3
  ) 2>/dev/null
}

cid=$(docker run -d -p "127.0.0.1:$port:8080" "$image")
trap 'docker rm -f "$cid" >/dev/null' EXIT
for _ in $(seq 30); do
  if reply=$(healthz) && [ -n "$reply" ]; then
    printf 'GET /healthz:\n%s\n' "$reply"
    if [[ $reply == "HTTP/1."?" 200 "* && $reply == *'"status":"ok"'* ]]; then
      exit 0
    fi
    break
  fi
  sleep 1
done
echo "the image's server did not answer GET /healthz with 200 and status ok" >&2
docker logs "$cid" >&2
exit 1
