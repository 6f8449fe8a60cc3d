// multipart/form-data bodies, parsed with busboy (loaded only when such a body arrives).
import type { ParamBag, UploadedFile } from './parse.js';
import { assignPath, normaliseIndexed } from './parse.js';

export async function parseMultipart(body: Buffer, contentType: string, maxFileBytes: number): Promise<ParamBag> {
  const { default: Busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    const out: ParamBag = {};
    let tooLarge = false;
    const bb = Busboy({ headers: { 'content-type': contentType }, limits: { fileSize: maxFileBytes } });
    bb.on('field', (name, value) => assignPath(out, name, value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('close', () => {
        const file: UploadedFile = { filename: info.filename ?? 'file', contentType: info.mimeType, data: Buffer.concat(chunks) };
        assignPath(out, name, file);
      });
    });
    bb.on('error', reject);
    bb.on('close', () => (tooLarge ? reject(new Error('file too large')) : resolve(normaliseIndexed(out) as ParamBag)));
    bb.end(body);
  });
}
