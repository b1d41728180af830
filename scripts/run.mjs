// The npm scripts' launcher: `node scripts/run.mjs <file.ts | command...>`. Plain JavaScript that
// Node 20 runs, because npm runs a script with whatever `node` is first on PATH, and the store
// (TypeScript run by Node's type stripping, Astro 7, vitest 5) needs Node 22.18 or newer.
//
// With such a Node it runs the command at once. With an older one it brings Node 24 from the npm
// registry's node-<platform>-<arch> package into the ignored folder `.node/` (once; the same place
// scripts/node-env.sh uses), then runs the command with that Node first on PATH, so the commands it
// starts in turn (npm run, vitest, astro, playwright) use it too. When that cannot be done it stops
// at once with one line naming the Node needed and the command that gets it.
//
// Signals: a service manager or a terminal may signal both this process and the child; the child
// (scripts/start.mjs) stops gracefully on the first and ignores repeats, and this process only
// forwards them and exits with the child's status.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const NEEDED = "22.18";
const NODE_PACKAGE = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
const packageDir = join(root, ".node", "node_modules", NODE_PACKAGE);
const binDir = process.platform === "win32" ? packageDir : join(packageDir, "bin");
const nodeBin = join(binDir, process.platform === "win32" ? "node.exe" : "node");
const GET_IT = "nvm install 24 (or install Node 24 from https://nodejs.org)";

/** True when a Node of this version runs the store (type stripping on by default, Astro 7). */
export function isRecentEnough(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > 22 ? major !== 23 || minor >= 6 : major === 22 && minor >= 18;
}

function fail(message) {
  console.error(`run: ${message}`);
  process.exit(1);
}

/** The node binary to run the store with, installing Node 24 into .node/ when this one is too old. */
function chooseNode() {
  if (isRecentEnough(process.versions.node)) return { node: process.execPath, env: process.env };
  if (!existsSync(nodeBin)) {
    console.error(`run: Node ${process.version} is older than ${NEEDED}; installing ${NODE_PACKAGE}@24 into .node/ (once)`);
    mkdirSync(join(root, ".node"), { recursive: true });
    // npm's own CLI under this Node when npm started us; otherwise the npm on PATH.
    const npmCli = process.env["npm_execpath"];
    const args = ["install", "--prefix", join(root, ".node"), "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `${NODE_PACKAGE}@24`];
    const result =
      npmCli && existsSync(npmCli)
        ? spawnSync(process.execPath, [npmCli, ...args], { stdio: "inherit" })
        : spawnSync("npm", args, { stdio: "inherit", shell: process.platform === "win32" });
    if (result.status !== 0 || !existsSync(nodeBin))
      fail(`this store needs Node ${NEEDED} or newer (you have ${process.version}) and ${NODE_PACKAGE}@24 could not be installed; get Node 24 with: ${GET_IT}`);
  }
  // node-gyp builds any native module against the Node that will load it.
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env["PATH"] ?? ""}`, npm_config_nodedir: packageDir };
  return { node: nodeBin, env };
}

/**
 * glibc's malloc, tuned for one event loop (an operator's own value of either wins):
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena (64 MB of address
 *   space each, touched pages stay resident); libuv's pool threads (sqlite, zlib, crypto) made the
 *   store's resident memory grow by tens of MB for no gain. Two arenas are plenty.
 * - MALLOC_MMAP_THRESHOLD_=32768: blocks of 32 KB and more get their own mapping, returned when
 *   freed. In the heap, freed ones left holes that glibc trims only from the top: after the
 *   benchmark's loads 18 MB of the store's resident memory was such free space (malloc_trim gave it
 *   back; with a 64 KB threshold most of it stayed, so the blocks are 32-64 KB: page-sized buffers,
 *   V8's zone segments). Setting it also stops glibc raising the threshold to the largest block
 *   freed (32 MB after a password hash: scrypt with N=16384, r=16), which kept later blocks in the heap.
 */
export function withMallocTuning(env) {
  return { ...env, MALLOC_ARENA_MAX: env["MALLOC_ARENA_MAX"] || "2", MALLOC_MMAP_THRESHOLD_: env["MALLOC_MMAP_THRESHOLD_"] || "32768" };
}

function run(argv) {
  if (argv.length === 0) fail("usage: node scripts/run.mjs [--node-flag ...] <file.ts> [args...] | <command> [args...]");
  const chosen = chooseNode();
  const node = chosen.node;
  const env = withMallocTuning(chosen.env);
  // Leading --flags are Node's own (package.json's start sizes the store's heap with them).
  const [command, ...args] = /\.[cm]?[jt]s$/.test(argv[0]) || argv[0].startsWith("--") ? [node, ...argv] : argv;
  const child = spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => fail(`could not start ${command}: ${error.message}`));
  child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)));
}

if (import.meta.filename === resolve(process.argv[1] ?? "")) run(process.argv.slice(2));
