import { FileImageOutlined } from "@ant-design/icons";
import { isUncollected } from "@pharmacy/contract/receptions/across-days";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { answerLabel } from "@pharmacy/contract/receptions/answer-labels";
import { VALIDITY_FLAG_LABELS } from "@pharmacy/contract/files/prescription-data";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Badge, Empty, Flex, Table, Tag, type TableColumnsType } from "antd";
import {
  CALLED_COLOR,
  CALLED_LABEL,
  CHANNEL_LABELS,
  IN_PROGRESS_LABEL,
  listStatusOf,
  SHOWN_STATUS_LABELS,
  STATUS_COLORS,
  UNCOLLECTED_COLOR,
  UNCOLLECTED_LABEL,
} from "../labels";
import { formatMonthDay, formatPeriodValue } from "@pharmacy/contract/calendar/date-labels";
import { listedNumber, listedTime } from "../format";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { PatientName } from "../rx/patient-name";
import { receptionValidityFlag, VALIDITY_FLAG_COLORS } from "../rx/rx-format";
import styles from "./reception-table.module.css";
import { householdLabel, householdOthers } from "../household";
import { PatientLanguageTag } from "./patient-language-tag";

interface ReceptionTableProps {
  receptions: Reception[];
  /** The day the list shows: a row of another day (carried, a pickup) shows its day beside its number. */
  listDate: string;
  loading: boolean;
  selectedId: string | undefined;
  /** Web receptions that arrived live and are not opened yet. */
  arrivals: ReadonlySet<string>;
  emptyText: string;
  onSelect: (id: string) => void;
  /** Number, status, receive method and name only: for a narrow side panel. */
  compact?: boolean;
  /** Every reception of the list, filtered or not: a household's others are counted among them. */
  dayReceptions?: readonly Reception[];
}

const COMPACT_COLUMNS = new Set(["number", "status", "receive", "patient"]);

function ReceiveMethod({ reception }: { reception: Reception }) {
  const { receiveMethod, returnDate, returnTimePeriod } = reception.answers;
  if (!receiveMethod) return <span aria-label="未回答">—</span>;
  return (
    <span>
      {answerLabel("receiveMethod", receiveMethod)}
      {receiveMethod === "ReturnVisit" && returnDate && (
        <span className={styles.sub}>
          {formatMonthDay(returnDate)}
          {returnTimePeriod && ` ${formatPeriodValue(returnTimePeriod)}`}
        </span>
      )}
    </span>
  );
}

/** What e2e tests and people's tools find a row by: its number and its day. */
function rowData(reception: Reception) {
  return {
    "data-reception-number": formatReceptionNumber(reception.receptionNumber, reception.partitionNumber),
    "data-reception-date": reception.receptionDate,
  };
}

function inProgressRow(reception: Reception) {
  return { "aria-disabled": true, title: "患者さまが店頭で受付中です", ...rowData(reception) };
}

/** The status tag, with 呼出済み for a called ready one and 未受取 for one not collected in time (docs/rules.md#across-days). */
function StatusTags({ reception, today }: { reception: Reception; today: string }) {
  const key = listStatusOf(reception);
  if (key === "inProgress") return <Tag className={styles.tag}>{IN_PROGRESS_LABEL}</Tag>;
  return (
    <Flex gap={4} wrap>
      <Tag className={styles.tag} color={STATUS_COLORS[key]} data-testid="row-status">
        {SHOWN_STATUS_LABELS[key]}
      </Tag>
      {key === "Completed" && reception.calledAt && (
        <Tag className={styles.tag} color={CALLED_COLOR}>
          {CALLED_LABEL}
        </Tag>
      )}
      {key !== "handedOver" && isUncollected(reception, today) && (
        <Tag className={styles.tag} color={UNCOLLECTED_COLOR} data-testid="row-uncollected">
          {UNCOLLECTED_LABEL}
        </Tag>
      )}
      {reception.photoRequest?.answeredAt && (
        <Tag className={styles.tag} color="orange">
          新しい写真
        </Tag>
      )}
      {reception.photoRequest && !reception.photoRequest.answeredAt && <Tag className={styles.tag}>写真の再送待ち</Tag>}
    </Flex>
  );
}

/** 「同じ家族 2件」 on each reception one phone sent with others (docs/rules.md#family); its detail links them. */
function HouseholdTag({ reception, dayReceptions }: { reception: Reception; dayReceptions: readonly Reception[] }) {
  const others = householdOthers(reception, dayReceptions);
  if (others.length === 0) return null;
  return (
    <Tag className={styles.tag} color="magenta" data-testid="row-household">
      {householdLabel(others.length)}
    </Tag>
  );
}

export function ReceptionTable({
  receptions,
  listDate,
  loading,
  selectedId,
  arrivals,
  emptyText,
  onSelect,
  compact = false,
  dayReceptions = receptions,
}: ReceptionTableProps) {
  const today = useBusinessToday();
  const columns: TableColumnsType<Reception> = [
    {
      key: "number",
      title: "受付番号",
      width: 150,
      render: (_, reception) => (
        <Flex align="center" gap={8}>
          <span
            className={reception.receptionDate === listDate ? styles.number : `${styles.number} ${styles.otherDay}`}
            data-testid="row-number"
          >
            {listedNumber(reception, listDate)}
          </span>
          {arrivals.has(reception.id) && <Badge count="新着" color="#fa8c16" />}
        </Flex>
      ),
    },
    {
      key: "time",
      title: "時刻",
      width: 110,
      render: (_, reception) => (
        <span className={styles.time} data-testid="row-time">
          {listedTime(reception.createdAt, listDate)}
        </span>
      ),
    },
    {
      key: "channel",
      title: "受付方法",
      width: 110,
      render: (_, reception) => (
        <Flex gap={4} wrap>
          <Tag className={styles.tag} color={reception.channel === "Web" ? "purple" : "default"}>
            {CHANNEL_LABELS[reception.channel]}
          </Tag>
          <PatientLanguageTag language={reception.patientLanguage} className={styles.tag} />
          <HouseholdTag reception={reception} dayReceptions={dayReceptions} />
        </Flex>
      ),
    },
    {
      key: "status",
      title: "ステータス",
      width: 130,
      render: (_, reception) => <StatusTags reception={reception} today={today} />,
    },
    {
      key: "receive",
      title: "受け取り方法",
      render: (_, reception) => <ReceiveMethod reception={reception} />,
    },
    {
      key: "patient",
      title: "お名前",
      width: 170,
      ellipsis: true,
      render: (_, reception) =>
        reception.patientName || reception.prescriptions.some((prescription) => prescription.rx?.patient.name) ? (
          <PatientName reception={reception} compact />
        ) : (
          <span aria-label="なし">—</span>
        ),
    },
    {
      key: "prescriptions",
      title: "処方箋",
      width: 110,
      align: "center",
      render: (_, reception) => {
        const validity = receptionValidityFlag(reception.prescriptions, today);
        return (
          <Flex vertical align="center" gap={4}>
            <span aria-label={`処方箋 ${reception.prescriptions.length}枚`}>
              <FileImageOutlined aria-hidden /> {reception.prescriptions.length}
            </span>
            {validity && (
              <Tag color={VALIDITY_FLAG_COLORS[validity]} className={styles.tag} data-testid="row-validity">
                {VALIDITY_FLAG_LABELS[validity]}
              </Tag>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <Table<Reception>
      className={styles.table}
      rowKey="id"
      columns={compact ? columns.filter((column) => COMPACT_COLUMNS.has(String(column.key))) : columns}
      dataSource={receptions}
      loading={loading}
      pagination={false}
      size="large"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      rowClassName={(reception) =>
        [
          reception.id === selectedId && styles.selected,
          arrivals.has(reception.id) && styles.arrival,
          reception.confirmedAt === null && styles.inProgress,
        ]
          .filter(Boolean)
          .join(" ")
      }
      // A patient still answering at the counter: nothing to open yet.
      onRow={(reception) =>
        reception.confirmedAt === null
          ? inProgressRow(reception)
          : {
              onClick: () => onSelect(reception.id),
              onKeyDown: (event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  onSelect(reception.id);
                }
              },
              tabIndex: 0,
              "aria-selected": reception.id === selectedId,
              ...rowData(reception),
            }
      }
    />
  );
}
