import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BOARD_ROLES, DisplayBoardSchema } from "@pharmacy/contract/display";
import { actorOf } from "../auth/actor.js";
import type { ReceptionService } from "../receptions/service.js";

export interface DisplayRoutesOptions {
  receptions: ReceptionService;
}

/** The calling display's board: numbers only (the response schema is strict, so no name can slip in). */
export const displayRoutes: FastifyPluginAsyncZod<DisplayRoutesOptions> = async (app, { receptions }) => {
  app.get("/api/display/board", { config: { roles: BOARD_ROLES }, schema: { response: { 200: DisplayBoardSchema } } }, async (request) =>
    receptions.board(actorOf(request).pharmacyId),
  );
};
