import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DisplayBoardSchema } from "@pharmacy/contract/display/display";
import { actorOf } from "../../lib/actor.js";
import type { WaitService } from "../receptions/index.js";

export interface DisplayRoutesOptions {
  wait: WaitService;
}

/** The calling display's board: numbers only (the response schema is strict, so no name can slip in). */
export const displayRoutes: FastifyPluginAsyncZod<DisplayRoutesOptions> = async (app, { wait }) => {
  app.get("/api/display/board", { schema: { response: { 200: DisplayBoardSchema } } }, async (request) =>
    wait.board(actorOf(request).pharmacyId),
  );
};
