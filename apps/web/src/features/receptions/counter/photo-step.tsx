import { ArrowRightOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import type { ScanFiles } from "./scan-files";
import { ScanList } from "./scan-list";
import { ScanPickers } from "./scan-pickers";
import { usePrescriptionScans } from "./use-prescription-scans";
import styles from "./counter-flow.module.css";

interface PhotoStepProps {
  receptionId: string;
  /** The pictures themselves (kept for a retry), with their thumbnail URLs. */
  files: ScanFiles;
  nextLoading: boolean;
  onNext: () => void;
  /** The counter kiosk: patients get the camera only, not a chooser of the tablet's own files. */
  kiosk: boolean;
}

/** 「処方箋を撮影」: each picture is uploaded at once and listed, with retake and remove. */
export function PhotoStep({ receptionId, files, nextLoading, onNext, kiosk }: PhotoStepProps) {
  const scans = usePrescriptionScans(receptionId, files, kiosk);

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Flex vertical gap={4}>
        <Typography.Title level={2} className={styles.prompt}>
          処方箋を撮影してください
        </Typography.Title>
        <Typography.Text className={styles.note}>
          処方箋が複数枚ある場合は、1枚ずつ撮影してください。処方箋をお持ちでない場合は「次へ」を押してください。
        </Typography.Text>
      </Flex>

      <ScanPickers scans={scans} kiosk={kiosk} />
      <ScanList scans={scans} />

      <Flex justify="flex-end" align="center" gap={16} className={styles.footer}>
        {scans.failed && !scans.pending && (
          <Typography.Text type="danger">
            送信できなかった処方箋があります。再送信するか削除してください。
          </Typography.Text>
        )}
        <Button
          type="primary"
          size="large"
          className={styles.nextButton}
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          disabled={scans.pending || scans.failed || scans.busyId !== null}
          loading={nextLoading}
          onClick={onNext}
        >
          次へ
        </Button>
      </Flex>
    </Flex>
  );
}
