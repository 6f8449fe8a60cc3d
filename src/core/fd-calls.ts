// Calls on a plain file descriptor as promises, for the writers that keep one (package files in
// blob-file.ts and ring-upload.ts, the backup archive in archive-sink.ts and the files it reads in
// tar-writer.ts): they read and write at positions of their own and sync when they choose, which
// a FileHandle would wrap in an object per file for nothing.
import { close, fdatasync, fsync, ftruncate, open, read, write } from 'node:fs';
import { promisify } from 'node:util';

export const openAsync = promisify(open);
export const readAsync = promisify(read);
export const writeAsync = promisify(write);
export const ftruncateAsync = promisify(ftruncate);
export const fdatasyncAsync = promisify(fdatasync);
export const fsyncAsync = promisify(fsync);
export const closeAsync = promisify(close);
