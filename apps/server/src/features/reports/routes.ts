import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DailyReportSchema, ReportQuerySchema } from "@pharmacy/contract/reports/reports";
import { actorOf } from "../../lib/actor.js";
import type { ReportService } from "./service.js";

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (app, { reports }) => {
  app.get(
    "/api/reports/daily",
    {
      schema: { querystring: ReportQuerySchema, response: { 200: DailyReportSchema } },
    },
    async (request) => reports.daily(actorOf(request).pharmacyId, request.query),
  );

  app.get("/api/reports/daily.csv", { schema: { querystring: ReportQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const csv = await reports.dailyCsv(actorOf(request).pharmacyId, request.query);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="reports-${from}_${to}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
};
