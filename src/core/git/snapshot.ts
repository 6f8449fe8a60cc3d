// A snapshot of a bare repository: every file of its directory as a tar stream (POSIX ustar),
// read one file at a time so that a large repository never sits in memory. This is what the
// platform's project snapshot hands administrators (Gitaly's GetSnapshot).
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A ustar header; names longer than 100 bytes are split into prefix and name at a slash. */
function header(name: string, size: number, mode: number, mtime: number, dir: boolean): Buffer {
  const buf = Buffer.alloc(BLOCK, 0);
  let prefix = '';
  let base = dir ? `${name}/` : name;
  if (Buffer.byteLength(base) > 100) {
    const cut = base.lastIndexOf('/', base.length - 2);
    prefix = base.slice(0, cut);
    base = base.slice(cut + 1);
  }
  buf.write(base, 0, 100, 'utf8');
  buf.write(octal(mode & 0o7777, 8), 100, 'ascii');
  buf.write(octal(0, 8), 108, 'ascii');
  buf.write(octal(0, 8), 116, 'ascii');
  buf.write(octal(dir ? 0 : size, 12), 124, 'ascii');
  buf.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  buf.write('        ', 148, 'ascii');
  buf.write(dir ? '5' : '0', 156, 'ascii');
  buf.write('ustar\0', 257, 'ascii');
  buf.write('00', 263, 'ascii');
  buf.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of buf) sum += byte;
  buf.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return buf;
}

/** Paths below `root`, directories before their contents, in a stable (sorted) order. */
async function* walk(root: string, rel = ''): AsyncGenerator<{ rel: string; abs: string; dir: boolean }> {
  const names = (await readdir(join(root, rel))).sort();
  for (const name of names) {
    // Lock files of a writer in progress are not part of the repository.
    if (name.endsWith('.lock')) continue;
    const path = rel ? `${rel}/${name}` : name;
    const abs = join(root, path);
    const st = await lstat(abs).catch(() => null);
    if (!st) continue;
    if (st.isDirectory()) {
      yield { rel: path, abs, dir: true };
      yield* walk(root, path);
    } else if (st.isFile()) yield { rel: path, abs, dir: false };
  }
}

/** The repository directory as a tar stream. */
export async function* repositorySnapshot(gitDir: string): AsyncGenerator<Uint8Array> {
  for await (const entry of walk(gitDir)) {
    const st = await lstat(entry.abs).catch(() => null);
    if (!st) continue;
    if (entry.dir) {
      yield header(entry.rel, 0, st.mode, st.mtimeMs, true);
      continue;
    }
    yield header(entry.rel, st.size, st.mode, st.mtimeMs, false);
    let written = 0;
    // Exactly the size announced in the header, even if the file changes meanwhile.
    for await (const chunk of createReadStream(entry.abs, { end: Math.max(0, st.size - 1), highWaterMark: 64 * 1024 })) {
      const data = chunk as Buffer;
      if (st.size === 0) break;
      written += data.length;
      yield data;
    }
    if (written < st.size) yield Buffer.alloc(st.size - written, 0);
    const pad = (BLOCK - (st.size % BLOCK)) % BLOCK;
    if (pad > 0) yield Buffer.alloc(pad, 0);
  }
  yield Buffer.alloc(BLOCK * 2, 0);
}
