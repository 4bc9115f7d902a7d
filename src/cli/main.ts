#!/usr/bin/env node
/** Executable entry of the `ibqos` command (package.json `bin`). */
import { run } from './program.js';

run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
