# syntax=docker/dockerfile:1
#
# The reward server's image: the sciif binary and the repository's
# benchmarks/, running `sciif serve` on port 8080 as a non-root user.
#
#   docker build -t ghcr.io/sciif/leaderboard:v0.1.0 .
#   docker run --rm -p 8080:8080 ghcr.io/sciif/leaderboard:v0.1.0
#
# .github/workflows/image.yml builds it on pull requests and pushes it to
# ghcr.io/sciif/leaderboard from main and version tags (docs/rewards.md,
# "Image and Kubernetes"). generator/cmd/sciif/deploy_test.go reads this
# file: two stages, a builder on go.mod's Go release, a static build of
# ./generator/cmd/sciif, benchmarks/ copied in, a numeric non-root USER,
# CMD flags that `sciif serve` has, and EXPOSE equal to the --addr port.

# The builder is the Go release go.mod names, exactly.
FROM golang:1.26.0 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
# Every package of the module: the command under generator/, the embedded
# templates and assets.
COPY generator/ generator/
COPY templates/ templates/
COPY assets/ assets/
# The Makefile's build (-buildvcs=auto -trimpath; it sets no -ldflags).
# CGO_ENABLED=0 links no C library, so the binary runs on an image without
# one. .git is not in the context, so `sciif version` prints "(devel)".
RUN CGO_ENABLED=0 go build -buildvcs=auto -trimpath -o /out/sciif ./generator/cmd/sciif

# distroless/static rather than scratch: `sciif serve` makes no outbound
# connection, but the image's entrypoint is the whole sciif, and `sciif run`
# calls model APIs over HTTPS, which needs the CA certificates this image
# carries (with tzdata, /tmp and a passwd entry for 65532, "nonroot"); it
# has no shell and no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sciif /usr/local/bin/sciif
COPY benchmarks/ /benchmarks/
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/sciif"]
CMD ["serve", "--addr", "0.0.0.0:8080", "--benchmarks", "/benchmarks"]
