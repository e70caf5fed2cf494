import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((value) => ["1", "true", "on", "yes"].includes(value));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("薬局受付 <no-reply@pharmacy-reception.local>"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests per minute per IP on /auth/*; the lockout rules apply on top of this. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Reads per minute per IP on the public pages (status pages poll; a carrier may put many phones behind one address). */
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Web receptions sent per minute per IP. */
  PUBLIC_SEND_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  CORS_ORIGINS: z.string().optional(),
  /** On behind a reverse proxy, so rate limits and lockouts see the client's address. */
  TRUST_PROXY: booleanFlag.default(false),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mail: { outboxDir: string; smtpUrl: string | undefined; from: string };
  jwtSecret: string | undefined;
  seedDemo: boolean;
  webDistDir: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  authRateLimitPerMinute: number;
  publicRateLimitPerMinute: number;
  publicSendLimitPerMinute: number;
  corsOrigins: string[];
  trustProxy: boolean;
};

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, "../../../web/dist");

/** Reads the environment once; a bad value stops start-up with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    mail: {
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, "outbox")),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
    },
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    publicSendLimitPerMinute: e.PUBLIC_SEND_LIMIT_PER_MINUTE,
    corsOrigins: (e.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
  };
}
