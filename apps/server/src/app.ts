import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
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
import { ReceptionEventBus } from "./features/realtime/events.js";
import { realtimeRoutes } from "./features/realtime/routes.js";
import { pharmacyRoutes } from "./features/pharmacy/routes.js";
import { PharmacyService } from "./features/pharmacy/service.js";
import { publicRoutes } from "./features/public/routes.js";
import { PublicService } from "./features/public/service.js";
import { ReceptionListCache } from "./features/receptions/list-cache.js";
import { receptionRoutes } from "./features/receptions/routes.js";
import { loadReceptionForEvent, ReceptionService } from "./features/receptions/service.js";
import { settingsRoutes } from "./features/settings/routes.js";
import { SettingsService } from "./features/settings/service.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { registerErrorHandler } from "./lib/error-handler.js";
import { registerJsonParser } from "./lib/json-parser.js";
import { setJapaneseValidationMessages } from "@pharmacy/contract/zod-locale";
import { createMailer } from "./mail/mailer.js";
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

setJapaneseValidationMessages();

export async function buildApp({ config, database, jwtSecret, clock = systemClock, logStream }: AppDeps) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.newPassword", "*.code", "*.refreshToken"],
        censor: "[redacted]",
      },
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app, JSON_BODY_LIMIT);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const idTokens = createIdTokens(jwtSecret, clock);
  const mailer = createMailer(config.mail, app.log);
  const auth = new AuthService({ db: database.db, clock, mailer, idTokens, codeKey: jwtSecret });

  const bus = new ReceptionEventBus(
    database,
    (pharmacyId, id) => loadReceptionForEvent(database.db, pharmacyId, id),
    (error) => app.log.error({ err: error }, "reception event delivery failed"),
  );
  const listCache = new ReceptionListCache();
  bus.onChange((pharmacyId) => listCache.invalidate(pharmacyId));
  const receptions = new ReceptionService(database.db, clock, bus, listCache);
  const files = new FileService(database.db, clock, receptions);
  const settings = new SettingsService(database.db, clock);
  const pharmacies = new PharmacyService(database.db, clock);
  const publicService = new PublicService(database.db, clock, settings, receptions);
  await bus.start();
  app.addHook("onClose", () => bus.stop());

  await app.register(authRoutes, { auth, idTokens, rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(realtimeRoutes, { bus, idTokens, clock });
  await app.register(publicRoutes, {
    publicService,
    readsPerMinute: config.publicRateLimitPerMinute,
    sendsPerMinute: config.publicSendLimitPerMinute,
  });
  await app.register(async (api) => {
    api.addHook("onRequest", authenticate(idTokens));
    await api.register(receptionRoutes, { receptions, settings, db: database.db });
    await api.register(fileRoutes, { files });
    await api.register(pharmacyRoutes, { pharmacies });
    await api.register(settingsRoutes, { settings });
  });

  const servesWebApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (servesWebApp && isPageRequest(request.method, request.url)) {
      return reply.sendFile("index.html");
    }
    return reply.status(404).send({ message: "見つかりません。" });
  });

  if (config.seedDemo) await seedDemoAccount(database.db, auth, receptions);

  return app;
}

export type AppInstance = Awaited<ReturnType<typeof buildApp>>;
