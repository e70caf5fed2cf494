import { businessDateOf, startOfBusinessDate } from "@pharmacy/contract/calendar/business-calendar";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { LineSettingsInputSchema, type LineSettings, type LineSettingsInput } from "@pharmacy/contract/line/line";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { Actor } from "../../lib/actor.js";
import type { SecretBox } from "../auth/index.js";
import type { AuditService } from "../audit/index.js";
import type { LinkOrigins } from "../pharmacy/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import { LineCredentialsRefused, type LineApi } from "./line-api.js";
import * as repo from "./repository.js";

/** A branch's channel as the server uses it, opened from its sealed columns. */
export interface LineChannel {
  pharmacyId: string;
  channelSecret: string;
  accessToken: string;
  basicId: string;
  botUserId: string;
  monthlyLimit: number | null;
}

export interface LineSettingsDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  secretBox: SecretBox;
  api: LineApi;
  pharmacies: PharmacyService;
  linkOrigins: LinkOrigins;
  audit: AuditService;
}

const sealContext = (pharmacyId: string, what: "channel_secret" | "access_token") => `line:${pharmacyId}:${what}`;

/** The first instant of the month `now` is in, Asia/Tokyo: LINE counts messages per calendar month. */
export function monthStartOf(now: Date): Date {
  return startOfBusinessDate(`${monthOf(now)}-01`);
}

/** The month `now` is in, Asia/Tokyo, as 'YYYY-MM': the key of the branch's monthly count. */
export function monthOf(now: Date): string {
  return businessDateOf(now).slice(0, 7);
}

/**
 * The branch's LINE Official Account (admin): checked with LINE before it is saved, its secret and
 * token sealed with DATA_ENCRYPTION_KEY and never given back.
 */
export class LineSettingsService {
  constructor(private readonly deps: LineSettingsDeps) {}

  async get(actor: Actor): Promise<LineSettings> {
    const { db, clock, pharmacies, linkOrigins } = this.deps;
    const monthStart = monthStartOf(clock.now());
    const [row, pharmacy, linkBase, month] = await Promise.all([
      repo.findChannel(db, actor.pharmacyId),
      pharmacies.get(actor.pharmacyId),
      linkOrigins.of(actor.pharmacyId),
      repo.countMonth(db, actor.pharmacyId, monthStart),
    ]);
    return {
      connected: row !== undefined,
      ...(row && { basicId: row.basic_id, displayName: row.display_name }),
      monthlyLimit: row?.monthly_limit ?? null,
      sentThisMonth: month.sent,
      overQuotaThisMonth: month.overQuota,
      webhookUrl: linkBase ? new URL(`/api/line/webhook/${pharmacy.publicSlug}`, linkBase).href : null,
    };
  }

  async save(actor: Actor, raw: LineSettingsInput): Promise<LineSettings> {
    const input = LineSettingsInputSchema.parse(raw);
    const bot = await this.checkWithLine(input.channelAccessToken);
    const ids = [bot.basicId, bot.premiumId]
      .filter((id): id is string => id !== undefined)
      .map((id) => id.toLowerCase());
    if (!ids.includes(input.basicId))
      throw InvalidInputError.of(`このチャネルのLINE IDは ${bot.basicId} です`, ["basicId"]);
    const { secretBox, unitOfWork, audit, clock } = this.deps;
    await unitOfWork.run(async (work) => {
      await repo.saveChannel(work.db, {
        pharmacyId: actor.pharmacyId,
        channelSecret: secretBox.seal(
          input.channelSecret.toLowerCase(),
          sealContext(actor.pharmacyId, "channel_secret"),
        ),
        accessToken: secretBox.seal(input.channelAccessToken, sealContext(actor.pharmacyId, "access_token")),
        basicId: input.basicId,
        botUserId: bot.userId,
        displayName: bot.displayName,
        monthlyLimit: input.monthlyLimit,
        at: clock.now(),
      });
      await audit.record(work, actor, "line.connected", { type: "settings", detail: input.basicId });
    });
    return this.get(actor);
  }

  async remove(actor: Actor): Promise<void> {
    await this.deps.unitOfWork.run(async (work) => {
      if (!(await repo.deleteChannel(work.db, actor.pharmacyId)))
        throw new NotFoundError("LINE公式アカウントは設定されていません。");
      await this.deps.audit.record(work, actor, "line.disconnected", { type: "settings", detail: "LINE" });
    });
  }

  /** The branch's channel, opened; undefined when it has none or its columns do not open with this server's key. */
  async channelOf(pharmacyId: string, db: Db = this.deps.db): Promise<LineChannel | undefined> {
    const row = await repo.findChannel(db, pharmacyId);
    if (!row) return undefined;
    const channelSecret = this.deps.secretBox.open(row.channel_secret, sealContext(pharmacyId, "channel_secret"));
    const accessToken = this.deps.secretBox.open(row.access_token, sealContext(pharmacyId, "access_token"));
    if (channelSecret === undefined || accessToken === undefined) return undefined;
    return {
      pharmacyId,
      channelSecret,
      accessToken,
      basicId: row.basic_id,
      botUserId: row.bot_user_id,
      monthlyLimit: row.monthly_limit,
    };
  }

  private async checkWithLine(accessToken: string) {
    try {
      return await this.deps.api.botInfo(accessToken);
    } catch (error) {
      if (error instanceof LineCredentialsRefused)
        throw InvalidInputError.of(
          "LINEがこのチャネルアクセストークンを受け付けませんでした。LINE Developersコンソールで発行した長期のトークンを貼り付けてください",
          ["channelAccessToken"],
        );
      throw new AppError(502, ERROR_CODE_MESSAGES[ErrorCode.LineUnreachable], ErrorCode.LineUnreachable);
    }
  }
}
