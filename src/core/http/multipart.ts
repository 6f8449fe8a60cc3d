// multipart/form-data bodies, parsed with busboy (loaded only when such a body arrives). Field
// names go through the same prototype-free, bounded assignment as query strings.
import type { ParamBag, UploadedFile } from './parse.js';
import { assignPath, bag, FieldCounter, MAX_FIELDS, normaliseIndexed } from './parse.js';
import { ApiError } from './errors.js';

export class FileTooLargeError extends Error {}

export async function parseMultipart(body: Buffer, contentType: string, maxFileBytes: number): Promise<ParamBag> {
  const { default: Busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    const out = bag();
    let failure: Error | undefined;
    const counter = new FieldCounter();
    const assign = (name: string, value: unknown): void => {
      if (failure) return;
      try {
        counter.add();
        assignPath(out, name, value);
      } catch (error) {
        failure = error as Error;
      }
    };
    const bb = Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: maxFileBytes, fieldSize: maxFileBytes, fields: MAX_FIELDS, files: 64, parts: MAX_FIELDS + 64, fieldNameSize: 1024 },
    });
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) failure ??= new ApiError(400, { error: `${name} is too long` });
      assign(name, value);
    });
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure ??= new FileTooLargeError('file too large');
      });
      stream.on('close', () => {
        const file: UploadedFile = { filename: info.filename ?? 'file', contentType: info.mimeType, data: Buffer.concat(chunks) };
        assign(name, file);
      });
    });
    bb.on('fieldsLimit', () => (failure ??= new ApiError(400, { error: `too many parameters (at most ${MAX_FIELDS})` })));
    bb.on('partsLimit', () => (failure ??= new ApiError(400, { error: 'too many parts in the multipart body' })));
    bb.on('filesLimit', () => (failure ??= new ApiError(400, { error: 'too many files in the multipart body' })));
    bb.on('error', reject);
    bb.on('close', () => {
      if (failure) return reject(failure);
      try {
        resolve(normaliseIndexed(out) as ParamBag);
      } catch (error) {
        reject(error);
      }
    });
    bb.end(body);
  });
}
