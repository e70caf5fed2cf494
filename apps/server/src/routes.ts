import { auditRoutes } from "./features/audit/routes.js";
import { reportRoutes } from "./features/reports/routes.js";
import { authenticate } from "./features/auth/authenticate.js";
import { identityOf } from "./lib/identity.js";
import { requestOrigin } from "./features/pharmacy/link-origins.js";
import { authRoutes, userRoutes } from "./features/auth/routes.js";
import { mfaRoutes } from "./features/auth/mfa-routes.js";
import { enforceRouteRoles } from "./features/auth/route-roles.js";
import { staffRoutes } from "./features/auth/staff-routes.js";
import { organizationRoutes } from "./features/organization/routes.js";
import { deviceRoutes } from "./features/devices/routes.js";
import { displayRoutes } from "./features/display/routes.js";
import { fileRoutes } from "./features/files/routes.js";
import { pharmacyRoutes } from "./features/pharmacy/routes.js";
import { publicRoutes } from "./features/public/routes.js";
import { receptionRoutes } from "./features/receptions/routes.js";
import { settingsRoutes } from "./features/settings/routes.js";
import { linePublicRoutes, lineSettingsRoutes } from "./features/line/routes.js";
import { LineWebhook } from "./features/line/webhook.js";
import { visitorNoticeRoutes } from "./features/visitor-notices/routes.js";
import { followUpRoutes } from "./features/follow-ups/routes.js";
import { followUpPublicRoutes } from "./features/follow-ups/public-routes.js";
import { NextDispensingService } from "./features/follow-ups/next-dispensings.js";
import { PatientFollowUpPage } from "./features/follow-ups/patient-page.js";
import { retentionRoutes } from "./features/retention/routes.js";
import { liveSocketRoute } from "./live/socket-route.js";
import { healthRoutes } from "./ops/health-routes.js";
import { metrics } from "./ops/metrics.js";
import type { AppConfig } from "./config/config.js";
import type { DatabaseHandle } from "./db/database.js";
import type { ServerApp } from "./server-app.js";
import type { Services } from "./services.js";

/**
 * Every route: operations, sign-in and the live socket, the patients' public calls, then the staff's
 * API behind one authentication and the role check of `packages/contract/src/auth/roles.ts`.
 */
export async function registerRoutes(
  app: ServerApp,
  services: Services,
  { config, database }: { config: AppConfig; database: DatabaseHandle },
): Promise<void> {
  const {
    db,
    clock,
    bus,
    unitOfWork,
    idTokens,
    audit,
    linkOrigins,
    pharmacies,
    settings,
    devices,
    endedSessions,
    reports,
    organizations,
    auth,
    branches,
    staff,
    mfa,
    lineApi,
    lineSettings,
    line,
    notices,
    wait,
    prescriptions,
    receptions,
    organizationDay,
    files,
    uploadQuota,
    followUps,
    publicService,
    retention,
    patientRequests,
  } = services;
  await app.register(metrics, {
    database,
    token: config.metricsToken,
    observeLiveChanges: (hook) => bus.onChange((change) => change.type !== "session.ended" && hook()),
    liveSubscriptions: () => bus.subscriberCount(),
    liveFramesBuilt: () => bus.framesBuilt(),
  });
  await app.register(healthRoutes, { database });

  await app.register(authRoutes, {
    auth,
    mfa,
    staff,
    idTokens,
    endedSessions,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(liveSocketRoute, {
    bus,
    organizationDay,
    idTokens,
    endedSessions,
    clock,
    stillHeldToMfaSetup: (identity) => auth.stillHeldToMfaSetup(identity),
  });
  await app.register(publicRoutes, {
    publicService,
    uploadQuota,
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
    sendsAtOnce: config.publicSendConcurrency,
    linkOrigins,
  });
  await app.register(linePublicRoutes, {
    line,
    webhook: new LineWebhook({
      clock,
      unitOfWork,
      settings: lineSettings,
      pharmacies,
      receptions,
      api: lineApi,
      log: app.log,
    }),
    receptions,
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
  });
  await app.register(visitorNoticeRoutes, {
    notices,
    visitorReception: (statusToken) => receptions.visitorReception(statusToken),
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
  });
  await app.register(followUpPublicRoutes, {
    page: new PatientFollowUpPage({ db, clock, unitOfWork, audit, pharmacies, receptions }),
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
  });
  await app.register(async (api) => {
    api.addHook("onRequest", authenticate(idTokens, endedSessions));
    enforceRouteRoles(api, (identity) => auth.stillHeldToMfaSetup(identity));
    api.addHook("onRequest", (request, _reply, done) => {
      const pharmacyId = identityOf(request).pharmacyId;
      if (linkOrigins.settled(pharmacyId, () => requestOrigin(request)) !== undefined) return done();
      linkOrigins.note(pharmacyId, requestOrigin(request)).then(() => done(), done);
    });
    await api.register(userRoutes, { auth, branches });
    await api.register(mfaRoutes, { mfa });
    await api.register(staffRoutes, { staff, linkOrigins });
    await api.register(organizationRoutes, { organizations });
    await api.register(deviceRoutes, { devices });
    await api.register(receptionRoutes, { receptions, wait, prescriptions, settings, pharmacies });
    await api.register(displayRoutes, { wait });
    await api.register(fileRoutes, { files });
    await api.register(pharmacyRoutes, {
      pharmacies,
      receptionStartNumberFrom: (pharmacyId) => receptions.startNumberAppliesFrom(pharmacyId),
      linkOrigins,
    });
    await api.register(settingsRoutes, { settings });
    await api.register(lineSettingsRoutes, { settings: lineSettings });
    await api.register(auditRoutes, { audit });
    await api.register(reportRoutes, { reports });
    await api.register(retentionRoutes, { retention, requests: patientRequests });
    await api.register(followUpRoutes, {
      followUps,
      nextDispensings: new NextDispensingService({ db, clock, receptions, settings }),
      pharmacies,
    });
  });
}
