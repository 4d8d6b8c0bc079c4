#!/usr/bin/env node
import { needsRelaunch, relaunchWithoutNodeSnapshot } from './relaunch.js';

const argv = process.argv.slice(2);
if (needsRelaunch()) {
  process.exitCode = await relaunchWithoutNodeSnapshot(argv);
} else {
  // Loaded only here: the relaunching parent needs none of the CLI.
  const { runCli } = await import('./main.js');
  process.exitCode = await runCli(argv);
}
