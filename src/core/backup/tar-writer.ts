// Writes a tar stream member by member, hashing each member's bytes as they pass. The header
// encoding (ustar blocks, PAX records for long names) is node-tar's; the writer adds what a
// backup needs and node-tar's packer cannot give: a SHA-256 of every member computed from the
// very bytes written, and members whose bytes come from an open file or a memory buffer.
import { createHash } from 'node:crypto';
import { Header } from 'tar/header';
import { Pax } from 'tar/pax';
import { kept, type ArchiveSink } from './archive-sink.js';
import { readAsync } from '../fd-calls.js';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
/** tar's record: archives are written in whole records of 20 blocks. */
const RECORD = BLOCK * 20;
/**
 * Members are written in pieces of at least this size: a state of many small files (loose git
 * objects, refs) would otherwise cost a write call, and a turn of the stream, per header and file.
 */
const FLUSH_AT = 1024 * 1024;
/**
 * A file member is read in pieces of this size into a ring of three buffers: one being read,
 * one being hashed, one being written. The piece is hashed while it is still in the CPU's cache
 * after the read (pieces of 2–4 MiB made the copy slower here, not faster), and the buffers are
 * reused, so a gibibyte costs no gibibyte of fresh pages.
 */
const PIECE = 1024 * 1024;

export class MemberSizeError extends Error {}

export class TarWriter {
  /** Bytes written so far (before compression). */
  bytes = 0;

  /**
   * `onSend` is called as each piece goes out (a megabyte at most apart, whatever the members'
   * sizes): a progress line then moves through one large member as well as from one to the next.
   */
  constructor(
    private readonly out: ArchiveSink,
    private readonly onSend?: () => void,
  ) {}

  private ring: Buffer[] | undefined;

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

  private send(chunk: Buffer): Promise<void> {
    this.onSend?.();
    return this.out.write(chunk);
  }

  private async header(path: string, size: number, mtime: Date): Promise<void> {
    const header = new Header({ path, mode: 0o600, size, mtime, type: 'File', uid: 0, gid: 0 });
    const block = Buffer.alloc(BLOCK);
    header.encode(block, 0);
    if (header.needPax) await this.write(new Pax({ path, size, mtime }).encode());
    await this.write(block);
  }

  private async pad(size: number): Promise<void> {
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(ZEROS.subarray(0, pad));
  }

  /**
   * Adds one regular file of exactly `size` bytes from memory; returns the SHA-256 of its
   * bytes. A source of more or fewer bytes than announced fails the member (the archive is then
   * unusable, and the caller discards it).
   */
  async add(path: string, size: number, source: Buffer, mtime = new Date(0)): Promise<string> {
    if (source.length > size) throw new MemberSizeError(`${path} grew while it was being archived`);
    if (source.length < size) throw new MemberSizeError(`${path} shrank while it was being archived`);
    await this.header(path, size, mtime);
    await this.write(source);
    await this.pad(size);
    return createHash('sha256').update(source).digest('hex');
  }

  /**
   * Adds one regular file of `size` bytes read from the open file `fd` (from its start);
   * returns the SHA-256 of its bytes. A file found longer or shorter than `size` fails the
   * member, as with `add`. Pieces are hashed and handed to the sink as they are read, while the
   * next one is read and the last one is written: one pass over the bytes.
   */
  async addFile(path: string, size: number, fd: number, mtime = new Date(0)): Promise<string> {
    await this.header(path, size, mtime);
    // The header goes out before the pieces, which are sent as they are (not gathered).
    await this.flush();
    const ring = (this.ring ??= [0, 1, 2].map(() => Buffer.allocUnsafeSlow(PIECE)));
    const hash = createHash('sha256');
    const readPiece = (i: number, position: number): Promise<number> =>
      kept(readAsync(fd, ring[i % ring.length] as Buffer, 0, Math.min(PIECE, size - position), position).then((r) => r.bytesRead));
    let position = 0;
    let next = size > 0 ? readPiece(0, 0) : undefined;
    for (let i = 0; next; i++) {
      const n = await next;
      if (n === 0) throw new MemberSizeError(`${path} shrank while it was being archived`);
      const piece = (ring[i % ring.length] as Buffer).subarray(0, n);
      position += n;
      // The buffer read into next was sent two pieces ago; the sink has finished with it since
      // it took the last piece.
      next = position < size ? readPiece(i + 1, position) : undefined;
      hash.update(piece);
      this.bytes += n;
      await this.send(piece);
    }
    const beyond = await readAsync(fd, Buffer.alloc(1), 0, 1, size);
    if (beyond.bytesRead > 0) throw new MemberSizeError(`${path} grew while it was being archived`);
    await this.pad(size);
    return hash.digest('hex');
  }

  /**
   * The two zero blocks that end a tar archive, then zeros up to a whole record (20 blocks), as
   * tar itself writes: GNU tar's --delete and --append refuse an archive that ends mid-record.
   */
  async finish(): Promise<void> {
    await this.write(ZEROS);
    let rest = (RECORD - (this.bytes % RECORD)) % RECORD;
    for (; rest > 0; rest -= Math.min(rest, ZEROS.length)) await this.write(ZEROS.subarray(0, Math.min(rest, ZEROS.length)));
    await this.flush();
  }
}
