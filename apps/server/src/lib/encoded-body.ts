import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

type Compression = "br" | "gzip";

/** Below this a compressed copy saves less than a packet. */
const MIN_COMPRESSIBLE_BYTES = 1024;

const compressors: Record<Compression, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 5: most of brotli's gain for a small part of its time at 11, so a cache fill stays cheap.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

const negotiator = new Negotiator<Compression | "identity">({
  supportedValues: ["br", "gzip", "identity"],
  cache: new Map(),
});

/**
 * Response bytes kept with their compressed copies, each made once (off the event loop) on the first
 * request that asks for it: a cached answer is compressed once, not once per request.
 */
export class EncodedBody {
  /** Each copy while it is made, then the bytes themselves, to send without waiting on a promise again. */
  private readonly copies = new Map<Compression, Buffer | Promise<Buffer>>();

  constructor(readonly bytes: Buffer) {}

  compressed(compression: Compression): Buffer | Promise<Buffer> {
    const known = this.copies.get(compression);
    if (known) return known;
    const making = compressors[compression](this.bytes);
    this.copies.set(compression, making);
    void making.then(
      (bytes) => this.copies.set(compression, bytes),
      () => this.copies.delete(compression),
    );
    return making;
  }
}

/**
 * Sends the body in the best encoding the client accepts, with `Vary` so caches keep them apart: at
 * once (returning nothing) when that copy is made, as for every request but the first after a change.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): Promise<void> | undefined {
  reply.header("Vary", "Accept-Encoding");
  const accepted = request.headers["accept-encoding"];
  const encoding = accepted && body.bytes.length >= MIN_COMPRESSIBLE_BYTES ? negotiator.negotiate(accepted) : null;
  if (encoding !== "br" && encoding !== "gzip") {
    reply.send(body.bytes);
    return undefined;
  }
  reply.header("Content-Encoding", encoding);
  const copy = body.compressed(encoding);
  if (copy instanceof Promise) return copy.then((bytes) => void reply.send(bytes));
  reply.send(copy);
  return undefined;
}
