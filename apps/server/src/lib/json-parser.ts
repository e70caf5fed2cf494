import type { FastifyInstance } from "fastify";

/** JSON bodies as usual, except that an empty body is "no body": the web client sends the JSON type on every call. */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const defaultParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit }, (request, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined);
    defaultParser(request, body as string, done);
  });
}
