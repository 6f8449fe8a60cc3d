#!/usr/bin/env node
// Launcher: turn on Node's on-disk compile cache where the runtime has it (22.1+), then hand
// over to the bundled CLI. Nothing else belongs here: every import costs start-up time.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/cli.js');
await main(process.argv.slice(2));
