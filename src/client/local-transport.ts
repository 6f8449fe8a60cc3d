// The in-process transport: hands the request to a core's handle function. Bodies still travel
// encoded, so local answers have exactly the shape remote ones have. Streamed bodies (a file
// upload, a download) pass through as streams, so a large file never sits in memory.
import type { ApiRequest, ApiResponse } from '../shared/wire.js';
import type { Transport } from './transport.js';

export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

/** The base of the web URLs a local state's answers carry, and whether a running serve answers there. */
export interface LocalWeb {
  base: string;
  served: boolean;
}

export class LocalTransport implements Transport {
  constructor(
    readonly target: string,
    private readonly handler: Handler,
    private readonly onClose: () => Promise<void> | void = () => undefined,
    private readonly hold?: <T>(fn: () => Promise<T>) => Promise<T>,
    readonly web?: LocalWeb,
  ) {}

  snapshot<T>(fn: () => Promise<T>): Promise<T> {
    return this.hold ? this.hold(fn) : fn();
  }

  async request(request: ApiRequest): Promise<ApiResponse> {
    const response = await this.handler(request);
    // A streamed answer stays a stream only for a caller that asked for one.
    if (!response.stream || (request.streamResponse && response.status < 400)) return response;
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.stream) chunks.push(chunk);
    const { stream: _read, ...rest } = response;
    return { ...rest, body: Buffer.concat(chunks) };
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
