import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type StreamTransport from "nodemailer/lib/stream-transport/index.js";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config/config.js";
import { PRIVATE_FILE_MODE, privateDirectory } from "../lib/private-files.js";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Shown in the log only when mail goes to the local outbox, so a developer can sign up without a mail server. */
  developmentHint?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Sends through SMTP_URL when set; otherwise writes each mail as one .eml file into the outbox folder. */
export function createMailer(config: AppConfig["mail"], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
    return {
      async send({ to, subject, text }) {
        transport ??= nodemailerModule().then((nodemailer) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: config.from, to, subject, text });
        log.info({ subject }, "mail sent");
      },
    };
  }
  let transport: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
  log.warn(
    { outboxDir: config.outboxDir },
    "SMTP_URL is not set: mails go to the outbox and their codes are written to this log. Set SMTP_URL in production.",
  );
  return {
    async send({ to, subject, text, developmentHint }) {
      transport ??= nodemailerModule().then((nodemailer) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
      );
      const info = await (await transport).sendMail({ from: config.from, to, subject, text });
      await privateDirectory(config.outboxDir);
      const file = path.join(config.outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      log.info({ file, subject, hint: developmentHint }, "mail written to the outbox");
    },
  };
}

/** nodemailer is loaded by the first mail, not at start. */
async function nodemailerModule() {
  return (await import("nodemailer")).default;
}
