import net from "node:net";

export type UploadOutcome = { status: number; body: string } | { networkError: string };

/**
 * A client that sends its whole body before it reads the answer, as a browser's upload does: a write
 * that fails (the server closed on bytes it never read, and the kernel answered with a reset) ends
 * the request as a network error, whatever answer was already on its way. Node's fetch reads an early
 * answer while it still writes and so hides the reset; a phone's browser shows 「ネットワークエラー」.
 */
export async function sendBodyThenRead(baseUrl: string, request: Request): Promise<UploadOutcome> {
  const { hostname, port } = new URL(baseUrl);
  const { pathname } = new URL(request.url);
  const body = Buffer.from(await request.arrayBuffer());
  const headers = [...request.headers, ["content-length", String(body.byteLength)], ["host", `${hostname}:${port}`]];
  const head = `${request.method} ${pathname} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
  const socket = net.connect(Number(port), hostname);
  socket.pause();
  let failed: Error | undefined;
  socket.on("error", (error) => (failed ??= error));
  const write = (chunk: Buffer | string) =>
    new Promise<void>((resolve, reject) => socket.write(chunk, (error) => (error ? reject(error) : resolve())));
  try {
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    await write(head);
    for (let offset = 0; offset < body.byteLength; offset += 64 * 1024)
      await write(body.subarray(offset, offset + 64 * 1024));
    return await readAnswer(socket);
  } catch (error) {
    return { networkError: String(failed ?? error) };
  } finally {
    socket.destroy();
  }
}

function readAnswer(socket: net.Socket): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString("latin1");
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.byteLength < headEnd + 4 + length) return;
      resolve({
        status: Number(head.split(" ")[1]),
        body: received.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8"),
      });
    });
    socket.once("error", reject);
    socket.once("end", () => reject(new Error("closed before the answer")));
    socket.resume();
  });
}
