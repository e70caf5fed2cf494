import { DesktopOutlined, TabletOutlined } from "@ant-design/icons";
import type { Device } from "@pharmacy/contract/devices/devices";
import { ROLE_LABELS, type DeviceKind } from "@pharmacy/contract/auth/roles";
import { App, Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { formatBusinessDateTime } from "@pharmacy/contract/calendar/date-labels";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { useDeleteDeviceMutation, useGetDevicesQuery } from "../api";
import styles from "./devices-page.module.css";
import { LoadErrorAlert } from "../../../components/load-error-alert";

const KIND_ICONS: Record<DeviceKind, React.ReactNode> = {
  counter: <TabletOutlined aria-hidden />,
  display: <DesktopOutlined aria-hidden />,
};

/** 端末管理 (admin): the branch's counter kiosks and waiting-room screens; removing one signs it out at once. */
export function DevicesPage() {
  return (
    <App component={false}>
      <DevicesScreen />
    </App>
  );
}

function DevicesScreen() {
  useDocumentTitle("端末管理");
  const { data, error, isLoading, isFetching, refetch } = useGetDevicesQuery();
  const [deleteDevice] = useDeleteDeviceMutation();
  const { modal, message } = App.useApp();

  function confirmDelete(device: Device) {
    modal.confirm({
      title: `「${device.name}」を削除しますか？`,
      content:
        "削除すると、その端末はすぐに使えなくなり、ログイン画面に戻ります。もう一度使うには、スタッフがログインして登録し直してください。",
      okText: "削除する",
      okButtonProps: { danger: true },
      cancelText: "キャンセル",
      centered: true,
      onOk: async () => {
        try {
          await deleteDevice(device.id).unwrap();
          void message.success(`「${device.name}」を削除しました`);
        } catch (caught) {
          modal.error({ title: "削除できませんでした", content: apiErrorMessage(caught), centered: true });
        }
      },
    });
  }

  const columns: TableColumnsType<Device> = [
    {
      title: "端末名",
      key: "name",
      render: (_value, device) => <span className={styles.name}>{device.name}</span>,
    },
    {
      title: "種類",
      key: "kind",
      width: 140,
      render: (_value, device) => (
        <Tag icon={KIND_ICONS[device.kind]} color={device.kind === "counter" ? "blue" : "purple"}>
          {ROLE_LABELS[device.kind]}
        </Tag>
      ),
    },
    {
      title: "登録日時",
      key: "createdAt",
      width: 200,
      render: (_value, device) => <span className={styles.nowrap}>{formatBusinessDateTime(device.createdAt)}</span>,
    },
    {
      title: "最終利用",
      key: "lastSeenAt",
      width: 200,
      render: (_value, device) =>
        device.lastSeenAt ? (
          <span className={styles.nowrap}>{formatBusinessDateTime(device.lastSeenAt)}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: "操作",
      key: "actions",
      width: 110,
      render: (_value, device) => (
        <Button danger onClick={() => confirmDelete(device)} aria-label={`${device.name}を削除`}>
          削除
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: "16px 20px" } }}>
        <Typography.Title level={1} className={styles.title}>
          端末管理
        </Typography.Title>
        <Typography.Text type="secondary">
          受付端末と呼出画面の一覧です。端末を追加するには、その端末でスタッフがログインし、右上のメニューから「この端末を受付端末にする」または「この端末を呼出画面にする」を選んでください。
        </Typography.Text>
      </Card>
      {error ? (
        <LoadErrorAlert
          title="端末一覧を読み込めませんでした"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <Table<Device>
          rowKey="id"
          columns={columns}
          dataSource={data?.devices}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: "登録された端末はありません" }}
        />
      )}
    </Flex>
  );
}
