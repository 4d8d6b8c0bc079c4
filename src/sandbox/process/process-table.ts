import { readdirSync, readFileSync } from 'node:fs';

/** Parent of every live process (Linux /proc; empty elsewhere); a process that vanished while read is skipped. */
export function processParents(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform !== 'linux') return parents;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      // The command name may hold spaces and parentheses: fields resume after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // Gone while we looked.
    }
  }
  return parents;
}
