import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config/config.js";
import type { DatabaseHandle } from "./db/database.js";
import { createIdTokens } from "./features/auth/id-tokens.js";
import { authenticate } from "./features/auth/authenticate.js";
import { authRoutes } from "./features/auth/routes.js";
import { AuthService } from "./features/auth/service.js";
import { seedDemoAccount } from "./features/demo/seed.js";
import { fileRoutes } from "./features/files/routes.js";
import { FileService } from "./features/files/service.js";
import { isLoopbackAddress } from "./features/pharmacy/public-link.js";
import { pharmacyRoutes } from "./features/pharmacy/routes.js";
import { PharmacyService } from "./features/pharmacy/service.js";
import { publicRoutes } from "./features/public/routes.js";
import { PublicService } from "./features/public/service.js";
import { PublicUploadQuota } from "./features/public/upload-quota.js";
import { ReceptionListCache } from "./features/receptions/list-cache.js";
import { receptionRoutes } from "./features/receptions/routes.js";
import { ReceptionService } from "./features/receptions/service.js";
import { settingsRoutes } from "./features/settings/routes.js";
import { SettingsService } from "./features/settings/service.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { answerFrameworkError, registerErrorHandler } from "./lib/error-handler.js";
import { registerJsonParser } from "./lib/json-parser.js";
import { onWebSocketError, serializeRequest } from "./lib/log-rules.js";
import { registerSlowBodyGuard } from "./lib/slow-body-guard.js";
import { PollingAwareLogController } from "./lib/request-logging.js";
import { registerSecurityHeaders } from "./lib/security-headers.js";
import { LiveBus } from "./live/live-bus.js";
import { liveSocketRoute } from "./live/socket-route.js";
import { UnitOfWork } from "./live/unit-of-work.js";
import { setJapaneseValidationMessages } from "@pharmacy/contract/zod-locale";
import { createMailer } from "./mail/mailer.js";
import { healthRoutes } from "./ops/health-routes.js";
import { metrics } from "./ops/metrics.js";
import { registerOpenApi } from "./ops/openapi.js";
import { closeSocketsForRestart } from "./ops/websocket-close.js";
import { isPageRequest, registerWebApp } from "./web-app.js";

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  jwtSecret: string;
  clock?: Clock;
  /** Where log lines go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

const JSON_BODY_LIMIT = 64 * 1024;
const API_VERSION = "1.0.0";

setJapaneseValidationMessages();

export async function buildApp({ config, database, jwtSecret, clock = systemClock, logStream }: AppDeps) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.newPassword", "*.code", "*.refreshToken"],
        censor: "[redacted]",
      },
      serializers: { req: serializeRequest },
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
    logController: new PollingAwareLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app, JSON_BODY_LIMIT);
  registerErrorHandler(app);
  registerSlowBodyGuard(app, config.bodyTimeoutMs);

  registerSecurityHeaders(app);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      allowedHeaders: ["Authorization", "Content-Type", "X-Ws-Session-Id"],
    });
  }
  await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(websocket, { options: { maxPayload: 16 * 1024 }, errorHandler: onWebSocketError, preClose: closeSocketsForRestart });
  await registerOpenApi(app, API_VERSION);

  const { db } = database;
  const idTokens = createIdTokens(jwtSecret, clock);
  const mailer = createMailer(config.mail, app.log);
  if (config.publicBaseUrl && isLoopbackAddress(config.publicBaseUrl)) {
    app.log.warn({ publicBaseUrl: config.publicBaseUrl }, "PUBLIC_BASE_URL is a loopback address: patients' phones cannot open the public links");
  }
  const bus = new LiveBus(database, (error) => app.log.error({ err: error }, "live event delivery failed"));
  const unitOfWork = new UnitOfWork(db, bus);

  const pharmacies = new PharmacyService(db, clock, unitOfWork);
  const settings = new SettingsService(db, clock);
  const auth = new AuthService({ db, unitOfWork, pharmacies, clock, mailer, idTokens, codeKey: jwtSecret });
  const receptions = new ReceptionService(db, clock, unitOfWork, new ReceptionListCache(), pharmacies);
  receptions.listenTo(bus);
  const files = new FileService(db, clock, unitOfWork, receptions);
  const uploadQuota = new PublicUploadQuota(db, clock, { files: config.publicUploadDailyFiles, bytes: config.publicUploadDailyBytes });
  const publicService = new PublicService({ clock, unitOfWork, pharmacies, settings, receptions, files, uploadQuota });
  await bus.start();
  app.addHook("onClose", () => bus.stop());

  await app.register(metrics, { database, token: config.metricsToken, observeLiveChanges: (hook) => bus.onChange(hook) });
  await app.register(healthRoutes, { database });

  await app.register(authRoutes, { auth, idTokens, rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(liveSocketRoute, { bus, verifyIdToken: (token) => idTokens.verify(token), clock });
  await app.register(publicRoutes, {
    publicService,
    uploadQuota,
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
    sendsAtOnce: config.publicSendConcurrency,
  });
  await app.register(async (api) => {
    api.addHook("onRequest", authenticate(idTokens));
    await api.register(receptionRoutes, { receptions, settings, pharmacies });
    await api.register(fileRoutes, { files });
    await api.register(pharmacyRoutes, { pharmacies, receptions, publicBaseUrl: config.publicBaseUrl });
    await api.register(settingsRoutes, { settings });
  });

  const servesWebApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (servesWebApp && isPageRequest(request.method, request.url)) {
      return reply.sendFile("index.html");
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
