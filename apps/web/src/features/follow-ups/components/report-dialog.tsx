import { PrinterOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Spin } from "antd";
import { useRef } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetFollowUpReportQuery } from "../api";
import styles from "./follow-ups.module.css";

/**
 * The server's 服薬情報提供書 (A4, its own print CSS) in a sandboxed frame: no scripts run in it; same
 * origin only so that this page can call its print(), which allow-modals lets open the dialog. Fetched
 * afresh each time, so the findings just saved are on it.
 */
export function ReportDialog({ followUpId, onClose }: { followUpId: string; onClose: () => void }) {
  const { data, error, isFetching } = useGetFollowUpReportQuery(followUpId, { refetchOnMountOrArgChange: true });
  const frame = useRef<HTMLIFrameElement>(null);

  function print() {
    const view = frame.current?.contentWindow;
    if (!view) return;
    view.focus();
    view.print();
  }

  return (
    <Modal
      open
      title="服薬情報提供書"
      onCancel={onClose}
      width={880}
      footer={
        <Flex justify="flex-end" gap={12}>
          <Button size="large" onClick={onClose}>
            閉じる
          </Button>
          <Button
            type="primary"
            size="large"
            icon={<PrinterOutlined aria-hidden />}
            disabled={!data || isFetching}
            onClick={print}
          >
            印刷する
          </Button>
        </Flex>
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title="服薬情報提供書を作成できませんでした"
          description={apiErrorMessage(error)}
        />
      ) : !data || isFetching ? (
        <Flex justify="center" className={styles.loading}>
          <Spin description="作成中" />
        </Flex>
      ) : (
        <iframe
          ref={frame}
          title="服薬情報提供書"
          srcDoc={data}
          sandbox="allow-same-origin allow-modals"
          className={styles.reportFrame}
          data-testid="report-frame"
        />
      )}
    </Modal>
  );
}
