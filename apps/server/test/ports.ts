import { createServer } from 'node:net';

/**
 * A port nobody holds right now, below the ephemeral range (32768 and up on Linux): a server that
 * is killed and started again on its port must not find it taken meanwhile by some outgoing
 * connection, as an OS-chosen port could be; and above this machine's own services (PostgreSQL on
 * 5432, RabbitMQ on 5672, Redis on 6379), which a fixed range of low ports met.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}
