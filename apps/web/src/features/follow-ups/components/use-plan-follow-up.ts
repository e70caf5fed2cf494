import {
  type FOLLOW_UP_QUICK_DAYS,
  followUpDueOn,
  type CareContact,
  type FollowUpChannel,
} from "@pharmacy/contract/follow-ups/follow-ups";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { App } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { usePlanFollowUpMutation, useSaveCareContactMutation } from "../api";
import { availableChannels, defaultChannel, suggestedTemplateId } from "../plan-defaults";
import { emailProblem, planProblems, reachableChannels, typedEmailProblem } from "../plan-checks";

/** When the follow-up is due: one of the quick choices (days after today) or a date picked. */
export type PlanWhen = (typeof FOLLOW_UP_QUICK_DAYS)[number] | "date";

interface PlanFollowUpOptions {
  reception: Reception;
  templates: readonly FollowUpTemplate[];
  contact: CareContact | null;
  today: string;
  initialWhen: PlanWhen;
  onPlanned: () => void;
}

/**
 * The planning dialog's entries, chosen already where they can be (the quick choice tapped, the
 * template that fits the medicines, the way the patient can be reached), what is wrong with them,
 * and 「予定する」: the consent and contact recorded first when given, then the plan.
 */
export function usePlanFollowUp({ reception, templates, contact, today, initialWhen, onPlanned }: PlanFollowUpOptions) {
  const { message } = App.useApp();
  const [when, setWhen] = useState<PlanWhen>(initialWhen);
  const [pickedDate, setPickedDate] = useState<string | undefined>();
  const [template, setTemplate] = useState(() => suggestedTemplateId(reception, templates));
  const [consent, setConsent] = useState(false);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState(reception.phone ?? "");
  const [channel, setChannel] = useState<FollowUpChannel>(() => defaultChannel(contact));
  const [showErrors, setShowErrors] = useState(false);
  const [saveCareContact, contactState] = useSaveCareContactMutation();
  const [planFollowUp, planState] = usePlanFollowUpMutation();

  const dueOn = when === "date" ? pickedDate : followUpDueOn({ daysAfter: when }, today);
  const entry = { dueOn, template, consent, email, phone, channel };
  const problems = planProblems(contact, entry);

  return {
    when,
    setWhen,
    pickedDate,
    setPickedDate,
    dueOn,
    template,
    setTemplate,
    consent,
    email,
    emailIssue: typedEmailProblem(entry),
    phone,
    setPhone,
    channel,
    setChannel,
    reachable: reachableChannels(contact, entry),
    /** Shown once 「予定する」 was pressed with something missing. */
    shownProblems: showErrors ? problems : [],
    saving: contactState.isLoading || planState.isLoading,
    consentChanged(checked: boolean) {
      setConsent(checked);
      // Without the consent the typed e-mail no longer counts: back to a channel the patient has.
      if (!checked && channel === "email" && !availableChannels(contact).email) setChannel(defaultChannel(contact));
    },
    emailChanged(value: string) {
      setEmail(value);
      // A valid e-mail given at the counter is the way to reach the patient.
      if (!contact?.email && value.trim() && !emailProblem(value.trim())) setChannel("email");
    },
    async submit() {
      if (problems.length > 0 || !dueOn || !template) {
        setShowErrors(true);
        return;
      }
      const typedEmail = email.trim();
      try {
        if (consent) {
          await saveCareContact({
            receptionId: reception.id,
            contact: {
              consent: true,
              ...(typedEmail && { email: typedEmail }),
              ...(phone.trim() && { phone: phone.trim() }),
            },
          }).unwrap();
        }
        await planFollowUp({
          receptionId: reception.id,
          plan: { ...(when === "date" ? { dueOn } : { daysAfter: when }), template, channel },
        }).unwrap();
        void message.success(`${formatMonthDay(dueOn)}の体調確認を予定しました`);
        onPlanned();
      } catch (caught) {
        void message.error(apiErrorMessage(caught));
      }
    },
  };
}

export type PlanFollowUpState = ReturnType<typeof usePlanFollowUp>;
