"""Mixed traffic for scripts/soak.sh against one running server (stdlib only).

First the capacity: every client sends back to back for --capacity-seconds. Then the soak: each
client sends at an even pace so that all together make --load of that capacity, for --minutes.
Latency is measured from when a request was due, not when it went out, so a server falling behind
shows in the percentiles instead of slowing the clients down. Every --sample-seconds one line:
requests, errors (5xx or a failed exchange), p50 and p99, the server's resident memory and open file
descriptors (from /proc). Exits 1 if any request failed.
"""
import argparse
import http.client
import json
import os
import random
import threading
import time
import urllib.parse

PASSWORD = "soak password long enough"
SAMPLE_POOL = 500


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--service", choices=["healthlog", "jarvis"], required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--load", type=float, default=0.8)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--capacity-seconds", type=float, default=10)
    parser.add_argument("--sample-seconds", type=float, default=60)
    return parser.parse_args()


class Client:
    """One keep-alive connection and the requests of one app user."""

    def __init__(self, service, url, index):
        parsed = urllib.parse.urlparse(url)
        self.host, self.port = parsed.hostname, parsed.port
        self.service, self.index = service, index
        self.connection = None
        self.headers = {}
        self.last_batch = 0.0
        self.batches = 0

    def exchange(self, method, path, body=None):
        """(status, body); status 0 when the exchange itself failed (the connection is renewed)."""
        headers = dict(self.headers)
        if body is not None:
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return response.status, data
        except (OSError, http.client.HTTPException):
            self.close()
            return 0, b""

    def close(self):
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def sign_in(self):
        if self.service != "healthlog":
            return
        self.headers["User-Agent"] = "HealthLog-iOS/1.5.0"
        status, data = self.exchange("POST", "/api/auth/login", {"email": f"soak{self.index}@example.com", "password": PASSWORD})
        if status != 200:
            raise SystemExit(f"soak: sign-in of client {self.index} failed: {status} {data[:200]!r}")
        self.headers["Authorization"] = "Bearer " + json.loads(data)["data"]["accessToken"]
        status, data = self.post_batch(entries=SAMPLE_POOL)
        if status != 200:
            raise SystemExit(f"soak: first batch of client {self.index} failed: {status} {data[:200]!r}")

    def post_batch(self, entries=20):
        """Samples of the day before today (plausible, and in the daily reads), drawn in turn from a
        pool of SAMPLE_POOL ids per user, all stored at sign-in: later batches are duplicates, so
        the write path (dedup included) runs all along while the tables keep the size they had
        when the capacity was measured, a real account's day of step samples."""
        self.last_batch = time.monotonic()
        day = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
        samples = []
        for _ in range(entries):
            sample = self.batches % SAMPLE_POOL
            self.batches += 1
            minute = f"{sample // 60 % 24:02d}:{sample % 60:02d}"
            samples.append({"hkIdentifier": "HKQuantityTypeIdentifierStepCount", "value": 100, "unit": "count",
                            "startDate": f"{day}T{minute}:00Z", "endDate": f"{day}T{minute}:30Z",
                            "externalId": f"soak-{self.index}-{sample}"})
        return self.exchange("POST", "/api/measurements/batch", {"entries": samples})

    def next_request(self):
        """One request of the mix. Batches stay under the 60-per-minute limit per user."""
        pick = random.random()
        if self.service == "jarvis":
            if pick < 0.6:
                return self.exchange("GET", "/stories?limit=20")
            return self.exchange("GET", "/feeds" if pick < 0.8 else "/health")
        if pick < 0.1 and time.monotonic() - self.last_batch > 1.1:
            return self.post_batch()
        if pick < 0.5:
            return self.exchange("GET", "/api/auth/me")
        if pick < 0.85:
            today = time.strftime("%Y-%m-%d", time.gmtime())
            month_ago = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 30 * 86400))
            return self.exchange("GET", f"/api/measurements/daily?type=steps&from={month_ago}&to={today}")
        return self.exchange("GET", "/api/feature-flags")


class Tally:
    """Latencies and failures of the current sample window, shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.latencies, self.errors, self.refused = [], 0, 0

    def record(self, seconds, status):
        with self.lock:
            self.latencies.append(seconds)
            if status == 0 or status >= 500:
                self.errors += 1
            elif status == 429:
                self.refused += 1

    def take(self):
        with self.lock:
            taken = (sorted(self.latencies), self.errors, self.refused)
            self.reset()
            return taken


def percentile(values, fraction):
    return values[min(len(values) - 1, int(fraction * len(values)))] if values else 0.0


def resources(pid):
    """(resident MiB, open file descriptors) of the server."""
    with open(f"/proc/{pid}/status") as status:
        rss_kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return rss_kib / 1024, len(os.listdir(f"/proc/{pid}/fd"))


def run_clients(clients, tally, until, interval):
    """Each client sends until `until`; back to back when `interval` is 0, else one request every
    `interval` seconds, timed from when each was due."""
    def work(client):
        due = time.monotonic()
        while due < until and time.monotonic() < until:
            if interval:
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
            start = due if interval else time.monotonic()
            status, _ = client.next_request()
            tally.record(time.monotonic() - start, status)
            due = due + interval if interval else time.monotonic()
    threads = [threading.Thread(target=work, args=(client,), daemon=True) for client in clients]
    for thread in threads:
        thread.start()
    return threads


def main():
    options = parse_arguments()
    clients = [Client(options.service, options.url, index) for index in range(1, options.clients + 1)]
    for client in clients:
        client.sign_in()

    tally = Tally()
    start = time.monotonic()
    for thread in run_clients(clients, tally, start + options.capacity_seconds, 0):
        thread.join()
    latencies, errors, _ = tally.take()
    capacity = len(latencies) / (time.monotonic() - start)
    rate = capacity * options.load
    print(f"soak {options.service}: capacity {capacity:.0f} req/s with {options.clients} clients "
          f"(p99 {percentile(latencies, 0.99) * 1000:.1f} ms, {errors} errors); soaking at {rate:.0f} req/s "
          f"({options.load:.0%}) for {options.minutes:g} min", flush=True)

    rss_start, fds_start = resources(options.pid)
    print(f"  {'minute':>6} {'requests':>9} {'errors':>6} {'429':>5} {'p50 ms':>7} {'p99 ms':>7} {'RSS MiB':>8} {'fds':>5}", flush=True)
    tally.take()
    start = time.monotonic()
    end = start + options.minutes * 60
    threads = run_clients(clients, tally, end, options.clients / rate)
    total_errors, p99s, sample = errors, [], 0
    while time.monotonic() < end:
        time.sleep(min(options.sample_seconds, max(0.0, end - time.monotonic())))
        sample += 1
        latencies, errors, refused = tally.take()
        total_errors += errors
        rss, fds = resources(options.pid)
        p99 = percentile(latencies, 0.99) * 1000
        p99s.append(p99)
        print(f"  {sample * options.sample_seconds / 60:>6.1f} {len(latencies):>9} {errors:>6} {refused:>5} "
              f"{percentile(latencies, 0.5) * 1000:>7.1f} {p99:>7.1f} {rss:>8.1f} {fds:>5}", flush=True)
    for thread in threads:
        thread.join()
    rss_end, fds_end = resources(options.pid)
    print(f"soak {options.service}: RSS {rss_start:.1f} -> {rss_end:.1f} MiB ({(rss_end / rss_start - 1):+.0%}), "
          f"fds {fds_start} -> {fds_end}, p99 first/last sample {p99s[0] if p99s else 0:.1f}/{p99s[-1] if p99s else 0:.1f} ms, "
          f"{total_errors} errors", flush=True)
    for client in clients:
        client.close()
    return 1 if total_errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
