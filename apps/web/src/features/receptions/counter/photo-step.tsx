import { usePatientText } from "../../../lib/i18n/use-patient-text";
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
  const { r } = usePatientText();

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Flex vertical gap={4}>
        <Typography.Title level={2} className={styles.prompt}>
          {r("counter.photoTitle")}
        </Typography.Title>
        <Typography.Text className={styles.note}>{r("counter.photoLead")}</Typography.Text>
      </Flex>

      <ScanPickers scans={scans} kiosk={kiosk} />
      <ScanList scans={scans} />

      <Flex justify="flex-end" align="center" gap={16} className={styles.footer}>
        {scans.failed && !scans.pending && <Typography.Text type="danger">{r("counter.photoUnsent")}</Typography.Text>}
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
          {r("common.next")}
        </Button>
      </Flex>
    </Flex>
  );
}
