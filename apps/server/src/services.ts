import type { Clock } from "./lib/clock.js";
import { ReportService } from "./features/reports/service.js";
import { AuditService } from "./features/audit/service.js";
import { createIdTokens } from "./features/auth/id-tokens.js";
import { LinkOrigins } from "./features/pharmacy/link-origins.js";
import { MfaService } from "./features/auth/mfa-service.js";
import { SecretBox } from "./features/auth/secret-box.js";
import { resolveDataKey } from "./config/data-key.js";
import { EndedSessions } from "./features/auth/sessions.js";
import { OrganizationService } from "./features/organization/service.js";
import { OrganizationDayFeed } from "./features/organization/day-feed.js";
import { StaffService } from "./features/auth/staff-service.js";
import { DeviceService } from "./features/devices/service.js";
import { AuthService } from "./features/auth/service.js";
import { BranchSwitch } from "./features/auth/branch-switch.js";
import { SessionTokens } from "./features/auth/session-tokens.js";
import { fileStoresOf } from "./features/files/file-store.js";
import { FileService } from "./features/files/service.js";
import { CodeReader } from "./features/files/code-reader.js";
import { PharmacyService } from "./features/pharmacy/service.js";
import { PublicService } from "./features/public/service.js";
import { PublicUploadQuota } from "./features/public/upload-quota.js";
import { ReceptionListCache } from "./features/receptions/list-cache.js";
import { PrescriptionService } from "./features/receptions/prescription-service.js";
import { ReceptionService } from "./features/receptions/service.js";
import { WaitService } from "./features/receptions/wait-service.js";
import { LineDispatcher } from "./features/line/dispatcher.js";
import { LineApi } from "./features/line/line-api.js";
import { LineNotices } from "./features/line/service.js";
import { LineSettingsService } from "./features/line/settings-service.js";
import { PushSender } from "./features/visitor-notices/push-sender.js";
import { VisitorNotices } from "./features/visitor-notices/service.js";
import { resolveVapidKeys } from "./config/vapid-keys.js";
import { SettingsService } from "./features/settings/service.js";
import { FollowUpService } from "./features/follow-ups/service.js";
import { FollowUpSweep } from "./features/follow-ups/sweep.js";
import { ReceptionErasure } from "./features/retention/erasure.js";
import { PatientRequests } from "./features/retention/patient-requests.js";
import { RetentionService } from "./features/retention/service.js";
import { LiveBus } from "./live/live-bus.js";
import { UnitOfWork } from "./live/unit-of-work.js";
import { createMailer } from "./mail/mailer.js";
import type { AppConfig } from "./config/config.js";
import type { DatabaseHandle } from "./db/database.js";
import type { ServerApp } from "./server-app.js";

export interface ServiceDeps {
  config: AppConfig;
  database: DatabaseHandle;
  jwtSecret: string;
  clock: Clock;
}

/**
 * The features' services, each given the others it calls: the one place where they are made and
 * joined. Stored data written by older versions is brought up to date here too (secrets sealed,
 * status links hashed, file bytes moved), before any request is served.
 */
export async function buildServices(app: ServerApp, { config, database, jwtSecret, clock }: ServiceDeps) {
  const { db } = database;
  const idTokens = createIdTokens(jwtSecret, clock);
  const mailer = createMailer(config.mail, app.log);
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
    joinAsAdmin: (work, userId, pharmacyId): Promise<void> => branches.joinBranch(work, userId, pharmacyId, "admin"),
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
  const sessionTokens = new SessionTokens({ db, clock, idTokens, settings });
  const branches = new BranchSwitch({ db, unitOfWork, clock, audit, sessionTokens });
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
    sessionTokens,
    branches,
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
  return {
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
    lineDispatcher,
    line,
    notices,
    wait,
    prescriptions,
    receptions,
    organizationDay,
    files,
    uploadQuota,
    followUps,
    followUpSweep,
    publicService,
    retention,
    patientRequests,
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
