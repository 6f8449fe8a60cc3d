// A tiny forward proxy for the transport's proxy tests: CONNECT tunnels and absolute-form
// requests, each one recorded in `seen`.
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface ForwardProxy {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = connect(Number(target.port), target.hostname, () => {
      upstream.write(`${req.method} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: close\r\n\r\n`);
      req.pipe(upstream);
    });
    upstream.on('data', (chunk: Buffer) => res.socket?.write(chunk));
    upstream.on('end', () => res.socket?.end());
    upstream.on('error', () => res.destroy());
  });
  proxy.on('connect', (req: IncomingMessage, socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        proxy.closeAllConnections();
        proxy.close(() => r());
      }),
  };
}
