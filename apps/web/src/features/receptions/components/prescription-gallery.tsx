import {
  DeleteOutlined,
  FilePdfOutlined,
  FileUnknownOutlined,
  MergeCellsOutlined,
  SplitCellsOutlined,
  ZoomInOutlined,
} from "@ant-design/icons";
import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import { CODE_READ_STATUS_LABELS } from "@pharmacy/contract/files/prescription-data";
import type { Prescription, Reception } from "@pharmacy/contract/receptions/receptions";
import { App, Button, Flex, Image, Popconfirm, Skeleton, Typography } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import {
  useGetPrescriptionFileQuery,
  useGetPrescriptionThumbnailQuery,
  useMovePrescriptionMutation,
  useRemovePrescriptionMutation,
} from "../api";
import { SOURCE_TYPE_LABELS } from "../labels";
import { mergeTarget, splitTarget } from "../reception-list";
import { PHOTO_VIEWER } from "./photo-viewer";
import styles from "./prescription-gallery.module.css";

/** Pictures the browser can draw; HEIC (iPhone) is opened in a tab instead. */
const DRAWABLE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The thumbnail first; the full image is fetched when it is zoomed. */
function FilePreview({ fileId, alt }: { fileId: string; alt: string }) {
  const { data, error, isLoading } = useGetPrescriptionThumbnailQuery(fileId);
  const [zoomed, setZoomed] = useState(false);
  const full = useGetPrescriptionFileQuery(fileId, { skip: !zoomed });
  if (isLoading) return <Skeleton.Image active className={styles.thumb} />;
  if (error || !data) {
    return (
      <div className={styles.tile} role="img" aria-label={alt}>
        <FileUnknownOutlined aria-hidden className={styles.tileIcon} />
        <span>{apiErrorMessage(error)}</span>
      </div>
    );
  }
  if (DRAWABLE_TYPES.has(data.contentType)) {
    return (
      <Image
        src={data.url}
        alt={alt}
        // the tile is a button whose visible text is 「拡大」: its name must say it too (WCAG 2.5.3)
        aria-label={`${alt}を拡大`}
        width={132}
        height={176}
        className={styles.image}
        onClick={() => setZoomed(true)}
        preview={{
          src: full.data?.url ?? data.url,
          onOpenChange: (open) => open && setZoomed(true),
          cover: (
            <span className={styles.cover}>
              <ZoomInOutlined aria-hidden /> 拡大
            </span>
          ),
        }}
      />
    );
  }
  const isPdf = data.contentType === "application/pdf";
  return (
    <div className={styles.tile}>
      {isPdf ? (
        <FilePdfOutlined aria-hidden className={styles.tileIcon} />
      ) : (
        <FileUnknownOutlined aria-hidden className={styles.tileIcon} />
      )}
      <Button size="middle" onClick={() => window.open(data.url, "_blank", "noopener")}>
        {isPdf ? "PDFを開く" : "ファイルを開く"}
      </Button>
    </div>
  );
}

/** 引換番号 with a copy button: staff paste it into the electronic prescription system. */
function ExchangeNumber({ value }: { value: string }) {
  return (
    <div className={styles.exchange}>
      <Typography.Text type="secondary">引換番号</Typography.Text>{" "}
      <Typography.Text
        strong
        copyable={{ text: value, tooltips: ["引換番号をコピー", "コピーしました"] }}
        data-testid="exchange-number"
      >
        {value}
      </Typography.Text>
    </div>
  );
}

interface PrescriptionGalleryProps {
  reception: Reception;
  /** Every reception of its day, for the partitions of its number. */
  dayReceptions: Reception[];
  onSelect: (id: string | undefined) => void;
}

/** The prescriptions of a reception as thumbnails (tap to zoom), with 分割 / まとめる between partitions and 削除. */
export function PrescriptionGallery({ reception, dayReceptions, onSelect }: PrescriptionGalleryProps) {
  const { message } = App.useApp();
  const [movePrescription] = useMovePrescriptionMutation();
  const [removePrescription] = useRemovePrescriptionMutation();
  const [moving, setMoving] = useState<string | null>(null);
  const split = splitTarget(dayReceptions, reception);
  const merge = mergeTarget(dayReceptions, reception);

  async function move(prescription: Prescription, partitionNumber: number, kind: "split" | "merge") {
    setMoving(prescription.prescriptionId);
    try {
      const target = await movePrescription({
        id: reception.id,
        prescriptionId: prescription.prescriptionId,
        partitionNumber,
      }).unwrap();
      const number = formatReceptionNumber(target.receptionNumber, target.partitionNumber);
      void message.success(kind === "split" ? `処方箋を ${number} に分けました` : `処方箋を ${number} にまとめました`);
      // Its last prescription moved away: this partition is gone, so show where it went.
      if (reception.prescriptions.length === 1) onSelect(target.id);
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    } finally {
      setMoving(null);
    }
  }

  async function remove(prescription: Prescription) {
    setMoving(prescription.prescriptionId);
    try {
      await removePrescription({ id: reception.id, prescriptionId: prescription.prescriptionId }).unwrap();
      void message.success("処方箋を削除しました");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    } finally {
      setMoving(null);
    }
  }

  if (reception.prescriptions.length === 0) {
    return <Typography.Text type="secondary">処方箋の画像はありません。</Typography.Text>;
  }

  return (
    <Image.PreviewGroup preview={PHOTO_VIEWER}>
      <ul className={styles.list}>
        {reception.prescriptions.map((prescription, index) => {
          const name = `処方箋 ${index + 1}`;
          return (
            <li key={prescription.prescriptionId} className={styles.item}>
              {prescription.fileId ? (
                <FilePreview fileId={prescription.fileId} alt={name} />
              ) : (
                <div className={styles.tile}>
                  <span>{SOURCE_TYPE_LABELS[prescription.sourceType]}</span>
                </div>
              )}
              <div className={styles.caption}>
                <div>{name}</div>
                <Typography.Text type="secondary">{SOURCE_TYPE_LABELS[prescription.sourceType]}</Typography.Text>
                {prescription.exchangeNumber && <ExchangeNumber value={prescription.exchangeNumber} />}
                {prescription.codeStatus && prescription.codeStatus !== "read" && (
                  <div>
                    <Typography.Text type="warning" data-testid="code-status">
                      {CODE_READ_STATUS_LABELS[prescription.codeStatus]}
                    </Typography.Text>
                  </div>
                )}
              </div>
              <Flex vertical gap={8}>
                {split !== undefined && (
                  <Popconfirm
                    title={`${name}を ${formatReceptionNumber(reception.receptionNumber, split)} に分けますか？`}
                    description="分けた処方箋は別の番号として調剤し、お渡しします。"
                    okText="分割する"
                    cancelText="キャンセル"
                    onConfirm={() => move(prescription, split, "split")}
                  >
                    <Button
                      icon={<SplitCellsOutlined aria-hidden />}
                      loading={moving === prescription.prescriptionId}
                      disabled={moving !== null}
                      aria-label={`${name}を分割`}
                    >
                      分割
                    </Button>
                  </Popconfirm>
                )}
                {merge !== undefined && (
                  <Popconfirm
                    title={`${name}を ${formatReceptionNumber(reception.receptionNumber, merge)} にまとめますか？`}
                    description="同じ番号で一緒にお渡しします。進み具合は遅いほうにそろいます（例: 「調剤中」と「完了」なら「調剤中」）。"
                    okText="まとめる"
                    cancelText="キャンセル"
                    onConfirm={() => move(prescription, merge, "merge")}
                  >
                    <Button
                      icon={<MergeCellsOutlined aria-hidden />}
                      loading={moving === prescription.prescriptionId}
                      disabled={moving !== null}
                      aria-label={`${name}をまとめる`}
                    >
                      まとめる
                    </Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={`${name}を削除しますか？`}
                  description="撮り直しや誤って追加した処方箋を受付から外します。"
                  okText="削除する"
                  cancelText="キャンセル"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(prescription)}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    loading={moving === prescription.prescriptionId}
                    disabled={moving !== null}
                    aria-label={`${name}を削除`}
                  >
                    削除
                  </Button>
                </Popconfirm>
              </Flex>
            </li>
          );
        })}
      </ul>
    </Image.PreviewGroup>
  );
}
