// Compares what the generators wrote into a scratch folder with the committed files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface TreeDifference {
  /** Relative to the repository root. */
  path: string;
  /** `missing`: generated but not committed; `differs`: bytes differ; `extra`: committed but no generator writes it. */
  problem: 'missing' | 'differs' | 'extra';
}

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(full);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/** Every difference between `generatedRoot` and `committedRoot` under the given paths, sorted by path. */
export function compareGeneratedTrees(
  generatedRoot: string,
  committedRoot: string,
  paths: readonly string[],
): TreeDifference[] {
  const differences: TreeDifference[] = [];
  for (const top of paths) {
    const generated = new Set(filesUnder(generatedRoot, top));
    const committed = new Set(filesUnder(committedRoot, top));
    for (const file of [...new Set([...generated, ...committed])].sort()) {
      if (!committed.has(file)) differences.push({ path: file, problem: 'missing' });
      else if (!generated.has(file)) differences.push({ path: file, problem: 'extra' });
      else if (
        !readFileSync(path.join(generatedRoot, file)).equals(
          readFileSync(path.join(committedRoot, file)),
        )
      )
        differences.push({ path: file, problem: 'differs' });
    }
  }
  return differences;
}
