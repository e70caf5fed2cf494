import type { Db } from "../../db/schema.js";

/** What the export reads beyond the other features' services: photos' metadata and the visitor's contacts. */

export function photosOf(db: Db, pharmacyId: string, receptionId: string) {
  return db
    .selectFrom("prescriptions")
    .innerJoin("files", "files.id", "prescriptions.file_id")
    .select(["files.id", "files.content_type", "files.byte_size", "files.created_at"])
    .where("prescriptions.pharmacy_id", "=", pharmacyId)
    .where("prescriptions.reception_id", "=", receptionId)
    .orderBy("files.created_at")
    .execute();
}

export async function visitorContactsOf(db: Db, receptionId: string) {
  const [pushSubscriptions, mailAddress, lineLinks] = await Promise.all([
    db
      .selectFrom("push_subscriptions")
      .select(["created_at", "expires_at"])
      .where("reception_id", "=", receptionId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("visitor_mail_addresses")
      .select(["email", "expires_at"])
      .where("reception_id", "=", receptionId)
      .executeTakeFirst(),
    db
      .selectFrom("line_links")
      .select(["line_user_id", "created_at", "kept_for_care", "expires_at"])
      .where("reception_id", "=", receptionId)
      .orderBy("created_at")
      .execute(),
  ]);
  return { pushSubscriptions, mailAddress, lineLinks };
}

/**
 * The LINE messages about the reception: those that name it, and those queued before messages named
 * their reception (migration 033) to the LINE users still linked to it.
 */
export function lineMessagesAbout(db: Db, pharmacyId: string, receptionId: string, lineUserIds: string[]) {
  return db
    .selectFrom("line_outbox")
    .select(["text", "state", "created_at", "sent_at"])
    .where("pharmacy_id", "=", pharmacyId)
    .where((row) =>
      row.or([
        row("reception_id", "=", receptionId),
        ...(lineUserIds.length > 0
          ? [row.and([row("reception_id", "is", null), row("line_user_id", "in", lineUserIds)])]
          : []),
      ]),
    )
    .orderBy("seq")
    .execute();
}
