import { usePatientText } from "../../../lib/i18n/use-patient-text";
import {
  CheckCircleFilled,
  DeleteOutlined,
  ExclamationCircleFilled,
  FileImageOutlined,
  FilePdfOutlined,
  RedoOutlined,
  ReloadOutlined,
} from "@ant-design/icons";
import { Button, Flex, Spin, Typography } from "antd";
import type { ScannedPrescription } from "../scanned-prescriptions-slice";
import type { PrescriptionScans } from "./use-prescription-scans";
import styles from "./counter-flow.module.css";

/** The prescriptions photographed so far, each with its upload status, 再送信, 撮り直す and 削除. */
export function ScanList({ scans }: { scans: PrescriptionScans }) {
  const { items, busyId } = scans;
  const { t, r } = usePatientText();
  return (
    <section aria-label={t("counter.scansLabel")}>
      {items.length === 0 ? (
        <div className={styles.emptyScans}>
          <FileImageOutlined aria-hidden className={styles.emptyIcon} />
          <span>{r("counter.noScans")}</span>
        </div>
      ) : (
        <ul className={styles.scanList}>
          {items.map((item, index) => (
            <li key={item.id} className={styles.scanItem} data-status={item.status}>
              <div className={styles.scanThumb}>
                {item.previewUrl ? (
                  <img src={item.previewUrl} alt={t("counter.scanName", { number: index + 1 })} />
                ) : item.kind === "pdf" ? (
                  <FilePdfOutlined aria-hidden className={styles.scanIcon} />
                ) : (
                  <FileImageOutlined aria-hidden className={styles.scanIcon} />
                )}
              </div>
              <div className={styles.scanBody}>
                <div className={styles.scanTitle}>{t("counter.scanName", { number: index + 1 })}</div>
                <ScanStatusLine item={item} />
                <Flex gap={8} wrap className={styles.scanActions}>
                  {item.status === "failed" && (
                    <Button icon={<ReloadOutlined aria-hidden />} onClick={() => scans.retry(item)}>
                      {r("counter.resend")}
                    </Button>
                  )}
                  <Button
                    icon={<RedoOutlined aria-hidden />}
                    disabled={item.status === "uploading" || busyId !== null}
                    loading={busyId === item.id}
                    onClick={() => scans.startRetake(item)}
                  >
                    {r("counter.retake")}
                  </Button>
                  <Button
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    disabled={item.status === "uploading" || busyId !== null}
                    onClick={() => void scans.remove(item)}
                  >
                    {r("counter.remove")}
                  </Button>
                </Flex>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ScanStatusLine({ item }: { item: ScannedPrescription }) {
  const { r } = usePatientText();
  if (item.status === "uploading") {
    return (
      <Flex align="center" gap={8} className={styles.scanStatus}>
        <Spin size="small" />
        <span>{r("counter.sending")}</span>
      </Flex>
    );
  }
  if (item.status === "uploaded") {
    return (
      <Flex align="center" gap={8} className={styles.scanStatus}>
        <CheckCircleFilled aria-hidden className={styles.okIcon} />
        <span>{r("counter.sent")}</span>
      </Flex>
    );
  }
  return (
    <Flex align="flex-start" gap={8} className={styles.scanStatus} role="alert">
      <ExclamationCircleFilled aria-hidden className={styles.errorIcon} />
      <Typography.Text type="danger">{item.errorMessage}</Typography.Text>
    </Flex>
  );
}
