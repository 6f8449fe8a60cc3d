// A download ended by a signal (Ctrl-C, a `kill`, a closed terminal) leaves nothing behind: not
// the target, and not the `.part` file it was being written into; it exits 128 + the signal's
// number, as a shell reports it (src/cli/io/exit-signals.ts). The transfer is held mid-way by a relay on loopback between
// the CLI and `hostctl serve`, which passes the first bytes of the answer and then holds the
// rest, so the command is interrupted while its file is half-written, however fast the machine.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, cliSandbox, startServe, type CliSandbox, type ServeProcess } from '../helpers/cli.js';

/** Bytes of each answer the relay passes before it holds the rest. */
const PASSED = 256 * 1024;

/** A TCP relay to `port` that passes every request whole and only the first PASSED bytes of each answer. */
async function holdingRelay(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let passed = 0;
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const room = PASSED - passed;
      if (room > 0) client.write(chunk.subarray(0, room));
      passed += chunk.length;
      if (passed >= PASSED) upstream.pause();
    });
    for (const s of [client, upstream]) s.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        relay.close(() => r());
      }),
  };
}

describe('an interrupted download', () => {
  let box: CliSandbox;
  let serve: ServeProcess;
  let token: string;

  beforeAll(async () => {
    box = cliSandbox();
    token = await box.init();
    await box.json(['projects', 'create', '--path', 'held']);
    const file = join(box.dir, 'held.bin');
    writeFileSync(file, randomBytes(4 * 1024 * 1024));
    const up = await box.run(['packages', 'upload', '-R', 'root/held', '--name', 'held', '--package-version', '1.0.0', file]);
    expect(up.exitCode, String(up.stderr)).toBe(0);
    serve = await startServe(box);
  }, 60_000);

  afterAll(async () => {
    serve?.proc.kill('SIGTERM');
    await serve?.proc.catch(() => undefined);
    box?.cleanup();
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('leaves neither the target nor its .part file after %s, and exits %i', async (signal, code) => {
    const relay = await holdingRelay(Number(new URL(serve.url).port));
    const out = join(box.dir, `downloads-${signal}`);
    mkdirSync(out);
    try {
      const proc = execa(process.execPath, [BIN, 'packages', 'download', '-R', 'root/held', '--name', 'held', '--package-version', '1.0.0', 'held.bin', '-O', join(out, 'held.bin'), '--url', relay.url], {
        env: { ...cleanEnv(), ...box.env, HOSTCTL_TOKEN: token },
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
      // The half-written file appears once the answer's first bytes are in.
      await expect.poll(() => readdirSync(out).filter((n) => n.endsWith('.part')), { timeout: 30_000, interval: 50 }).toHaveLength(1);
      proc.kill(signal);
      const res = await proc;
      expect([res.exitCode, res.signal], String(res.stderr)).toEqual([code, undefined]);
      expect(readdirSync(out)).toEqual([]);
      expect(existsSync(join(out, 'held.bin'))).toBe(false);
    } finally {
      await relay.close();
    }
  }, 60_000);
});
