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
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
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
      // File names in part headers are UTF-8, as browsers and every client send them (busboy
      // would read them as Latin-1: `résumé.txt` became `rÃ©sumÃ©.txt`).
      defParamCharset: 'utf8',
      limits: { fileSize: maxFileBytes, fieldSize: maxFileBytes, fields: MAX_FIELDS, files: 64, parts: MAX_FIELDS + 64, fieldNameSize: 1024 },
    });
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) failure ??= new ApiError(400, { error: `${name} is too long` });
      assign(name, value);
    });
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let broken = false;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure ??= new FileTooLargeError('file too large');
      });
      // A body that ends inside a file part fails the part's stream as well as the parser; the
      // parser's error answers the request, and an unheard stream error would end the process.
      stream.on('error', (error: Error) => {
        broken = true;
        failure ??= error;
      });
      stream.on('close', () => {
        if (broken) return;
        const file: UploadedFile = { filename: info.filename ?? 'file', contentType: info.mimeType, data: Buffer.concat(chunks) };
        assign(name, file);
      });
    });
    bb.on('fieldsLimit', () => (failure ??= new ApiError(400, { error: `too many parameters (at most ${MAX_FIELDS})` })));
    bb.on('partsLimit', () => (failure ??= new ApiError(400, { error: 'too many parts in the multipart body' })));
    bb.on('filesLimit', () => (failure ??= new ApiError(400, { error: 'too many files in the multipart body' })));
    bb.on('error', fail);
    bb.on('close', () => {
      if (failure) return fail(failure);
      if (settled) return;
      try {
        settled = true;
        resolve(normaliseIndexed(out) as ParamBag);
      } catch (error) {
        reject(error);
      }
    });
    bb.end(body);
  });
}
