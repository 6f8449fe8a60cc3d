// multipart/form-data encoding, so file uploads travel the same way to the local core and
// over HTTP.

export interface FilePart {
  filename: string;
  data: Uint8Array;
  contentType?: string;
}

export function encodeMultipart(fields: Record<string, string | FilePart>): { body: Buffer; contentType: string } {
  // The boundary only has to be absent from the parts; a random one practically always is.
  const boundary = `----hostctl${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  const esc = (s: string) => s.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"; filename="${esc(value.filename)}"\r\nContent-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(value.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
