// The reference of bench:start: an empty Fastify app (one GET /readyz) started by plain node, the least
// any Node server of ours takes from `node` to its first answer on this machine at this moment.
import Fastify from "fastify";

const app = Fastify();
app.get("/readyz", async () => ({ ready: true }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
