// `node bench/ab-uncached.ts <store dir A> <store dir B>`: the uncached game page's CPU per request
// on two checkouts of the store (each built: dist/), side by side under the same load, for a
// before/after on a shared machine where one run's figure moves with what else runs.
// Starts both with CATALOGUE_CACHE=off on their own temporary databases (ports AB_PORT and the next),
// warms them up, then alternates small batches of sequential requests between them and reads the
// on-CPU time of all the server's threads in nanoseconds (/proc/<pid>/task/*/schedstat; Linux).
// The lowest and lower-quartile batches are the steadiest figures: other programs only add to them.
// The mean is the whole cost, garbage collection included (a batch with a full collection is among
// the highest): compare it over many batches (AB_BATCHES=40 AB_PER=100 and more).
//
//   AB_BATCHES=40   batches per store
//   AB_PER=40       requests per batch
//   AB_PORT=4531    the first store's port (the second's is the next), for runs side by side
import { storeNodeFlags, storeStartScript } from "./lib/store-server.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { withMallocTuning } from "../scripts/run.mjs";

const PATH = "/shop/blox-fruits";
const [dirA, dirB] = process.argv.slice(2).map((dir) => resolve(dir));
if (!dirA || !dirB) throw new Error("usage: node bench/ab-uncached.ts <store dir A> <store dir B>");
const batches = Number(process.env["AB_BATCHES"] ?? 40);
const perBatch = Number(process.env["AB_PER"] ?? 40);
const port = Number(process.env["AB_PORT"] ?? 4531);

/** Nanoseconds on the CPU so far, all threads of the process. */
function onCpuNs(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return total;
}

const dataDirs: string[] = [];
function startStore(dir: string, port: number): ChildProcess {
  const data = mkdtempSync(join(tmpdir(), "shop-ab-"));
  dataDirs.push(data);
  const env = {
    ...withMallocTuning(process.env),
    NODE_ENV: "production",
    DEMO_DATA: "on",
    DATABASE_URL: `file:${data}/shop.db`,
    DATA_DIR: data,
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ASTRO_TELEMETRY_DISABLED: "1",
    CATALOGUE_CACHE: "off",
  };
  // Each checkout runs with its own `npm start` Node flags (package.json), as the store runs.
  return spawn(process.execPath, [...storeNodeFlags(dir), storeStartScript(dir)], { cwd: dir, stdio: "ignore", env });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (port: number) =>
  new Promise<void>((done, fail) => {
    http
      .get({ host: "127.0.0.1", port, path: PATH, agent }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? done() : fail(new Error(`GET ${PATH} answered ${res.statusCode}`))));
      })
      .on("error", fail);
  });

const stores = [
  { name: "A", dir: dirA, port, child: startStore(dirA, port), usPerRequest: [] as number[] },
  { name: "B", dir: dirB, port: port + 1, child: startStore(dirB, port + 1), usPerRequest: [] as number[] },
];
const stop = () => {
  for (const store of stores) store.child.kill("SIGTERM");
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
};
try {
  const deadline = Date.now() + 10 * 60_000;
  for (const store of stores) {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`store ${store.name} (${store.dir}) did not answer ${PATH}`);
      if (
        await get(store.port).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  for (let i = 0; i < 300; i++) for (const store of stores) await get(store.port);
  for (let batch = 0; batch < batches; batch++) {
    for (const store of batch % 2 ? stores : [...stores].reverse()) {
      const before = onCpuNs(store.child.pid!);
      for (let i = 0; i < perBatch; i++) await get(store.port);
      store.usPerRequest.push((onCpuNs(store.child.pid!) - before) / perBatch / 1000);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
  for (const store of stores) {
    const v = store.usPerRequest;
    console.log(
      `${store.name} ${store.dir}: mean ${mean(v).toFixed(0)}, lowest ${at(v, 0).toFixed(0)}, lower quartile ${at(v, 0.25).toFixed(0)}, median ${at(v, 0.5).toFixed(0)} us of CPU per request`,
    );
  }
  const [a, b] = stores.map((s) => s.usPerRequest);
  console.log(
    `B / A: mean ${(mean(b!) / mean(a!)).toFixed(2)}, lowest ${(at(b!, 0) / at(a!, 0)).toFixed(2)}, lower quartile ${(at(b!, 0.25) / at(a!, 0.25)).toFixed(2)}, median ${(at(b!, 0.5) / at(a!, 0.5)).toFixed(2)}; load average ${readFileSync("/proc/loadavg", "utf8").trim()}`,
  );
} finally {
  stop();
}
