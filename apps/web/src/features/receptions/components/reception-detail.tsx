import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { isUncollected } from "@pharmacy/contract/receptions/across-days";
import { formatPhoneNumber } from "@pharmacy/contract/shared/phone-number";
import { VALIDITY_FLAG_LABELS } from "@pharmacy/contract/files/prescription-data";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Alert, App, Button, Descriptions, Drawer, Flex, Spin, Tag, Typography } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ScrollTopOn } from "../../../components/scroll-top-on";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import {
  useDeleteReceptionMutation,
  useGetReceptionQuery,
  useGetReceptionsQuery,
  useOpenReceptionMutation,
} from "../api";
import { useGetBusinessHoursQuery } from "../../../lib/settings/settings-api";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { formatBusinessDateTime } from "@pharmacy/contract/calendar/date-labels";
import { listedNumber } from "../format";
import { isReceptionId } from "../list-search";
import {
  CALLED_COLOR,
  CALLED_LABEL,
  CHANNEL_LABELS,
  listStatusOf,
  SHOWN_STATUS_LABELS,
  STATUS_COLORS,
  UNCOLLECTED_COLOR,
  UNCOLLECTED_LABEL,
} from "../labels";
import { AnswersList } from "./answers-list";
import { EditReceptionDialog } from "./edit-reception-dialog";
import { PrescriptionData } from "../rx/prescription-data";
import { PatientName } from "../rx/patient-name";
import { dispensedOnOf } from "@pharmacy/contract/follow-ups/next-dispensing";
import { receptionValidityFlag, VALIDITY_FLAG_COLORS } from "../rx/rx-format";
import { PrescriptionGallery } from "./prescription-gallery";
import { ReceptionHistory } from "./reception-history";
import { PhotoRequestButton } from "./photo-request-button";
import { StatusActions } from "./status-actions";
import { PatientDataActions } from "./patient-data-actions";
import { can } from "../../../lib/auth/roles";
import { selectUser } from "../../../lib/auth/session";
import { useAppSelector } from "../../../lib/store/store-hooks";
import styles from "./reception-detail.module.css";
import { PatientLanguageTag } from "./patient-language-tag";
import { householdOthers } from "../household";
import { HouseholdSection } from "./household-section";

const NOT_FOUND_TEXT = "削除されたか、URLの受付の指定が正しくありません。一覧から受付を選んでください。";

interface ReceptionDetailProps {
  receptionId: string | undefined;
  /** The day the page lists: the reception is read from that cached list when it is there. */
  listDate: string;
  onSelect: (id: string | undefined) => void;
  /** What another feature adds under the status actions (the follow-ups planned at hand-over). */
  extra?: (reception: Reception) => ReactNode;
}

/** The side panel of the selected reception. */
export function ReceptionDetail({ receptionId, listDate, onSelect, extra }: ReceptionDetailProps) {
  return (
    <Drawer
      open={receptionId !== undefined}
      onClose={() => onSelect(undefined)}
      placement="right"
      size={600}
      title="受付の詳細"
      destroyOnHidden
      classNames={{ body: styles.body }}
    >
      <ScrollTopOn on={receptionId} />
      {receptionId && (
        <DetailContent
          key={receptionId}
          receptionId={receptionId}
          listDate={listDate}
          onSelect={onSelect}
          extra={extra}
        />
      )}
    </Drawer>
  );
}

function DetailContent({ receptionId, listDate, onSelect, extra }: ReceptionDetailProps & { receptionId: string }) {
  const { data: list } = useGetReceptionsQuery({ date: listDate });
  const fromList = [...(list?.receptions ?? []), ...(list?.carried ?? [])].find(
    (reception) => reception.id === receptionId,
  );
  const wellFormed = isReceptionId(receptionId);
  // Not in this day's list (another day, or just removed): read it on its own.
  const single = useGetReceptionQuery(receptionId, { skip: fromList !== undefined || !wellFormed });
  const reception = fromList ?? single.data;

  if (!reception) {
    if (!wellFormed || apiErrorStatus(single.error) === 404) {
      return <Alert type="warning" showIcon title="受付が見つかりません" description={NOT_FOUND_TEXT} />;
    }
    if (single.error) {
      return <Alert type="error" showIcon title="受付を表示できません" description={apiErrorMessage(single.error)} />;
    }
    return (
      <Flex justify="center" className={styles.loading}>
        <Spin description="読み込み中" />
      </Flex>
    );
  }
  return <ReceptionView reception={reception} onSelect={onSelect} extra={extra} />;
}

/** お渡し済み apart from 完了, 呼出済み and 未受取 (docs/rules.md#across-days), as in the list. */
function DetailStatusTags({ reception, today }: { reception: Reception; today: string }) {
  const key = listStatusOf(reception);
  if (key === "inProgress") return null;
  return (
    <>
      <Tag color={STATUS_COLORS[key]} className={styles.tag} data-testid="detail-status">
        {SHOWN_STATUS_LABELS[key]}
      </Tag>
      {key === "Completed" && reception.calledAt && (
        <Tag color={CALLED_COLOR} className={styles.tag}>
          {CALLED_LABEL}
        </Tag>
      )}
      {key !== "handedOver" && isUncollected(reception, today) && (
        <Tag color={UNCOLLECTED_COLOR} className={styles.tag}>
          {UNCOLLECTED_LABEL}
        </Tag>
      )}
    </>
  );
}

function ReceptionView({
  reception,
  onSelect,
  extra,
}: {
  reception: Reception;
  onSelect: (id: string | undefined) => void;
  extra?: ReceptionDetailProps["extra"];
}) {
  const { message, modal } = App.useApp();
  const mayAnswerPatient = can(useAppSelector(selectUser)?.role, "patientData");
  const [editing, setEditing] = useState(false);
  const [deleteReception, { isLoading: deleting }] = useDeleteReceptionMutation();
  // The siblings (partitions) of its number live in the list of its own day.
  const { data: dayList } = useGetReceptionsQuery({ date: reception.receptionDate });

  // Brief §4: opening today's reception nobody has looked at yet makes it 確認中 (the server decides;
  // a past day's stays as it is). Once per reception.
  const [openReception] = useOpenReceptionMutation();
  const today = useBusinessToday();
  const { data: hours } = useGetBusinessHoursQuery();
  // Another day's reception names its day: 「11/26 - 8」.
  const number = listedNumber(reception, today);
  const validity = receptionValidityFlag(reception.prescriptions, today);
  // sent together from one phone (docs/rules.md#family): the same day holds them all
  const household = householdOthers(reception, dayList?.receptions ?? []);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (reception.status !== null || reception.receptionDate !== today || opened.current === reception.id) return;
    opened.current = reception.id;
    openReception(reception.id)
      .unwrap()
      .catch((caught: unknown) => void message.error(apiErrorMessage(caught)));
  }, [reception.id, reception.status, reception.receptionDate, today, openReception, message]);

  function confirmDelete() {
    modal.confirm({
      title: `受付番号 ${number} を削除しますか？`,
      content: "削除した受付は一覧から消え、元に戻せません。",
      okText: "削除する",
      okButtonProps: { danger: true },
      cancelText: "キャンセル",
      onOk: async () => {
        try {
          await deleteReception({ id: reception.id, receptionDate: reception.receptionDate }).unwrap();
          void message.success(`受付番号 ${number} を削除しました`);
          onSelect(undefined);
        } catch (caught) {
          void message.error(apiErrorMessage(caught));
        }
      },
    });
  }

  return (
    <Flex vertical gap={24}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="baseline" gap={12}>
          <Typography.Text type="secondary">受付番号</Typography.Text>
          <span className={styles.number} data-testid="detail-number">
            {number}
          </span>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <Flex gap={4} wrap justify="flex-end">
            <DetailStatusTags reception={reception} today={today} />
            <Tag color={reception.channel === "Web" ? "purple" : "default"} className={styles.tag}>
              {CHANNEL_LABELS[reception.channel]}
            </Tag>
            <PatientLanguageTag language={reception.patientLanguage} className={styles.tag} />
          </Flex>
          <Typography.Text type="secondary">{formatBusinessDateTime(reception.createdAt)}</Typography.Text>
          {validity && (
            <Tag color={VALIDITY_FLAG_COLORS[validity]} className={styles.tag} data-testid="detail-validity">
              {`処方箋 ${VALIDITY_FLAG_LABELS[validity]}`}
            </Tag>
          )}
        </Flex>
      </Flex>

      <StatusActions reception={reception} household={household} />
      <HouseholdSection others={household} today={today} onSelect={onSelect} />
      {extra?.(reception)}
      <PhotoRequestButton reception={reception} />

      <section aria-labelledby="detail-prescriptions">
        <Typography.Title level={2} id="detail-prescriptions" className={styles.heading}>
          処方箋
        </Typography.Title>
        {reception.photosDeletedAt && (
          <Alert
            type="info"
            showIcon
            title={`写真とコードの読取データは${formatBusinessDateTime(reception.photosDeletedAt)}に削除しました。`}
          />
        )}
        <PrescriptionGallery reception={reception} dayReceptions={dayList?.receptions ?? []} onSelect={onSelect} />
        {reception.photoConsentAt && (
          // the visitor's consent to the photos' use, given on the public page (docs/rules.md#notice-and-consent)
          <Typography.Text type="secondary" data-testid="detail-photo-consent">
            {`写真の利用目的への同意：${formatBusinessDateTime(reception.photoConsentAt)}`}
          </Typography.Text>
        )}
      </section>

      <PrescriptionData
        prescriptions={reception.prescriptions}
        today={today}
        dispensedOn={dispensedOnOf(reception)}
        hours={hours}
      />

      <section aria-labelledby="detail-answers">
        <Typography.Title level={2} id="detail-answers" className={styles.heading}>
          回答
        </Typography.Title>
        <AnswersList answers={reception.answers} />
      </section>

      <section aria-labelledby="detail-patient">
        <Flex align="center" justify="space-between" gap={12}>
          <Typography.Title level={2} id="detail-patient" className={styles.heading}>
            患者さま・メモ
          </Typography.Title>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            編集
          </Button>
        </Flex>
        <Descriptions
          column={1}
          bordered
          size="small"
          styles={{ label: { width: 160 } }}
          items={[
            { key: "name", label: "お名前", children: <PatientName reception={reception} /> },
            { key: "phone", label: "電話番号", children: reception.phone ? formatPhoneNumber(reception.phone) : "—" },
            { key: "note", label: "メモ", children: <span className={styles.note}>{reception.note || "—"}</span> },
          ]}
        />
      </section>
      <EditReceptionDialog reception={reception} open={editing} onClose={() => setEditing(false)} />

      <section aria-labelledby="detail-history">
        <Typography.Title level={2} id="detail-history" className={styles.heading}>
          履歴
        </Typography.Title>
        <ReceptionHistory receptionId={reception.id} receptionNumber={reception.receptionNumber} />
      </section>

      {mayAnswerPatient && (
        <PatientDataActions reception={reception} number={number} onDeleted={() => onSelect(undefined)} />
      )}

      <Flex justify="flex-end">
        <Button danger icon={<DeleteOutlined aria-hidden />} loading={deleting} onClick={confirmDelete}>
          受付を削除
        </Button>
      </Flex>
    </Flex>
  );
}
