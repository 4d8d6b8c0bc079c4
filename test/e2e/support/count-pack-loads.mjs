// Preloaded (NODE_OPTIONS=--import) into every process of a Vitest run: records each
// process that starts and each read of a pack manifest (`pack.json`, what every pack load
// reads first) in the file named by APB_LOAD_LOG, one line each: `<kind> <pid> <path>`.

// Preloaded (NODE_OPTIONS=--import) into every process of a Vitest run: records each
// process that starts and each read of a pack manifest (`pack.json`, what every pack load
// reads first) in the file named by APB_LOAD_LOG, one line each: `<kind> <pid> <path>`.
import fs, { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.APB_LOAD_LOG;
if (log) {
  appendFileSync(log, `start ${process.pid} ${process.argv.slice(1, 2).join(' ')}\n`);
  const readFile = fs.promises.readFile;
  fs.promises.readFile = function (file, ...rest) {
    if (typeof file === 'string' && file.endsWith('/pack.json'))
      appendFileSync(log, `load ${process.pid} ${file}\n`);
    return readFile.call(this, file, ...rest);
  };
  // ESM imports of node:fs/promises see the patched function too.
  syncBuiltinESMExports();
}
