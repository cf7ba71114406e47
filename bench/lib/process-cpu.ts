import { readFileSync } from 'node:fs';

/**
 * CPU seconds a process has spent (user + system, from /proc): unlike latency, hardly moved by
 * other processes on a shared machine, so CPU per request compares runs fairly.
 */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
