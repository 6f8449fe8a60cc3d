// What serve answers a request Node's parser refused before any handler saw it. Node's own
// answers stand (400, 408, 413 and 431, each with `Connection: close` and no body), but for one
// case: a request line longer than the parser's limit (serve's maxHeaderSize) is an over-long
// URI, which the platform answers 414 with its JSON body, as the core does for a query string
// over its own limit. Headers too large stay 431.
import type { Duplex } from 'node:stream';

/** The answer to a request too long to parse whose request line never ended: as the core's 414. */
const URI_TOO_LONG_BODY = JSON.stringify({ message: '414 Request-URI Too Large' });
const URI_TOO_LONG = Buffer.from(`HTTP/1.1 414 URI Too Long\r\nContent-Type: application/json\r\nContent-Length: ${URI_TOO_LONG_BODY.length}\r\nConnection: close\r\n\r\n${URI_TOO_LONG_BODY}`, 'latin1');

/** Node's answers, by the parser's error code (node:_http_server); anything else is a 400. */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};
const plain = (status: string): Buffer => Buffer.from(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, 'latin1');

/**
 * Whether the request line is what ran past the limit. Only the packet the parser stopped in is
 * known: either the line had not ended in it, or its first line ends the request line
 * (` HTTP/1.x`) and is either long itself or the tail of one begun in an earlier packet (it does
 * not start with a method). Headers too large follow a request line that ended.
 */
function requestLineTooLong(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const end = rawPacket.indexOf('\n');
  if (end === -1) return true;
  const first = rawPacket.toString('latin1', 0, end).replace(/\r$/, '');
  return / HTTP\/1\.[01]$/.test(first) && (first.length > LONG_LINE || !/^[A-Z]+ \S/.test(first));
}

/** A request line this long is over-long whatever its headers: the core answers 414 above 16 KiB. */
const LONG_LINE = 16 * 1024;

/** Why Node's parser refused a request, by its error code, for serve's log. */
const REASONS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'headers too large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'chunk extensions too large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request timed out',
};

/**
 * serve's `clientError` listener: answers as Node would, or 414 for an over-long URI, then
 * closes. `note` gets the status and the reason of an answer to a request no handler saw, so
 * that serve's log has a line for it (a request that was under way is logged when it ends).
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex, note?: (status: number, reason: string) => void): void {
  // An answer already under way on this connection is not interrupted by another.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const code = error.code ?? '';
    const uriTooLong = code === 'HPE_HEADER_OVERFLOW' && requestLineTooLong(error.rawPacket);
    const status = uriTooLong ? '414 URI Too Long' : (NODE_ANSWERS[code] ?? '400 Bad Request');
    socket.write(uriTooLong ? URI_TOO_LONG : plain(status));
    if (!inFlight) note?.(Number(status.slice(0, 3)), uriTooLong ? 'request line too long' : (REASONS[code] ?? 'malformed request'));
  }
  socket.destroy(error);
}
