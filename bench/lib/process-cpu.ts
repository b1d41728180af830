import { readFileSync } from "node:fs";

/** Linux reports process CPU time in clock ticks of 1/100 s on every mainstream kernel (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system, all threads) from the text of /proc/<pid>/stat, or null when it
 * does not parse. Fields 14 and 15 are utime and stime; the command name in field 2 may contain
 * spaces and parentheses, so fields are counted from the last ")". Pure.
 */
export function cpuMsFromProcStat(text: string): number | null {
  const end = text.lastIndexOf(")");
  if (end < 0) return null;
  // After ")" come field 3 (state), 4, ...: utime (14) is the 12th of them, stime (15) the 13th.
  const fields = text
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds a process has used so far, or null where /proc is not there (not Linux). The
 * server's CPU per request is what the benchmark can compare on a busy machine: throughput drops
 * when other processes take the cores, CPU spent per request much less.
 */
export function processCpuMs(pid: number): number | null {
  try {
    return cpuMsFromProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** Resident memory in MB from the text of /proc/<pid>/status (its VmRSS line), or null. Pure. */
export function residentMbFromProcStatus(text: string): number | null {
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(text)?.[1];
  return kb === undefined ? null : Math.round(Number(kb) / 1024);
}

/** A process's resident memory in MB now, or null where /proc is not there (not Linux). */
export function residentMb(pid: number): number | null {
  try {
    return residentMbFromProcStatus(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null;
  }
}
