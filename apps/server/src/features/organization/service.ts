import { randomUUID } from "node:crypto";
import { startOfBusinessDate } from "@pharmacy/contract/calendar/business-calendar";
import {
  ORGANIZATION_REPORT_CSV_HEADER,
  type Branch,
  type Organization,
  type OrganizationDailyReport,
  type OrganizationToday,
} from "@pharmacy/contract/organization/organization";
import type { OrganizationSettings } from "@pharmacy/contract/organization/organization-settings";
import { reportCsvCells, type ReportDay, type ReportQuery } from "@pharmacy/contract/reports/reports";
import type { OrganizationAuditList, OrganizationAuditQuery } from "@pharmacy/contract/audit/audit";
import type { Db } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { csvOf } from "../../lib/csv.js";
import { NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { SettingsService } from "../settings/index.js";
import {
  findOrganization,
  insertOrganization,
  insertOrganizationAdmin,
  listBranches,
  organizationOfBranch,
} from "./repository.js";

export interface OrganizationServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  audit: AuditService;
  /** Makes the person the admin of a new branch, in the same unit of work (the auth feature's memberships). */
  joinAsAdmin: (work: Work, userId: string, pharmacyId: string) => Promise<void>;
  /** Each feature's counts of the branches' day, keyed by branch (one grouped query each). */
  dayCounts: BranchDayCounts;
  /** The reports feature's days of several branches at once, keyed by branch (a feature above this one). */
  reportDays: (pharmacyIds: string[], query: ReportQuery) => Promise<Map<string, ReportDay[]>>;
  /** Where the organisation's questions, ticket message and follow-up templates are kept. */
  settings: SettingsService;
}

export interface BranchDayCounts {
  today(): string;
  receptions(pharmacyIds: string[], today: string): Promise<Map<string, ReceptionDayCounts>>;
  followUpsDue(pharmacyIds: string[], today: string): Promise<Map<string, number>>;
  /** LINE messages refused or over quota. */
  failedNotices(pharmacyIds: string[], since: Date): Promise<Map<string, number>>;
  /** Visitors' mails the mail server refused. */
  failedMails(pharmacyIds: string[], since: Date): Promise<Map<string, number>>;
}

interface ReceptionDayCounts {
  received: number;
  waiting: number;
  completed: number;
  carried: number;
  pickupsDue: number;
}

const NO_RECEPTIONS: ReceptionDayCounts = { received: 0, waiting: 0, completed: 0, carried: 0, pickupsDue: 0 };

/** Organisations (法人) and their branches (docs/rules.md#organisations). */
export class OrganizationService {
  constructor(private readonly deps: OrganizationServiceDeps) {}

  /** A new organisation with its first branch, in the caller's unit of work; whoever signs it up runs it. */
  async createWithFirstBranch(
    work: Work,
    adminUserId: string,
    name: string,
  ): Promise<{ organizationId: string; pharmacyId: string }> {
    const organizationId = randomUUID();
    await insertOrganization(work.db, organizationId, name);
    const pharmacyId = await this.deps.pharmacies.create(organizationId, work);
    await insertOrganizationAdmin(work.db, organizationId, adminUserId);
    return { organizationId, pharmacyId };
  }

  async get(organizationId: string): Promise<Organization> {
    const organization = await findOrganization(this.deps.db, organizationId);
    if (!organization) throw new NotFoundError("法人が見つかりません。");
    const branches = await listBranches(this.deps.db, organizationId);
    return { ...organization, branches: branches.map(toBranch) };
  }

  /**
   * The chain's day: each branch's counts of today (Asia/Tokyo), in a few grouped queries whatever the
   * number of branches; only those of `branchIds` when given (the 本部 screen's live rows).
   */
  async today(organizationId: string, branchIds?: readonly string[]): Promise<OrganizationToday> {
    const { db, dayCounts } = this.deps;
    const today = dayCounts.today();
    const branches = await listBranches(db, organizationId, branchIds);
    const ids = branches.map((branch) => branch.id);
    const since = startOfBusinessDate(today);
    const [receptions, followUps, failedLine, failedMail] = await Promise.all([
      dayCounts.receptions(ids, today),
      dayCounts.followUpsDue(ids, today),
      dayCounts.failedNotices(ids, since),
      dayCounts.failedMails(ids, since),
    ]);
    return {
      date: today,
      branches: branches.map((branch) => ({
        id: branch.id,
        name: branch.name,
        ...(receptions.get(branch.id) ?? NO_RECEPTIONS),
        followUpsDue: followUps.get(branch.id) ?? 0,
        failedNotices: (failedLine.get(branch.id) ?? 0) + (failedMail.get(branch.id) ?? 0),
      })),
    };
  }

  /** The organisation a branch belongs to, or undefined when there is no such branch. */
  organizationOf(pharmacyId: string): Promise<string | undefined> {
    return organizationOfBranch(this.deps.db, pharmacyId);
  }

  /** Every branch's daily report over the period (Tokyo business days), oldest branch first. */
  async dailyReport(organizationId: string, query: ReportQuery): Promise<OrganizationDailyReport> {
    const branches = await listBranches(this.deps.db, organizationId);
    const days = await this.deps.reportDays(
      branches.map((branch) => branch.id),
      query,
    );
    return {
      ...query,
      branches: branches.map((branch) => ({ id: branch.id, name: branch.name, days: days.get(branch.id)! })),
    };
  }

  /** The same as a CSV for Excel: one line per branch and day. */
  async dailyReportCsv(organizationId: string, query: ReportQuery): Promise<string> {
    const { branches } = await this.dailyReport(organizationId, query);
    return csvOf([
      [...ORGANIZATION_REPORT_CSV_HEADER],
      ...branches.flatMap((branch) => branch.days.map((day) => [branch.name, ...reportCsvCells(day)])),
    ]);
  }

  settings(organizationId: string): Promise<OrganizationSettings> {
    return this.deps.settings.organizationSettings(organizationId);
  }

  saveSettings(actor: Actor, organizationId: string, settings: OrganizationSettings): Promise<OrganizationSettings> {
    return this.deps.settings.saveOrganizationSettings(actor, organizationId, settings);
  }

  /** The audit log of every branch of the organisation, or of one of them (404 for a branch of no concern of it). */
  async audit(
    organizationId: string,
    query: Omit<OrganizationAuditQuery, "page" | "pageSize"> & { page: number; pageSize: number },
  ): Promise<OrganizationAuditList> {
    const { branchId, ...filter } = query;
    const ids = (await listBranches(this.deps.db, organizationId)).map((branch) => branch.id);
    if (branchId !== undefined && !ids.includes(branchId)) throw new NotFoundError("店舗が見つかりません。");
    return this.deps.audit.listOfBranches(branchId === undefined ? ids : [branchId], filter);
  }

  /** A new branch of the actor's organisation (its own link, settings, numbers); the actor is its first admin. */
  async addBranch(actor: Actor & { id: string }, organizationId: string, name: string): Promise<Branch> {
    return this.deps.unitOfWork.run(async (work) => {
      const pharmacyId = await this.deps.pharmacies.create(organizationId, work, name);
      await this.deps.joinAsAdmin(work, actor.id, pharmacyId);
      const branch = await this.deps.pharmacies.get(pharmacyId, work);
      // in the new branch's log alone (the organisation's log shows it): another branch's admins may
      // not be of this one
      await this.deps.audit.record(work.db, { ...actor, pharmacyId }, "branch.created", {
        type: "pharmacy",
        id: pharmacyId,
        detail: name,
      });
      return { id: pharmacyId, name: branch.name, publicSlug: branch.publicSlug };
    });
  }
}

function toBranch(row: { id: string; name: string; public_slug: string }): Branch {
  return { id: row.id, name: row.name, publicSlug: row.public_slug };
}
