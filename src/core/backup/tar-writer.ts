// Writes a tar stream member by member, hashing each member's bytes as they pass. The header
// encoding (ustar blocks, PAX records for long names) is node-tar's; the writer adds what a
// backup needs and node-tar's packer cannot give: a SHA-256 of every member computed from the
// very bytes written, and members whose bytes come from an open file or a memory buffer.
import { createHash } from 'node:crypto';
import { Header } from 'tar/header';
import { Pax } from 'tar/pax';
import type { Writable } from 'node:stream';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
/**
 * Members are written in pieces of at least this size: a state of many small files (loose git
 * objects, refs) would otherwise cost a write call, and a turn of the stream, per header and file.
 */
const FLUSH_AT = 1024 * 1024;

export class MemberSizeError extends Error {}

export class TarWriter {
  /** Bytes written so far (before compression). */
  bytes = 0;

  constructor(private readonly out: Writable) {}

  /** Small pieces (headers, padding, small files) gathered into one write of up to FLUSH_AT bytes. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  private async write(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    if (chunk.length >= FLUSH_AT) {
      await this.flush();
      await this.send(chunk);
      return;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const joined = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.send(joined);
  }

  private async send(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = (): void => {
          this.out.off('error', onError);
          resolve();
        };
        const onError = (error: Error): void => {
          this.out.off('drain', onDrain);
          reject(error);
        };
        this.out.once('drain', onDrain);
        this.out.once('error', onError);
      });
    }
  }

  /**
   * Adds one regular file of exactly `size` bytes; returns the SHA-256 of its bytes. A source
   * that gives more or fewer bytes than announced fails the member (the archive is then unusable,
   * and the caller discards it).
   */
  async add(path: string, size: number, source: Buffer | AsyncIterable<Buffer>, mtime = new Date(0)): Promise<string> {
    const header = new Header({ path, mode: 0o600, size, mtime, type: 'File', uid: 0, gid: 0 });
    const block = Buffer.alloc(BLOCK);
    header.encode(block, 0);
    if (header.needPax) await this.write(new Pax({ path, size, mtime }).encode());
    await this.write(block);
    const hash = createHash('sha256');
    let written = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(source) ? [source] : source;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new MemberSizeError(`${path} grew while it was being archived`);
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new MemberSizeError(`${path} shrank while it was being archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(ZEROS.subarray(0, pad));
    return hash.digest('hex');
  }

  /** The two zero blocks that end a tar archive. */
  async finish(): Promise<void> {
    await this.write(ZEROS);
    await this.flush();
  }
}
