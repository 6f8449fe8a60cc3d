// The in-process transport: hands the request to a core's handle function. Bodies still travel
// encoded, so local answers have exactly the shape remote ones have.
import type { ApiRequest, ApiResponse } from '../shared/wire.js';
import type { Transport } from './transport.js';

export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

export class LocalTransport implements Transport {
  constructor(
    readonly target: string,
    private readonly handler: Handler,
    private readonly onClose: () => Promise<void> | void = () => undefined,
  ) {}

  request(request: ApiRequest): Promise<ApiResponse> {
    return this.handler(request);
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
