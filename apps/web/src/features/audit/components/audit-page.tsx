import { DownloadOutlined } from "@ant-design/icons";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTOR_TYPE_LABELS,
  AuditActionSchema,
  type AuditAction,
  type AuditRow,
} from "@pharmacy/contract/audit/audit";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { App, Button, Card, DatePicker, Flex, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { saveBlob } from "../../../lib/files/save-blob";
import { dayjs } from "../../../lib/dates/dayjs";
import { formatBusinessDateTime } from "@pharmacy/contract/calendar/date-labels";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useDownloadAuditCsvMutation, useGetAuditQuery } from "../api";
import { auditCsvFileName } from "../audit-filters";
import styles from "./audit-page.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

const PAGE_SIZE = 50;

export interface ActorOption {
  value: string;
  label: string;
}

const actionOptions = AuditActionSchema.options.map((action) => ({
  value: action,
  label: AUDIT_ACTION_LABELS[action],
}));

/** 操作履歴 (admin): who (person or device) did or opened what, when; filters and a CSV of the same rows. */
export function AuditPage({ actorOptions }: { actorOptions: ActorOption[] }) {
  return (
    <App component={false}>
      <AuditScreen actorOptions={actorOptions} />
    </App>
  );
}

function AuditScreen({ actorOptions }: { actorOptions: ActorOption[] }) {
  useDocumentTitle("操作履歴");
  const today = businessDateOf();
  const [period, setPeriod] = useState<[string, string]>([dayjs(today).subtract(6, "day").format("YYYY-MM-DD"), today]);
  const [actor, setActor] = useState<string | undefined>();
  const [action, setAction] = useState<AuditAction | undefined>();
  const [page, setPage] = useState(1);
  const filters = { from: period[0], to: period[1], actor, action };
  const { data, error, isFetching, refetch } = useGetAuditQuery({ ...filters, page, pageSize: PAGE_SIZE });
  const [downloadCsv, { isLoading: downloading }] = useDownloadAuditCsvMutation();
  const { message } = App.useApp();

  async function download() {
    let blob;
    try {
      blob = await downloadCsv(filters).unwrap();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
      return;
    }
    saveBlob(blob, auditCsvFileName(filters, today));
  }

  const columns: TableColumnsType<AuditRow> = [
    { title: "日時", key: "at", width: 180, render: (_value, row) => formatBusinessDateTime(row.at) },
    {
      title: "操作者",
      key: "actor",
      width: 220,
      render: (_value, row) => (
        <Flex gap={6} align="center" wrap>
          <Tag>{AUDIT_ACTOR_TYPE_LABELS[row.actorType]}</Tag>
          <span>{row.actorName ?? ""}</span>
        </Flex>
      ),
    },
    { title: "操作", key: "action", width: 200, render: (_value, row) => AUDIT_ACTION_LABELS[row.action] },
    { title: "内容", key: "detail", render: (_value, row) => row.detail ?? "" },
  ];

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: "16px 20px" } }}>
        <Typography.Title level={1} className={styles.title}>
          操作履歴
        </Typography.Title>
        <Typography.Text type="secondary">
          受付やファイルの表示・変更、設定やスタッフの変更などを、誰が（どの端末が）いつ行ったかの記録です。
        </Typography.Text>
      </Card>
      <Card styles={{ body: { padding: "16px 20px" } }}>
        <Flex gap={12} wrap align="end">
          <label className={styles.filter}>
            <span className={styles.filterLabel}>期間</span>
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(period[0]), dayjs(period[1])]}
              onChange={(range) => {
                if (!range?.[0] || !range[1]) return;
                setPeriod([range[0].format("YYYY-MM-DD"), range[1].format("YYYY-MM-DD")]);
                setPage(1);
              }}
            />
          </label>
          <label className={styles.filter}>
            <span className={styles.filterLabel}>操作者</span>
            <Select
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder="すべて"
              options={actorOptions}
              value={actor}
              onChange={(value) => {
                setActor(value);
                setPage(1);
              }}
              className={styles.select}
            />
          </label>
          <label className={styles.filter}>
            <span className={styles.filterLabel}>操作</span>
            <Select<AuditAction>
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder="すべて"
              options={actionOptions}
              value={action}
              onChange={(value) => {
                setAction(value);
                setPage(1);
              }}
              className={styles.select}
            />
          </label>
          <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
            CSVダウンロード
          </Button>
        </Flex>
      </Card>
      {error ? (
        <LoadErrorAlert title="操作履歴を読み込めませんでした" error={error} onRetry={() => void refetch()} />
      ) : (
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.rows}
          loading={isFetching}
          locale={{ emptyText: "この条件の記録はありません" }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `全${total}件`,
            onChange: setPage,
          }}
        />
      )}
    </Flex>
  );
}
