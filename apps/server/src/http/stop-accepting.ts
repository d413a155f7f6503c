import type { Server } from 'node:http';
import net from 'node:net';

/**
 * Stops taking connections while leaving the open ones be, and resolves (true) once all of them
 * have ended, or (false) after `waitMs`. http.Server's own close also destroys the idle ones at
 * once, and a proxy may be writing a request on one of them that instant: the request is lost
 * and, a POST, not retried elsewhere. Left open, such a connection gets its request answered
 * (with `connection: close`, the drain's) and the proxy closes its idle ones itself.
 */
export function stopAccepting(server: Server, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    timer.unref();
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
