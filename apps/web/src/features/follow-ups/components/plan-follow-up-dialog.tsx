import { EmailSchema } from "@pharmacy/contract/auth";
import {
  dueOnIssue,
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_QUICK_DAYS,
  followUpDueOn,
  type CareContact,
  type FollowUpChannel,
} from "@pharmacy/contract/follow-ups";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions";
import { Alert, App, Checkbox, DatePicker, Flex, Input, Modal, Radio, Segmented, Select, Typography } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api-error";
import { formatMonthDay } from "@pharmacy/contract/date-labels";
import { dayjs } from "../../../lib/dayjs";
import { usePlanFollowUpMutation, useSaveCareContactMutation } from "../api";
import { availableChannels, defaultChannel, suggestedTemplateId } from "../plan-defaults";
import styles from "./follow-ups.module.css";

export type PlanWhen = (typeof FOLLOW_UP_QUICK_DAYS)[number] | "date";

interface PlanFollowUpDialogProps {
  reception: Reception;
  templates: readonly FollowUpTemplate[];
  contact: CareContact | null;
  today: string;
  /** The quick choice tapped to open the dialog (「7日後」). */
  initialWhen: PlanWhen;
  onClose: () => void;
}

const CHANNELS: readonly FollowUpChannel[] = ["email", "line", "push", "phone"];

/**
 * 「7日後に体調確認」: the day, the questionnaire and the way to reach the patient are chosen already (the
 * tapped quick choice, the template that fits the medicines, the patient's contact); 「予定する」 is the
 * second tap. A patient who agreed at the counter has their consent and contact recorded here too.
 */
export function PlanFollowUpDialog({
  reception,
  templates,
  contact,
  today,
  initialWhen,
  onClose,
}: PlanFollowUpDialogProps) {
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
  const typedEmail = email.trim();
  const emailIssue = consent && typedEmail ? emailProblem(typedEmail) : undefined;
  const available = availableChannels(contact);
  // An e-mail typed with the consent makes the e-mail channel possible before it is saved.
  const reachable: Record<FollowUpChannel, boolean> = {
    ...available,
    email: available.email || (consent && typedEmail !== "" && !emailIssue),
  };
  const problems = [
    !dueOn && "日付を選んでください",
    !template && "質問票を選んでください",
    consent && !typedEmail && !phone.trim() && "メールアドレスか電話番号を入力してください",
    emailIssue,
    !reachable[channel] && `${FOLLOW_UP_CHANNEL_LABELS[channel]}の連絡先がありません。連絡方法を選び直してください`,
  ].filter((problem): problem is string => Boolean(problem));

  async function submit() {
    if (problems.length > 0 || !dueOn || !template) {
      setShowErrors(true);
      return;
    }
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
      onClose();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  const chosenTemplate = templates.find((candidate) => candidate.id === template);
  return (
    <Modal
      open
      title="体調確認（服薬フォローアップ）を予定"
      okText="予定する"
      cancelText="キャンセル"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={contactState.isLoading || planState.isLoading}
      okButtonProps={{ size: "large" }}
      cancelButtonProps={{ size: "large" }}
      width={620}
      destroyOnHidden
    >
      <Flex vertical gap={20} className={styles.planBody}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>いつ</legend>
          <Segmented<PlanWhen>
            block
            size="large"
            value={when}
            onChange={setWhen}
            aria-label="いつ"
            options={[
              ...FOLLOW_UP_QUICK_DAYS.map((days) => ({ value: days, label: `${days}日後` })),
              { value: "date" as const, label: "日付を指定" },
            ]}
          />
          {when === "date" && (
            <DatePicker
              size="large"
              className={styles.datePicker}
              aria-label="体調確認の日"
              format="YYYY年MM月DD日"
              value={pickedDate ? dayjs(pickedDate) : null}
              disabledDate={(day) => dueOnIssue(day.format("YYYY-MM-DD"), today) !== null}
              onChange={(day) => setPickedDate(day ? day.format("YYYY-MM-DD") : undefined)}
            />
          )}
          {dueOn && (
            <Typography.Text className={styles.planSummary} data-testid="plan-summary">
              {channel === "phone"
                ? `${formatMonthDay(dueOn)}に、電話で確認する一覧に載ります`
                : `${formatMonthDay(dueOn)}の開店時に、質問票のリンクを${FOLLOW_UP_CHANNEL_LABELS[channel]}で送ります`}
            </Typography.Text>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>質問票</legend>
          <Select
            size="large"
            aria-label="質問票"
            value={template}
            onChange={setTemplate}
            options={templates.map((candidate) => ({
              value: candidate.id,
              label: `${candidate.name}（${candidate.questions.length}問）`,
            }))}
          />
          {chosenTemplate && (
            <Typography.Text type="secondary" className={styles.questionList}>
              {chosenTemplate.questions.map((question) => question.label).join(" / ")}
            </Typography.Text>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>連絡方法</legend>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="large"
            value={channel}
            onChange={(event) => setChannel(event.target.value as FollowUpChannel)}
            aria-label="連絡方法"
            options={CHANNELS.map((value) => ({
              value,
              label: FOLLOW_UP_CHANNEL_LABELS[value],
              disabled: !reachable[value],
            }))}
          />
          <ContactLine contact={contact} />
        </fieldset>

        {!contact?.email && (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>連絡先と同意</legend>
            <Checkbox
              checked={consent}
              onChange={(event) => {
                setConsent(event.target.checked);
                if (!event.target.checked && channel === "email" && !available.email)
                  setChannel(defaultChannel(contact));
              }}
            >
              患者さまが体調確認の連絡を受け取ることに同意しました
            </Checkbox>
            {consent && (
              <Flex vertical gap={8}>
                <Input
                  size="large"
                  type="email"
                  inputMode="email"
                  aria-label="メールアドレス"
                  placeholder="メールアドレス（質問票のリンクを送ります）"
                  value={email}
                  status={emailIssue ? "error" : undefined}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (!contact?.email && event.target.value.trim() && !emailProblem(event.target.value.trim()))
                      setChannel("email");
                  }}
                />
                <Input
                  size="large"
                  type="tel"
                  inputMode="tel"
                  aria-label="電話番号"
                  placeholder="電話番号"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                />
                <Typography.Text type="secondary">連絡先は、体調確認がすべて終わると削除します。</Typography.Text>
              </Flex>
            )}
          </fieldset>
        )}

        {showErrors && problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={problems[0]}
            description={problems.length > 1 ? problems.slice(1).join("、") : undefined}
          />
        )}
      </Flex>
    </Modal>
  );
}

function emailProblem(email: string): string | undefined {
  const result = EmailSchema.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Which contact the patient gave for follow-ups, and where they agreed. */
export function ContactLine({ contact }: { contact: CareContact | null }) {
  if (!contact)
    return (
      <Typography.Text type="secondary">
        連絡先の同意はまだありません（電話での確認ならそのまま予定できます）。
      </Typography.Text>
    );
  const parts = [
    contact.email && `メール ${contact.email}`,
    contact.phone && `電話 ${contact.phone}`,
    contact.line && "LINE",
    contact.push && "プッシュ通知",
  ].filter(Boolean);
  return (
    <Typography.Text type="secondary" data-testid="care-contact">
      {`連絡先：${parts.join("・")}（${contact.source === "web" ? "Web受付で同意" : "お渡し時に同意"}）`}
    </Typography.Text>
  );
}
