import { DeleteOutlined, FileTextOutlined } from "@ant-design/icons";
import {
  PATIENT_DELETION_EXPLANATIONS,
  PATIENT_DELETION_LABELS,
  PatientDeletionSchema,
  type PatientDeletion,
} from "@pharmacy/contract/retention/export";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Link } from "@tanstack/react-router";
import { App, Button, Flex, Typography } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useDeletePatientDataMutation } from "../patient-data-api";

/**
 * At a patient's request (docs/rules.md#records-kept-and-deleted): what is held, to print, and their
 * contacts, photos or the whole reception deleted, each after a confirmation.
 */
export function PatientDataActions({
  reception,
  number,
  onDeleted,
}: {
  reception: Reception;
  number: string;
  /** The whole reception went: the panel closes. */
  onDeleted: () => void;
}) {
  const { message, modal } = App.useApp();
  const [remove, { isLoading }] = useDeletePatientDataMutation();

  function confirm(what: PatientDeletion) {
    modal.confirm({
      title: `受付番号 ${number}：${PATIENT_DELETION_LABELS[what]}しますか？`,
      content: PATIENT_DELETION_EXPLANATIONS[what],
      okText: "削除する",
      okButtonProps: { danger: true },
      cancelText: "キャンセル",
      onOk: async () => {
        try {
          await remove({ id: reception.id, what }).unwrap();
          void message.success(`受付番号 ${number}：${PATIENT_DELETION_LABELS[what]}しました`);
          if (what === "personal_data") onDeleted();
        } catch (caught) {
          void message.error(apiErrorMessage(caught));
        }
      },
    });
  }

  return (
    <section aria-labelledby="detail-patient-data">
      <Typography.Title level={2} id="detail-patient-data" style={{ fontSize: 16 }}>
        患者さまからの開示・削除の求め
      </Typography.Title>
      <Flex gap={8} wrap>
        <Link to="/receptions/$id/export" params={{ id: reception.id }} target="_blank">
          <Button icon={<FileTextOutlined aria-hidden />}>保有データを表示・印刷</Button>
        </Link>
        {PatientDeletionSchema.options.map((what) => (
          <Button
            key={what}
            danger
            icon={<DeleteOutlined aria-hidden />}
            loading={isLoading}
            onClick={() => confirm(what)}
            data-testid={`patient-delete-${what}`}
          >
            {PATIENT_DELETION_LABELS[what]}
          </Button>
        ))}
      </Flex>
    </section>
  );
}
