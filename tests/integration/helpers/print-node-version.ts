// Prints the Node that runs it and PATH's first node: what scripts/run.mjs chose.
import { execFileSync } from "node:child_process";

const onPath = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
console.log(JSON.stringify({ runs: process.version, onPath }));
