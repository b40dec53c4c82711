/**
 * Loaded into a test server on PGlite by startServer (NODE_OPTIONS `--import`), never into the
 * app itself: serves the test's `srv.sql` on the server's own PGlite instance, over a Unix
 * socket named after this process in the server's temporary folder (MD_TEST_SQL_SOCKET_DIR): a
 * second process started with the same environment (the chaos suite's lock check) or a restart
 * listens on a socket of its own and never takes the running server's.
 *
 * Why: PGlite is one process's database. Without this, each `srv.sql` on PGlite stopped the
 * server, opened the folder in the test process and started the server again, about 30 s a
 * statement batch on CI's two cores; a dozen files paid it several times. On PostgreSQL the
 * statements go over a connection of their own, with the server running, so this gives PGlite
 * the same semantics (caches stay warm, nothing restarts).
 *
 * Each statement runs through `lite.query`, which waits for any transaction the server has
 * open on the instance (the Prisma adapter runs them in `lite.transaction`, which holds
 * PGlite's lock), so a statement never lands inside a request's transaction.
 *
 * Framing: a 4-byte length and a v8-serialized value each way (rows keep their Dates, bytes
 * and bigints, as the in-process path returned them).
 */
import net from 'node:net';
import path from 'node:path';
import { serialize, deserialize } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const socketDir = process.env.MD_TEST_SQL_SOCKET_DIR;
// Only the `next start` process the harness spawned: not a worker thread or child process
// that inherited the environment (it would take the socket from the server).
const isServer = isMainThread && /next[\\/]dist[\\/]bin[\\/]next$/.test(process.argv[1] ?? '');

/** One message: its 4-byte length, then the v8-serialized value (startServer's `srv.sql` sends these too). */
export function frame(value) {
  const body = serialize(value);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}

/** The socket the server process `pid` listens on in `dir` (startServer connects to it). */
export const sqlSocketPath = (dir, pid) => path.join(dir, `${pid}.sock`);

if (socketDir && isServer) {
  const run = async (statements) => {
    const lite = globalThis.__mdLite;
    if (!lite) throw new Error('this server has not opened a PGlite database');
    const rows = [];
    for (const [text, params] of statements) rows.push((await lite.query(text, params)).rows);
    return rows;
  };
  // allowHalfOpen: the test ends its side once it has sent the statements; the answer goes
  // back after them, however long the server's open transaction keeps them waiting.
  const server = net.createServer({ allowHalfOpen: true }, (conn) => {
    let buf = Buffer.alloc(0);
    conn.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 4 || buf.length < 4 + buf.readUInt32BE(0)) return;
      const statements = deserialize(buf.subarray(4, 4 + buf.readUInt32BE(0)));
      run(statements).then(
        (rows) => conn.end(frame({ rows })),
        (e) => conn.end(frame({ error: e instanceof Error ? e.message : String(e) })),
      );
    });
    conn.on('error', () => {});
  });
  server.listen(sqlSocketPath(socketDir, process.pid));
  server.unref();
}
