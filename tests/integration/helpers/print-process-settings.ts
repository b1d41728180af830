// Prints what scripts/run.mjs gave the process it started: Node's flags, the V8 heap's old-space
// limit and glibc's malloc tuning.
import { getHeapStatistics } from "node:v8";

console.log(
  JSON.stringify({
    execArgv: process.execArgv,
    heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
    mallocArenas: process.env["MALLOC_ARENA_MAX"] ?? null,
    mmapThreshold: process.env["MALLOC_MMAP_THRESHOLD_"] ?? null,
  }),
);
