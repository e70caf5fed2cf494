import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config/config.js";
import type { DatabaseHandle } from "./db/database.js";
import { seedDemoAccount } from "./features/demo/seed.js";
import { isLoopbackAddress } from "@pharmacy/contract/pharmacy/pharmacy";
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
import { setJapaneseValidationMessages } from "@pharmacy/contract/shared/zod-locale";
import { IDEMPOTENCY_KEY_HEADER } from "@pharmacy/contract/public/public";
import { API_DOCS_PATH, registerOpenApi } from "./ops/openapi.js";
import { closeSocketsForRestart } from "./ops/websocket-close.js";
import { isPageRequest, pageEntryOf, registerWebApp } from "./web-app.js";
import { buildServices } from "./services.js";
import { startBackgroundJobs } from "./background-jobs.js";
import { registerRoutes } from "./routes.js";

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

  await privateDirectory(config.dataDir);
  database.reportConnectionErrorsTo((error) =>
    app.log.warn({ err: error }, "database connection lost; it is replaced on the next call"),
  );
  if (config.publicBaseUrl && isLoopbackAddress(config.publicBaseUrl)) {
    app.log.warn(
      { publicBaseUrl: config.publicBaseUrl },
      "PUBLIC_BASE_URL is a loopback address: patients' phones cannot open the public links",
    );
  }
  const services = await buildServices(app, { config, database, jwtSecret, clock });
  await startBackgroundJobs(app, services, config);
  await registerRoutes(app, services, { config, database });

  const servesWebApp = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (servesWebApp && isPageRequest(request.method, request.url)) {
      return reply.sendFile(pageEntryOf(request.url));
    }
    return reply.status(404).send({ message: "見つかりません。" });
  });

  if (config.seedDemo) await seedDemoAccount(services);

  return app;
}

/** A hop count as Fastify's function form (its types take no number): the nearest `hops` addresses are proxies. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export type AppInstance = Awaited<ReturnType<typeof buildApp>>;
