/** The gateway listening: on the port asked for (or the last run's), on 127.0.0.1 and, best effort, on ::1. */
import http from 'node:http';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';
import type { Shutdown } from './shutdown.js';
import { lastPorts } from './util.js';

export interface ServedGateway {
  gateway: Gateway;
  port: number;
  /** The app, e.g. http://localhost:3000 (APP_ORIGIN). */
  url: string;
}

/** Port 0 reuses the previous run's port when free: handler modules keep URLs made from it (see util.ts freePort). */
export async function serveGateway(opts: GatewayOptions & { port: number; shutdown: Shutdown }): Promise<ServedGateway> {
  const { port: asked, shutdown, ...gatewayOptions } = opts;
  const gateway = createGateway(gatewayOptions);
  const extraServers: http.Server[] = [];
  shutdown.add(async () => {
    await Promise.all(
      extraServers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
    await gateway.close();
  });
  const port =
    asked === 0 && lastPorts.gateway
      ? await listen(gateway.server, lastPorts.gateway, '127.0.0.1').catch(() => listen(gateway.server, 0, '127.0.0.1'))
      : await listen(gateway.server, asked, '127.0.0.1');
  lastPorts.gateway = port;
  // Also on ::1, for clients that resolve localhost to IPv6 first (best effort).
  const v6 = http.createServer((req, res) => void gateway.handle(req, res));
  await listen(v6, port, '::1').then(
    () => extraServers.push(v6),
    () => undefined,
  );
  return { gateway, port, url: `http://localhost:${port}` };
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE' && host === '127.0.0.1')
        reject(new Error(`Port ${port} is already in use; set PORT to another port (e.g. PORT=3001 npm start).`));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
