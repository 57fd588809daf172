"""A stand-in for Testcontainers' Ryuk (github.com/testcontainers/moby-ryuk), for machines that
cannot pull its image. Same protocol: clients connect to port 8080 and send one line of filters
per request ("label=key%3Dvalue&label=..."), each answered "ACK"; when the last client has been
gone for RYUK_RECONNECTION_TIMEOUT seconds (default 10), every container, network and volume
matching a filter is removed through the Docker socket, and Ryuk exits."""
import http.client
import json
import os
import socket
import threading
import time
import urllib.parse

DOCKER_SOCKET = "/var/run/docker.sock"
TIMEOUT = float(os.environ.get("RYUK_RECONNECTION_TIMEOUT", "10s").rstrip("s"))
filters = []
connected = 0
last_left = time.monotonic()
lock = threading.Lock()


class DockerConnection(http.client.HTTPConnection):
    def __init__(self):
        super().__init__("docker")

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(DOCKER_SOCKET)


def docker(method, path):
    connection = DockerConnection()
    connection.request(method, path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return json.loads(body) if body and response.status < 300 else None


def prune():
    for query in filters:
        labels = [v for k, v in urllib.parse.parse_qsl(query) if k == "label"]
        encoded = urllib.parse.quote(json.dumps({"label": labels}))
        for container in docker("GET", "/containers/json?all=1&filters=" + encoded) or []:
            docker("DELETE", "/containers/%s?force=1&v=1" % container["Id"])
        for network in docker("GET", "/networks?filters=" + encoded) or []:
            docker("DELETE", "/networks/" + network["Id"])
        for volume in (docker("GET", "/volumes?filters=" + encoded) or {}).get("Volumes") or []:
            docker("DELETE", "/volumes/" + volume["Name"])
    print("Removed what %d filters matched" % len(filters), flush=True)


def serve(client):
    global connected, last_left
    with client, client.makefile("rw") as stream:
        for line in stream:
            with lock:
                filters.append(line.strip())
            stream.write("ACK\n")
            stream.flush()
    with lock:
        connected -= 1
        last_left = time.monotonic()


def main():
    global connected
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("0.0.0.0", 8080))
    server.listen()
    server.settimeout(1)
    print("Started", flush=True)
    seen_a_client = False
    while True:
        try:
            client, _ = server.accept()
            with lock:
                connected += 1
            seen_a_client = True
            threading.Thread(target=serve, args=(client,), daemon=True).start()
        except socket.timeout:
            pass
        with lock:
            idle = connected == 0 and time.monotonic() - last_left > TIMEOUT
        if seen_a_client and idle:
            prune()
            return


main()
