import { EmailSchema } from "@pharmacy/contract/auth/auth";
import {
  FOLLOW_UP_CHANNEL_LABELS,
  type CareContact,
  type FollowUpChannel,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { availableChannels } from "./plan-defaults";

/** The contract's message for an e-mail address that is not one, or none. */
export function emailProblem(email: string): string | undefined {
  const result = EmailSchema.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** What staff entered in the planning dialog. */
export interface PlanEntry {
  dueOn: string | undefined;
  template: string | undefined;
  consent: boolean;
  email: string;
  phone: string;
  channel: FollowUpChannel;
}

/** What is wrong with the e-mail typed with the consent, if anything. */
export function typedEmailProblem({ consent, email }: Pick<PlanEntry, "consent" | "email">): string | undefined {
  const typedEmail = email.trim();
  return consent && typedEmail ? emailProblem(typedEmail) : undefined;
}

/**
 * Which channels can reach the patient: those of the kept contact, and e-mail as soon as a valid
 * address is typed with the consent (before it is saved).
 */
export function reachableChannels(
  contact: Pick<CareContact, "email" | "push" | "line"> | null,
  { consent, email }: Pick<PlanEntry, "consent" | "email">,
): Record<FollowUpChannel, boolean> {
  const available = availableChannels(contact);
  const typedEmail = email.trim();
  return { ...available, email: available.email || (consent && typedEmail !== "" && !emailProblem(typedEmail)) };
}

/** Why the follow-up cannot be planned as entered, most important first; empty when it can. */
export function planProblems(contact: Pick<CareContact, "email" | "push" | "line"> | null, entry: PlanEntry): string[] {
  const typedEmail = entry.email.trim();
  const reachable = reachableChannels(contact, entry);
  return [
    !entry.dueOn && "日付を選んでください",
    !entry.template && "質問票を選んでください",
    entry.consent && !typedEmail && !entry.phone.trim() && "メールアドレスか電話番号を入力してください",
    typedEmailProblem(entry),
    !reachable[entry.channel] &&
      `${FOLLOW_UP_CHANNEL_LABELS[entry.channel]}の連絡先がありません。連絡方法を選び直してください`,
  ].filter((problem): problem is string => Boolean(problem));
}
