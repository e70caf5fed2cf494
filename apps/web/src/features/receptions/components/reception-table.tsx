import { FileImageOutlined } from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/formats";
import { answerLabel } from "@pharmacy/contract/question-labels";
import type { Reception } from "@pharmacy/contract/receptions";
import { Badge, Empty, Flex, Table, Tag, type TableColumnsType } from "antd";
import { CHANNEL_LABELS, STATUS_COLORS, STATUS_LABELS, statusKey } from "../labels";
import { formatMonthDay, formatPeriodValue } from "../../../lib/date-labels";
import { formatTime } from "../format";
import styles from "./reception-table.module.css";

interface ReceptionTableProps {
  receptions: Reception[];
  loading: boolean;
  selectedId: string | undefined;
  /** Web receptions that arrived live and are not opened yet. */
  arrivals: ReadonlySet<string>;
  emptyText: string;
  onSelect: (id: string) => void;
}

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

export function ReceptionTable({ receptions, loading, selectedId, arrivals, emptyText, onSelect }: ReceptionTableProps) {
  const columns: TableColumnsType<Reception> = [
    {
      key: "number",
      title: "受付番号",
      width: 130,
      render: (_, reception) => (
        <Flex align="center" gap={8}>
          <span className={styles.number}>{formatReceptionNumber(reception.receptionNumber, reception.partitionNumber)}</span>
          {arrivals.has(reception.id) && <Badge count="新着" color="#fa8c16" />}
        </Flex>
      ),
    },
    {
      key: "time",
      title: "時刻",
      width: 90,
      render: (_, reception) => <span className={styles.time}>{formatTime(reception.createdAt)}</span>,
    },
    {
      key: "channel",
      title: "受付方法",
      width: 110,
      render: (_, reception) => (
        <Tag className={styles.tag} color={reception.channel === "Web" ? "purple" : "default"}>
          {CHANNEL_LABELS[reception.channel]}
        </Tag>
      ),
    },
    {
      key: "status",
      title: "ステータス",
      width: 130,
      render: (_, reception) => {
        const key = statusKey(reception.status);
        return (
          <Tag className={styles.tag} color={STATUS_COLORS[key]}>
            {STATUS_LABELS[key]}
          </Tag>
        );
      },
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
      render: (_, reception) => reception.patientName || <span aria-label="なし">—</span>,
    },
    {
      key: "prescriptions",
      title: "処方箋",
      width: 90,
      align: "center",
      render: (_, reception) => (
        <span aria-label={`処方箋 ${reception.prescriptions.length}枚`}>
          <FileImageOutlined aria-hidden /> {reception.prescriptions.length}
        </span>
      ),
    },
  ];

  return (
    <Table<Reception>
      className={styles.table}
      rowKey="id"
      columns={columns}
      dataSource={receptions}
      loading={loading}
      pagination={false}
      size="large"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      rowClassName={(reception) =>
        [reception.id === selectedId && styles.selected, arrivals.has(reception.id) && styles.arrival].filter(Boolean).join(" ")
      }
      onRow={(reception) => ({
        onClick: () => onSelect(reception.id),
        onKeyDown: (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onSelect(reception.id);
          }
        },
        tabIndex: 0,
        "aria-selected": reception.id === selectedId,
        "data-reception-number": formatReceptionNumber(reception.receptionNumber, reception.partitionNumber),
      })}
    />
  );
}
