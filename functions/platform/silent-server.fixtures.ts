/** For the client-timeout tests: a local HTTP service that takes connections and requests and never answers. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SilentServer {
  port: number;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function silentServer(): Promise<SilentServer> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer(() => void requests++);
  server.on('connection', (socket) => (sockets.add(socket), socket.on('close', () => sockets.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
