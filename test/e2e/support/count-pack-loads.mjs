// Preloaded (NODE_OPTIONS=--import) into every process of a Vitest run: records each
// process that starts and each read of a pack manifest (`pack.json`, what every pack load
// reads first), in the file named by APB_LOAD_LOG, one line each: `<kind> <pid> <path>`.
import fs, { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.APB_LOAD_LOG;
if (log) {
  appendFileSync(log, `start ${process.pid} ${process.argv.slice(1, 2).join(' ')}\n`);
  const isManifest = (file) => String(file).endsWith('/pack.json');
  // However the loader reads its files (whole, or through an opened handle), count it.
  for (const name of ['readFile', 'open']) {
    const original = fs.promises[name];
    fs.promises[name] = function (file, ...rest) {
      if (isManifest(file)) appendFileSync(log, `load ${process.pid} ${file}\n`);
      return original.call(this, file, ...rest);
    };
  }
  // ESM imports of node:fs/promises see the patched functions too.
  syncBuiltinESMExports();
}
