import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ROLES } from "@pharmacy/contract/roles";
import { AppSettingsSchema, BusinessHoursSchema } from "@pharmacy/contract/settings";
import { actorOf } from "../../lib/actor.js";
import type { SettingsService } from "./service.js";

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    "/api/app_settings",
    { config: { roles: ROLES.peopleAndCounter }, schema: { response: { 200: AppSettingsSchema } } },
    async (request) => settings.appSettings(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/app_settings",
    { config: { roles: ROLES.admin }, schema: { body: AppSettingsSchema, response: { 200: AppSettingsSchema } } },
    async (request) => settings.saveAppSettings(actorOf(request), request.body),
  );

  app.get(
    "/api/business_hours",
    { config: { roles: ROLES.peopleAndCounter }, schema: { response: { 200: BusinessHoursSchema } } },
    async (request) => settings.businessHours(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/business_hours",
    { config: { roles: ROLES.admin }, schema: { body: BusinessHoursSchema, response: { 200: BusinessHoursSchema } } },
    async (request) => settings.saveBusinessHours(actorOf(request), request.body),
  );
};
