// Reads a backup archive member by member (node-tar's parser, strict: a damaged header or a cut
// is an error, not a warning), hashing each member as it is written out. Restore and
// `restore --check` both read through here.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { Parser } from 'tar/parse';
import type { ReadEntry } from 'tar/read-entry';
import { ArchiveError, MANIFEST_NAME, parseManifest, safeMemberPath, type BackupManifest } from './manifest.js';
import { pipeStream, readsAsPipe } from '../fs/pipe-stream.js';

export interface ReadResult {
  manifest: BackupManifest;
  /** Member → SHA-256 of its last occurrence. */
  seen: Map<string, string>;
  /** Member → size in bytes of its last occurrence. */
  sizes: Map<string, number>;
  bytes: number;
}

const MAX_MANIFEST = 512 * 1024 * 1024;

/** A refusal kept for the end of the read; handled at once, so it never counts as unhandled. */
function refused(error: unknown): Promise<void> {
  const p = Promise.reject(error);
  p.catch(() => undefined);
  return p;
}

/**
 * How far a read has got: bytes of the archive file read so far, of `size` (undefined when the
 * file's size cannot be told, as of a pipe). Reported as the file is read, not per member, so a
 * progress line moves through one large member too; for a gzip archive these are compressed
 * bytes, as the size is.
 */
export type ReadProgress = (read: number, size: number | undefined) => void;

/**
 * Reads `file`; `destination(name)` says where a member's bytes go (undefined: hash only).
 * Throws ArchiveError naming the member when the archive is damaged or does not match its
 * manifest.
 */
export async function readArchive(file: string, destination: (name: string) => string | undefined, onRead?: ReadProgress): Promise<ReadResult> {
  const seen = new Map<string, string>();
  const sizes = new Map<string, number>();
  let manifestText: string | undefined;
  let bytes = 0;
  const pending: Promise<void>[] = [];
  // Each member's outcome is awaited after the parse; until then a failure must not count as unhandled.
  const track = (p: Promise<void>): void => {
    p.catch(() => undefined);
    pending.push(p);
  };
  let current = '(archive header)';
  const parser = new Parser({
    strict: true,
    maxMetaEntrySize: 1024 * 1024,
    onReadEntry: (entry: ReadEntry) => {
      const name = entry.path;
      current = name;
      if (entry.type !== 'File' && entry.type !== 'OldFile') {
        entry.resume();
        pending.push(refused(new ArchiveError(`the archive holds ${name}, which is not a regular file: not a hostctl backup`)));
        return;
      }
      if (!safeMemberPath(name)) {
        entry.resume();
        pending.push(refused(new ArchiveError(`the archive names an unsafe path: ${JSON.stringify(name)}`)));
        return;
      }
      const hash = createHash('sha256');
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_MANIFEST) chunks.push(c);
        });
        track(
          new Promise<void>((resolve, reject) => {
            entry.on('end', () => {
              if (size > MAX_MANIFEST) reject(new ArchiveError('the archive manifest is too large'));
              manifestText = Buffer.concat(chunks).toString('utf8');
              resolve();
            });
            entry.on('error', reject);
          }),
        );
        return;
      }
      let dest: string | undefined;
      try {
        dest = destination(name);
      } catch (error) {
        // Thrown inside the parser's callback it would end the process: it fails the read instead.
        entry.resume();
        pending.push(refused(error));
        return;
      }
      const out = dest === undefined ? undefined : (mkdirSync(dirname(dest), { recursive: true }), createWriteStream(dest, { mode: 0o600 }));
      let size = 0;
      entry.on('data', (c: Buffer) => {
        size += c.length;
        hash.update(c);
        if (out && !out.write(c)) {
          entry.pause();
          out.once('drain', () => entry.resume());
        }
      });
      track(
        new Promise<void>((resolve, reject) => {
          entry.on('end', () => {
            seen.set(name, hash.digest('hex'));
            sizes.set(name, size);
            bytes += size;
            if (!out) return resolve();
            out.end(() => resolve());
          });
          entry.on('error', reject);
          out?.on('error', reject);
        }),
      );
    },
  });
  // A pipe (`restore /dev/stdin`) is read on the event loop, so that a signal still ends a
  // restore whose pipe stalls, and removes its scratch state (core/fs/pipe-stream.ts).
  let pipe = false;
  try {
    pipe = readsAsPipe(file);
  } catch {
    // the stream reports what is wrong with the file
  }
  const input: Readable = pipe ? await pipeStream(file) : createReadStream(file, { highWaterMark: 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    if (onRead) {
      let size: number | undefined;
      try {
        const st = statSync(file);
        if (st.isFile()) size = st.size;
      } catch {
        // the stream reports what is wrong with the file
      }
      let read = 0;
      input.on('data', (chunk: Buffer | string) => {
        read += chunk.length;
        onRead(read, size);
      });
    }
    const fail = (error: unknown): void => {
      input.destroy();
      const message = error instanceof Error ? error.message : String(error);
      reject(error instanceof ArchiveError ? error : new ArchiveError(`the archive is damaged at ${current}: ${message}`));
    };
    parser.on('error', fail);
    parser.on('warn', (_code: string, message: string) => fail(new Error(message)));
    input.on('error', fail);
    parser.on('end', () => resolve());
    input.pipe(parser as unknown as NodeJS.WritableStream);
  });
  const settled = await Promise.allSettled(pending);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason instanceof ArchiveError ? failed.reason : new ArchiveError(`could not read the archive: ${String((failed.reason as Error)?.message ?? failed.reason)}`);
  if (manifestText === undefined) throw new ArchiveError('the archive has no manifest: it is truncated or not a hostctl backup');
  const manifest = parseManifest(manifestText);
  for (const [name, sha] of Object.entries(manifest.members)) {
    const got = seen.get(name);
    if (got === undefined) throw new ArchiveError(`the archive is missing ${name}, which its manifest lists`);
    if (got !== sha) throw new ArchiveError(`${name} is damaged: its SHA-256 does not match the manifest`);
  }
  return { manifest, seen, sizes, bytes };
}
