import { accessSync, constants, existsSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { acceptableProxyList } from "./proxy-ranges.js";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((value) => ["1", "true", "on", "yes"].includes(value));

/**
 * Off, a number of proxy hops in front of the server, or the proxies' addresses (CIDR allowed).
 * Never "trust everyone": then any client picks the address that rate limits and lockouts see.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["off", "false", "no", "0"].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (acceptableProxyList(addresses)) return addresses;
    ctx.addIssue({
      code: "custom",
      message:
        "must be off, a number of proxy hops, or a comma-separated list of proxy addresses and ranges that together cover no more than a /8 of IPv4 and a /16 of IPv6 (trusting everyone would let clients choose their address)",
    });
    return z.NEVER;
  });

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    /**
     * Where stored photos' bytes are kept, a folder every process of the deployment shares (default: in
     * PostgreSQL, or `$DATA_DIR/files` with the embedded database). It must exist: an unmounted share
     * would otherwise fill the local disk where no other process sees it.
     */
    FILES_DIR: z
      .string()
      .min(1)
      .transform((value) => path.resolve(value))
      .refine(
        writableDirectory,
        "must be an existing folder this process can write to (mount the shared folder or create it first)",
      )
      .optional(),
    /**
     * An S3-compatible bucket new photos' bytes go to instead (features/files/README.md); it must exist.
     * FILES_S3_ENDPOINT: another store than AWS (MinIO, …), then addressed path-style.
     */
    FILES_S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)",
      )
      .optional(),
    FILES_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
    FILES_S3_REGION: z.string().trim().min(1).optional(),
    /** The AWS SDK's own variables, read here so the bucket's credentials are one of the settings. */
    AWS_REGION: z.string().trim().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().trim().min(1).optional(),
    /** LISTEN's own connection when DATABASE_URL goes through PgBouncer in transaction mode (apps/server/src/db/README.md). */
    DATABASE_LISTEN_URL: z
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
    /** Seals TOTP secrets in the database: 32 bytes in base64 (`openssl rand -base64 32`). */
    DATA_ENCRYPTION_KEY: z
      .string()
      .trim()
      .transform((value) => Buffer.from(value, "base64"))
      .refine((key) => key.length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
    /** Encrypts what `npm run backup` writes, and is needed to restore it (src/ops/backup-encryption.ts). */
    BACKUP_PASSPHRASE: z.string().min(12, "must be at least 12 characters").optional(),
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
    TRUST_PROXY: trustProxySetting.default(false),
    /** Web receptions sent at the same time from one address. */
    PUBLIC_SEND_CONCURRENCY: z.coerce.number().int().min(1).default(2),
    /** Photos a branch accepts from its public page per business day, and their total size. */
    PUBLIC_UPLOAD_DAILY_FILES: z.coerce.number().int().min(1).default(300),
    PUBLIC_UPLOAD_DAILY_MB: z.coerce.number().int().min(1).default(300),
    /** A request body that receives less than 1 KB in this many seconds is cut off (slow clients hold sockets). */
    BODY_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
    /** Bearer token for /metrics; without it only a local client (no proxy in between) may read them. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** shared_buffers of the embedded database (PostgreSQL units: 16MB, 128MB). */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, "must be a size like 16MB")
      .optional(),
    /** A counter reception still unconfirmed after this many minutes is deleted as abandoned. */
    UNCONFIRMED_RECEPTION_MINUTES: z.coerce.number().positive().default(15),
    /** How often the abandoned counter receptions are looked for. */
    ABANDONED_SWEEP_SECONDS: z.coerce.number().positive().default(60),
    /** How long a stop (SIGTERM) waits for requests in flight before the process ends anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** The address patients' phones use: every public link and QR code is built on it (default: the request's origin). */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
    /** Web Push (VAPID) keys, base64url as `web-push generate-vapid-keys` prints them; both or neither (then generated into DATA_DIR). */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, "must be a base64url P-256 public key (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
    /** Who runs this server, for the push services: a mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "must be a mailto: or https: address")
      .optional(),
    /** Push services the server sends to (hosts; "*.example.com" for its subdomains): a visitor cannot make it call anywhere else. */
    PUSH_SERVICE_HOSTS: z.string().min(1).optional(),
    /** Tests only: one https origin (any port, loopback allowed) taken besides the push services, for a local stand-in. */
    PUSH_SERVICE_TEST_ORIGIN: z.url({ protocol: /^https$/, error: "must be an https:// origin" }).optional(),
    /** How often subscriptions and e-mail addresses past their business day are deleted. */
    VISITOR_NOTICE_SWEEP_SECONDS: z.coerce.number().positive().default(300),
    /** How often due follow-ups and refill reminders are sent, unanswered ones marked and unused contacts deleted (docs/rules.md#continuity-of-care). */
    FOLLOW_UP_SWEEP_SECONDS: z.coerce.number().positive().default(60),
    RETENTION_SWEEP_SECONDS: z.coerce.number().positive().default(3600),
    /** Tests only: where the LINE Messaging API is reached instead of https://api.line.me (a local stand-in). */
    LINE_API_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// origin" }).optional(),
    /** How often LINE messages due for another try (after LINE's 429 or 5xx) are looked for. */
    LINE_SEND_SWEEP_SECONDS: z.coerce.number().positive().default(10),
    /** How long a call to LINE may take before it is given up (a push is then tried again later, under the same retry key). */
    LINE_API_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .superRefine((e, ctx) => {
    for (const name of ["FILES_S3_ENDPOINT", "FILES_S3_REGION"] as const)
      if (e[name] !== undefined && e.FILES_S3_BUCKET === undefined)
        ctx.addIssue({ code: "custom", path: [name], message: "is used only with FILES_S3_BUCKET, which is not set" });
    if ((e.AWS_ACCESS_KEY_ID === undefined) !== (e.AWS_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["AWS_SECRET_ACCESS_KEY"],
        message: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together",
      });
    }
    if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PRIVATE_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together",
      });
    }
  });

/** The push services of today's browsers: Chrome, Edge's and Android's FCM, Firefox, Safari, Windows. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
];

/** S3-compatible stores other than AWS mostly take any region; AWS's own default region. */
const DEFAULT_S3_REGION = "us-east-1";

export class ConfigError extends Error {}

function writableDirectory(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** apps/server, whether this runs from src/config (tsx) or from the bundle in dist. */
function serverPackageRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const defaultWebDist = path.resolve(serverPackageRoot(), "../web/dist");

/** The environment turned into the app's settings: paths resolved, lists split, defaults that depend on other values. */
const ConfigSchema = EnvSchema.transform((e) => {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    filesDir: e.FILES_DIR,
    filesBucket: e.FILES_S3_BUCKET
      ? {
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT,
          region: e.FILES_S3_REGION ?? e.AWS_REGION ?? DEFAULT_S3_REGION,
          // unset: the SDK's own chain (a profile, the instance's or container's role)
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  sessionToken: e.AWS_SESSION_TOKEN,
                }
              : undefined,
        }
      : undefined,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    mail: {
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, "outbox")),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
    },
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    backupPassphrase: e.BACKUP_PASSPHRASE,
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
    publicSendConcurrency: e.PUBLIC_SEND_CONCURRENCY,
    publicUploadDailyFiles: e.PUBLIC_UPLOAD_DAILY_FILES,
    publicUploadDailyBytes: e.PUBLIC_UPLOAD_DAILY_MB * 1024 * 1024,
    bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    unconfirmedReceptionMs: e.UNCONFIRMED_RECEPTION_MINUTES * 60_000,
    abandonedSweepMs: e.ABANDONED_SWEEP_SECONDS * 1000,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubjectOf(e.MAIL_FROM),
      allowlist: {
        hosts:
          e.PUSH_SERVICE_HOSTS?.split(",")
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean) ?? DEFAULT_PUSH_SERVICE_HOSTS,
        testOrigin: e.PUSH_SERVICE_TEST_ORIGIN && new URL(e.PUSH_SERVICE_TEST_ORIGIN).origin,
      },
    },
    visitorNoticeSweepMs: e.VISITOR_NOTICE_SWEEP_SECONDS * 1000,
    followUpSweepMs: e.FOLLOW_UP_SWEEP_SECONDS * 1000,
    retentionSweepMs: e.RETENTION_SWEEP_SECONDS * 1000,
    line: {
      apiBaseUrl: e.LINE_API_BASE_URL ?? "https://api.line.me",
      sendSweepMs: e.LINE_SEND_SWEEP_SECONDS * 1000,
      timeoutMs: e.LINE_API_TIMEOUT_MS,
    },
  };
});

/** The sender's address as a mailto: subject when VAPID_SUBJECT is not set. */
function vapidSubjectOf(mailFrom: string): string {
  return `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;
}

export type AppConfig = z.output<typeof ConfigSchema>;

/** Reads the environment once; a bad value stops start-up with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
