import { readFileSync, writeFileSync } from 'node:fs';

/** This process's peak resident memory since start or the last `resetPeakRss` (Linux). */
export function peakRssBytes(): number {
  const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (kib === undefined) throw new Error('/proc/self/status has no VmHWM');
  return Number(kib) * 1024;
}

/** Starts the peak over from the memory in use now (Linux's clear_refs, value 5). */
export function resetPeakRss(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}
