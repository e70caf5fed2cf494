/**
 * The reference: a bare Fastify route answering GET / with the bytes of BODY_FILE (and the header of
 * CONTENT_ENCODING, if set), nothing else. Started as its own process, like the server it is compared with.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const body = readFileSync(process.env.BODY_FILE!);
const encoding = process.env.CONTENT_ENCODING;
const app = Fastify();
app.get("/", (_request, reply) => {
  reply.type("application/json; charset=utf-8");
  if (encoding) reply.header("Content-Encoding", encoding);
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
