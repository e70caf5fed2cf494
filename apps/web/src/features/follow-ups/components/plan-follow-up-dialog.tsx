import type { CareContact } from "@pharmacy/contract/follow-ups/follow-ups";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Alert, Flex, Modal } from "antd";
import { PlanChannelFields, PlanConsentFields, PlanTemplateFields, PlanWhenFields } from "./plan-follow-up-fields";
import { usePlanFollowUp, type PlanWhen } from "./use-plan-follow-up";
import styles from "./follow-ups.module.css";

interface PlanFollowUpDialogProps {
  reception: Reception;
  templates: readonly FollowUpTemplate[];
  contact: CareContact | null;
  today: string;
  /** The quick choice tapped to open the dialog (「7日後」). */
  initialWhen: PlanWhen;
  onClose: () => void;
}

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
  const plan = usePlanFollowUp({ reception, templates, contact, today, initialWhen, onPlanned: onClose });
  const [firstProblem, ...otherProblems] = plan.shownProblems;
  return (
    <Modal
      open
      title="体調確認（服薬フォローアップ）を予定"
      okText="予定する"
      cancelText="キャンセル"
      onOk={() => void plan.submit()}
      onCancel={onClose}
      confirmLoading={plan.saving}
      okButtonProps={{ size: "large" }}
      cancelButtonProps={{ size: "large" }}
      width={620}
      destroyOnHidden
    >
      <Flex vertical gap={20} className={styles.planBody}>
        <PlanWhenFields plan={plan} today={today} />
        <PlanTemplateFields plan={plan} templates={templates} />
        <PlanChannelFields plan={plan} contact={contact} />
        {!contact?.email && <PlanConsentFields plan={plan} />}
        {firstProblem && (
          <Alert
            type="error"
            showIcon
            title={firstProblem}
            description={otherProblems.length > 0 ? otherProblems.join("、") : undefined}
          />
        )}
      </Flex>
    </Modal>
  );
}
