import net from 'node:net';
import { AppError } from '../../lib/errors.js';

/** Connect, and then any pause in sending, longer than this means the printer is not there. */
export const PRINTER_TIMEOUT_MS = 5_000;

/**
 * Sends a job to a raw ESC/POS port (JetDirect, usually 9100) and closes. Done means the bytes
 * left this host: the protocol has no answer to wait for. Any failure is PRINTER_UNREACHABLE,
 * with the socket's own error as the cause for the log.
 */
export function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  timeoutMs = PRINTER_TIMEOUT_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const fail = (cause: Error) => {
      socket.destroy();
      if (settled) return;
      settled = true;
      const error = new AppError('PRINTER_UNREACHABLE');
      error.cause = cause;
      reject(error);
    };
    // An inactivity timer: it runs during connect and whenever a write stalls (printer out of
    // paper with a full buffer), and after the job it closes a socket the printer keeps open.
    socket.setTimeout(timeoutMs, () => fail(new Error(`no progress in ${timeoutMs} ms`)));
    socket.on('error', fail);
    // Some printers report status unasked; reading keeps their bytes from stalling the socket.
    socket.resume();
    socket.once('connect', () => socket.end(bytes));
    socket.once('finish', () => {
      settled = true;
      resolve();
    });
  });
}
