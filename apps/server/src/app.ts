import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config/config.js";
import type { DatabaseHandle } from "./db/database.js";
import { auditRoutes } from "./features/audit/routes.js";
import { reportRoutes } from "./features/reports/routes.js";
import { ReportService } from "./features/reports/service.js";
import { AuditService } from "./features/audit/service.js";
import { createIdTokens } from "./features/auth/id-tokens.js";
import { authenticate } from "./features/auth/authenticate.js";
import { identityOf } from "./lib/identity.js";
import { LinkOrigins, requestOrigin } from "./features/pharmacy/link-origins.js";
import { authRoutes, userRoutes } from "./features/auth/routes.js";
import { mfaRoutes } from "./features/auth/mfa-routes.js";
import { MfaService } from "./features/auth/mfa-service.js";
import { SecretBox } from "./features/auth/secret-box.js";
import { resolveDataKey } from "./config/data-key.js";
import { enforceRouteRoles } from "./features/auth/route-roles.js";
import { EndedSessions } from "./features/auth/sessions.js";
import { staffRoutes } from "./features/auth/staff-routes.js";
import { organizationRoutes } from "./features/organization/routes.js";
import { OrganizationService } from "./features/organization/service.js";
import { OrganizationDayFeed } from "./features/organization/day-feed.js";
import { StaffService } from "./features/auth/staff-service.js";
import { deviceRoutes } from "./features/devices/routes.js";
import { DeviceService } from "./features/devices/service.js";
import { AuthService } from "./features/auth/service.js";
import { seedDemoAccount } from "./features/demo/seed.js";
import { displayRoutes } from "./features/display/routes.js";
import { fileRoutes } from "./features/files/routes.js";
import { fileStoresOf } from "./features/files/file-store.js";
import { FileService } from "./features/files/service.js";
import { CodeReader } from "./features/files/code-reader.js";
import { isLoopbackAddress } from "@pharmacy/contract/pharmacy/pharmacy";
import { pharmacyRoutes } from "./features/pharmacy/routes.js";
import { PharmacyService } from "./features/pharmacy/service.js";
import { publicRoutes } from "./features/public/routes.js";
import { PublicService } from "./features/public/service.js";
import { PublicUploadQuota } from "./features/public/upload-quota.js";
import { ReceptionListCache } from "./features/receptions/list-cache.js";
import { startAbandonedSweep } from "./features/receptions/abandoned-sweep.js";
import { receptionRoutes } from "./features/receptions/routes.js";
import { PrescriptionService } from "./features/receptions/prescription-service.js";
import { ReceptionService } from "./features/receptions/service.js";
import { WaitService } from "./features/receptions/wait-service.js";
import { settingsRoutes } from "./features/settings/routes.js";
import { LineDispatcher } from "./features/line/dispatcher.js";
import { LineApi } from "./features/line/line-api.js";
import { linePublicRoutes, lineSettingsRoutes } from "./features/line/routes.js";
import { LineNotices } from "./features/line/service.js";
import { LineSettingsService } from "./features/line/settings-service.js";
import { LineWebhook } from "./features/line/webhook.js";
import { PushSender } from "./features/visitor-notices/push-sender.js";
import { visitorNoticeRoutes } from "./features/visitor-notices/routes.js";
import { VisitorNotices } from "./features/visitor-notices/service.js";
import { startVisitorNoticeSweep } from "./features/visitor-notices/sweep.js";
import { resolveVapidKeys } from "./config/vapid-keys.js";
import { SettingsService } from "./features/settings/service.js";
import { followUpRoutes } from "./features/follow-ups/routes.js";
import { followUpPublicRoutes } from "./features/follow-ups/public-routes.js";
import { FollowUpService } from "./features/follow-ups/service.js";
import { NextDispensingService } from "./features/follow-ups/next-dispensings.js";
import { PatientFollowUpPage } from "./features/follow-ups/patient-page.js";
import { FollowUpSweep, startFollowUpSweep } from "./features/follow-ups/sweep.js";
import { ReceptionErasure } from "./features/retention/erasure.js";
import { PatientRequests } from "./features/retention/patient-requests.js";
import { retentionRoutes } from "./features/retention/routes.js";
import { RetentionService } from "./features/retention/service.js";
import { startRetentionSweep } from "./features/retention/sweep.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { answerFrameworkError, registerErrorHandler } from "./lib/error-handler.js";
import { registerJsonParser } from "./lib/json-parser.js";
import { onWebSocketError, UrlRedaction } from "./lib/log-rules.js";
import { requestIdGenerator } from "./lib/request-ids.js";
import { registerSlowBodyGuard } from "./lib/slow-body-guard.js";
import { sharedRateLimitStore } from "./lib/shared-rate-limit.js";
import { privateDirectory } from "./lib/private-files.js";
import { lazyRequestLogger } from "./lib/lazy-request-logger.js";
import { PollingAwareLogController } from "./lib/request-logging.js";
import { registerSecurityHeaders } from "./lib/security-headers.js";
import { LiveBus } from "./live/live-bus.js";
import { liveSocketRoute } from "./live/socket-route.js";
import { UnitOfWork } from "./live/unit-of-work.js";
import { setJapaneseValidationMessages } from "@pharmacy/contract/shared/zod-locale";
import { IDEMPOTENCY_KEY_HEADER } from "@pharmacy/contract/public/public";
import { createMailer } from "./mail/mailer.js";
import { healthRoutes } from "./ops/health-routes.js";
import { metrics } from "./ops/metrics.js";
import { API_DOCS_PATH, registerOpenApi } from "./ops/openapi.js";
import { closeSocketsForRestart } from "./ops/websocket-close.js";
import { isPageRequest, pageEntryOf, registerWebApp } from "./web-app.js";

export interface AppDeps {
  config: AppConfig;
  /** A promise while it still opens: the plugins that need no database are registered meanwhile. */
  database: DatabaseHandle | Promise<DatabaseHandle>;
  jwtSecret: string | Promise<string>;
  clock?: Clock;
  /** Where log lines go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

const JSON_BODY_LIMIT = 64 * 1024;
const API_VERSION = "1.0.0";

setJapaneseValidationMessages();

export async function buildApp({ config, clock = systemClock, logStream, ...opening }: AppDeps) {
  const urlRedaction = new UrlRedaction();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "*.password",
          "*.newPassword",
          "*.code",
          "*.refreshToken",
        ],
        censor: "[redacted]",
      },
      serializers: { req: urlRedaction.serializeRequest },
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: requestIdGenerator(),
    frameworkErrors: answerFrameworkError,
    logController: new PollingAwareLogController(),
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  // before any route: every route's path parameters are judged by the log's one redaction rule
  app.addHook("onRoute", (route) => urlRedaction.learn(route.url));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app, JSON_BODY_LIMIT);
  registerErrorHandler(app);
  registerSlowBodyGuard(app, config.bodyTimeoutMs);

  registerSecurityHeaders(app, { apiPrefixes: ["/api/", "/auth/"], pagePrefixes: [API_DOCS_PATH] });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      allowedHeaders: ["Authorization", "Content-Type", "X-Ws-Session-Id", IDEMPOTENCY_KEY_HEADER],
    });
  }
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    errorHandler: onWebSocketError,
    preClose: closeSocketsForRestart,
  });
  await registerOpenApi(app, API_VERSION);

  const database = await opening.database;
  const jwtSecret = await opening.jwtSecret;
  // several processes on one PostgreSQL count each address's requests together
  await app.register(rateLimit, {
    global: false,
    ...(database.engine === "postgres" && { store: sharedRateLimitStore(database.db) }),
  });

  const { db } = database;
  await privateDirectory(config.dataDir);
  database.reportConnectionErrorsTo((error) =>
    app.log.warn({ err: error }, "database connection lost; it is replaced on the next call"),
  );
  const idTokens = createIdTokens(jwtSecret, clock);
  const mailer = createMailer(config.mail, app.log);
  if (config.publicBaseUrl && isLoopbackAddress(config.publicBaseUrl)) {
    app.log.warn(
      { publicBaseUrl: config.publicBaseUrl },
      "PUBLIC_BASE_URL is a loopback address: patients' phones cannot open the public links",
    );
  }
  const bus = new LiveBus(database, (error) => app.log.error({ err: error }, "live event delivery failed"));
  const unitOfWork = new UnitOfWork(db, bus);

  const audit = new AuditService({ db, clock });
  const linkOrigins = new LinkOrigins(db, config.publicBaseUrl);
  const pharmacies = new PharmacyService({ db, clock, unitOfWork, audit });
  const settings = new SettingsService({ db, clock, audit });
  const devices = new DeviceService({ db, clock, unitOfWork, idTokens, audit });
  const endedSessions = new EndedSessions(db, clock, bus, devices);
  const reports = new ReportService({ db, settings });
  const organizations: OrganizationService = new OrganizationService({
    db,
    unitOfWork,
    pharmacies,
    audit,
    // auth and the day's features are made below: none is called before the server starts
    joinAsAdmin: (work, userId, pharmacyId): Promise<void> => auth.joinBranch(work, userId, pharmacyId, "admin"),
    dayCounts: {
      today: () => receptions.today(),
      receptions: (ids, today) => receptions.dayCountsByBranch(ids, today),
      followUpsDue: (ids, today) => followUps.dueCountsByBranch(ids, today),
      failedNotices: (ids, since) => line.failedCountsByBranch(ids, since),
      failedMails: (ids, since) => notices.mailFailureCountsByBranch(ids, since),
    },
    reportDays: (ids, query) => reports.daysOfBranches(ids, query),
    settings,
  });
  const authDeps = {
    db,
    unitOfWork,
    pharmacies,
    organizations,
    clock,
    mailer,
    idTokens,
    settings,
    deviceSessions: devices,
    codeKey: jwtSecret,
    audit,
  };
  const auth = new AuthService(authDeps);
  const staff = new StaffService({ ...authDeps, auth });
  const secretBox = new SecretBox(await resolveDataKey(config.dataEncryptionKey, config.dataDir));
  const mfa = new MfaService({ db, clock, auth, audit, codeKey: jwtSecret, secretBox });
  const sealed = await mfa.sealClearSecrets();
  if (sealed > 0) app.log.info({ sealed }, "two-factor secrets stored in clear were encrypted");
  if (!(await mfa.keyOpensStoredSecrets())) {
    app.log.error(
      "two-factor secrets in the database were sealed with another key: set DATA_ENCRYPTION_KEY (or restore data-encryption-key) to the key they were sealed with",
    );
  }
  const lineApi = new LineApi(config.line.apiBaseUrl, config.line.timeoutMs);
  const lineSettings = new LineSettingsService({
    db,
    clock,
    unitOfWork,
    secretBox,
    api: lineApi,
    pharmacies,
    linkOrigins,
    audit,
  });
  const lineDispatcher = new LineDispatcher(db, clock, lineApi, lineSettings, app.log);
  const line = new LineNotices({
    db,
    clock,
    settings: lineSettings,
    dispatcher: lineDispatcher,
    pharmacies,
    linkOrigins,
  });
  const vapidKeys = await resolveVapidKeys(config.push.vapidKeys, config.dataDir);
  const notices = new VisitorNotices({
    db,
    clock,
    pharmacies,
    mailer,
    push: new PushSender(vapidKeys, config.push.subject, config.push.allowlist),
    publicKey: vapidKeys.publicKey,
    allowlist: config.push.allowlist,
    line,
    log: app.log,
  });
  const wait = new WaitService({ db, clock, unitOfWork, pharmacies, notices, secretBox });
  const prescriptions = new PrescriptionService({ db, clock, unitOfWork, audit });
  const receptions = new ReceptionService({
    db,
    clock,
    unitOfWork,
    listCache: new ReceptionListCache(),
    pharmacies,
    audit,
    prescriptions,
    wait,
    secretBox,
  });
  const sealedLinks = await receptions.sealClearStatusTokens();
  if (sealedLinks > 0) app.log.info({ sealed: sealedLinks }, "status links stored in clear were hashed and encrypted");
  receptions.listenTo(bus);
  const organizationDay = new OrganizationDayFeed({
    bus,
    organizationOf: (pharmacyId) => organizations.organizationOf(pharmacyId),
    dayOf: (organizationId, branchIds) => organizations.today(organizationId, branchIds),
    onError: (error) => app.log.error({ err: error }, "the organisation's day frame failed"),
  });
  organizationDay.listen();
  const codeReader = new CodeReader();
  app.addHook("onClose", () => codeReader.close());
  const files = new FileService({
    db,
    bytesDb: database.bytesDb,
    clock,
    unitOfWork,
    receptions,
    prescriptions,
    stores: fileStoresOf(database, config),
    codeReader,
    audit,
    log: app.log,
  });
  await files.checkBytesReachable();
  await files.sweepDiskStore();
  // PostgreSQL's older bytes stay there (read in chunks): every process moving them at once would load the database
  const moving = (database.engine === "pglite" ? files.moveDatabaseBytesToDisk() : Promise.resolve(0))
    .then((moved) => moved > 0 && app.log.info({ moved }, "stored files moved from the embedded database to disk"))
    .catch((error: unknown) =>
      app.log.error({ err: error }, "moving stored files to disk stopped; they are read from the database meanwhile"),
    );
  app.addHook("onClose", () => moving);
  const sweepingBucket = files
    .sweepBucket()
    .then((removed) => removed > 0 && app.log.info({ removed }, "objects no photo names removed from the bucket"))
    .catch((error: unknown) =>
      app.log.error({ err: error }, "the bucket's sweep failed; it is tried at the next start"),
    );
  app.addHook("onClose", () => sweepingBucket);
  const uploadQuota = new PublicUploadQuota(db, clock, {
    files: config.publicUploadDailyFiles,
    bytes: config.publicUploadDailyBytes,
  });
  const followUps = new FollowUpService({ db, clock, unitOfWork, audit, receptions, notices, line, settings });
  const followUpSweep = new FollowUpSweep({
    db,
    clock,
    unitOfWork,
    audit,
    receptions,
    pharmacies,
    settings,
    notices,
    mailer,
    linkOrigins,
    followUps,
    line,
    log: app.log,
  });
  const publicService = new PublicService({
    db,
    clock,
    unitOfWork,
    pharmacies,
    settings,
    receptions,
    prescriptions,
    wait,
    files,
    uploadQuota,
    followUps,
  });
  const erasure = new ReceptionErasure({ clock, files, notices, followUps });
  const retention = new RetentionService({ db, clock, unitOfWork, audit, files, erasure });
  const patientRequests = new PatientRequests({
    db,
    clock,
    unitOfWork,
    audit,
    files,
    pharmacies,
    receptions,
    followUps,
    erasure,
  });
  await bus.start();
  await endedSessions.start((error) =>
    app.log.warn({ err: error }, "reading ended sessions again after a reconnect failed; retrying"),
  );
  const stopSweep = startAbandonedSweep(
    receptions,
    clock,
    { intervalMs: config.abandonedSweepMs, maxAgeMs: config.unconfirmedReceptionMs },
    app.log,
  );
  const stopNoticeSweep = startVisitorNoticeSweep(notices, config.visitorNoticeSweepMs, app.log);
  const stopFollowUpSweep = startFollowUpSweep(followUpSweep, config.followUpSweepMs, app.log);
  const stopLineSends = lineDispatcher.start(config.line.sendSweepMs);
  const stopRetentionSweep = startRetentionSweep(retention, config.retentionSweepMs, app.log);
  // messages queued before a stop (or by another process) go out now
  lineDispatcher.kick();
  app.addHook("onClose", async () => {
    stopLineSends();
    await Promise.all([stopSweep(), stopNoticeSweep(), stopFollowUpSweep(), stopRetentionSweep()]);
    await notices.drain();
    await followUpSweep.drain();
    await lineDispatcher.drain();
    await endedSessions.stop();
    organizationDay.stop();
    await bus.stop();
  });

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
    await api.register(userRoutes, { auth });
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

  const servesWebApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (servesWebApp && isPageRequest(request.method, request.url)) {
      return reply.sendFile(pageEntryOf(request.url));
    }
    return reply.status(404).send({ message: "見つかりません。" });
  });

  if (config.seedDemo) await seedDemoAccount({ auth, pharmacies, receptions });

  return app;
}

/** A hop count as Fastify's function form (its types take no number): the nearest `hops` addresses are proxies. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export type AppInstance = Awaited<ReturnType<typeof buildApp>>;
