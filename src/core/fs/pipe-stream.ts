// A named pipe read as a stream on the event loop (`hostctl restore /dev/stdin`, a file given as
// `<(ssh host cat backup.tar)`, a mkfifo). Read through fs, a pipe waits for its bytes in one of
// Node's I/O threads, and the process's exit waits for that thread: a signal could never end a
// command whose pipe stalls (its scratch files would stay too). Opened without waiting for a
// writer, the pipe then waits for one, and for its bytes, holding nothing when the command ends.
import { constants, openSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Whether `path` is a named pipe to read with pipeStream (stat's errors are thrown). */
export const readsAsPipe = (path: string): boolean => constants.O_NONBLOCK !== undefined && statSync(path).isFIFO();

/** The named pipe at `path` as a stream read on the event loop (readsAsPipe said it is one). */
export async function pipeStream(path: string): Promise<Readable> {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const { Socket } = await import('node:net');
  return new Socket({ fd, readable: true, writable: false });
}
