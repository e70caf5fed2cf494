import {
  dueOnIssue,
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_QUICK_DAYS,
  type CareContact,
  type FollowUpChannel,
} from "@pharmacy/contract/follow-ups/follow-ups";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import { Checkbox, DatePicker, Flex, Input, Radio, Segmented, Select, Typography } from "antd";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { dayjs } from "../../../lib/dates/dayjs";
import { ContactLine } from "./contact-line";
import type { PlanFollowUpState, PlanWhen } from "./use-plan-follow-up";
import styles from "./follow-ups.module.css";

const CHANNELS: readonly FollowUpChannel[] = ["email", "line", "push", "phone"];

/** 「いつ」: a quick choice or a date, and what will happen on that day. */
export function PlanWhenFields({ plan, today }: { plan: PlanFollowUpState; today: string }) {
  const { dueOn, channel } = plan;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>いつ</legend>
      <Segmented<PlanWhen>
        block
        size="large"
        value={plan.when}
        onChange={plan.setWhen}
        aria-label="いつ"
        options={[
          ...FOLLOW_UP_QUICK_DAYS.map((days) => ({ value: days, label: `${days}日後` })),
          { value: "date" as const, label: "日付を指定" },
        ]}
      />
      {plan.when === "date" && (
        <DatePicker
          size="large"
          className={styles.datePicker}
          aria-label="体調確認の日"
          format="YYYY年MM月DD日"
          value={plan.pickedDate ? dayjs(plan.pickedDate) : null}
          disabledDate={(day) => dueOnIssue(day.format("YYYY-MM-DD"), today) !== null}
          onChange={(day) => plan.setPickedDate(day ? day.format("YYYY-MM-DD") : undefined)}
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
  );
}

/** 「質問票」: the template sent, with its questions listed. */
export function PlanTemplateFields({
  plan,
  templates,
}: {
  plan: PlanFollowUpState;
  templates: readonly FollowUpTemplate[];
}) {
  const chosenTemplate = templates.find((candidate) => candidate.id === plan.template);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>質問票</legend>
      <Select
        size="large"
        aria-label="質問票"
        value={plan.template}
        onChange={plan.setTemplate}
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
  );
}

/** 「連絡方法」: the channels, those the patient cannot be reached by disabled, and the kept contact. */
export function PlanChannelFields({ plan, contact }: { plan: PlanFollowUpState; contact: CareContact | null }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>連絡方法</legend>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="large"
        value={plan.channel}
        onChange={(event) => plan.setChannel(event.target.value as FollowUpChannel)}
        aria-label="連絡方法"
        options={CHANNELS.map((value) => ({
          value,
          label: FOLLOW_UP_CHANNEL_LABELS[value],
          disabled: !plan.reachable[value],
        }))}
      />
      <ContactLine contact={contact} />
    </fieldset>
  );
}

/** 「連絡先と同意」: the patient's consent given at the counter, with their e-mail and phone. */
export function PlanConsentFields({ plan }: { plan: PlanFollowUpState }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>連絡先と同意</legend>
      <Checkbox checked={plan.consent} onChange={(event) => plan.consentChanged(event.target.checked)}>
        患者さまが体調確認の連絡を受け取ることに同意しました
      </Checkbox>
      {plan.consent && (
        <Flex vertical gap={8}>
          <Input
            size="large"
            type="email"
            inputMode="email"
            aria-label="メールアドレス"
            placeholder="メールアドレス（質問票のリンクを送ります）"
            value={plan.email}
            status={plan.emailIssue ? "error" : undefined}
            onChange={(event) => plan.emailChanged(event.target.value)}
          />
          <Input
            size="large"
            type="tel"
            inputMode="tel"
            aria-label="電話番号"
            placeholder="電話番号"
            value={plan.phone}
            onChange={(event) => plan.setPhone(event.target.value)}
          />
          <Typography.Text type="secondary">連絡先は、体調確認がすべて終わると削除します。</Typography.Text>
        </Flex>
      )}
    </fieldset>
  );
}
