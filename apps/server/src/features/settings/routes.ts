import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppSettingsSchema, BusinessHoursSchema } from "@pharmacy/contract/settings/settings";
import { actorOf } from "../../lib/actor.js";
import type { SettingsService } from "./service.js";

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get("/api/app_settings", { schema: { response: { 200: AppSettingsSchema } } }, async (request) =>
    settings.appSettings(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/app_settings",
    { schema: { body: AppSettingsSchema, response: { 200: AppSettingsSchema } } },
    async (request) => settings.saveAppSettings(actorOf(request), request.body),
  );

  app.get("/api/business_hours", { schema: { response: { 200: BusinessHoursSchema } } }, async (request) =>
    settings.businessHours(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/business_hours",
    { schema: { body: BusinessHoursSchema, response: { 200: BusinessHoursSchema } } },
    async (request) => settings.saveBusinessHours(actorOf(request), request.body),
  );
};
