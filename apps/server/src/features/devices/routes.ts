import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CreateDeviceSchema,
  CreatedDeviceSchema,
  DeviceIdParamsSchema,
  DeviceListSchema,
} from "@pharmacy/contract/devices/devices";
import { actorOf } from "../../lib/actor.js";
import type { DeviceService } from "./service.js";

export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DeviceService }> = async (app, { devices }) => {
  app.post(
    "/api/devices",
    { schema: { body: CreateDeviceSchema, response: { 201: CreatedDeviceSchema } } },
    async (request, reply) => reply.status(201).send(await devices.create(actorOf(request), request.body)),
  );

  app.get("/api/devices", { schema: { response: { 200: DeviceListSchema } } }, async (request) => ({
    devices: await devices.list(actorOf(request).pharmacyId),
  }));

  app.delete("/api/devices/:id", { schema: { params: DeviceIdParamsSchema } }, async (request, reply) => {
    await devices.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
