import type { PrescriptionCopy } from "@pharmacy/contract/files/prescription-copy";
import { Descriptions, Typography } from "antd";
import { formatRxDate } from "./rx-format";
import styles from "./rx.module.css";

interface PrescriptionCopyPanelProps {
  copy: PrescriptionCopy;
  name: string;
}

/** 「電子処方箋の控え（QRコードから読み取り）」: the 引換番号 with its copy button and the insurance it names. */
export function PrescriptionCopyPanel({ copy, name }: PrescriptionCopyPanelProps) {
  const card = [copy.symbol, copy.number].filter(Boolean).join("・");
  return (
    <article className={styles.panel} aria-label={`${name}の電子処方箋の控え`} data-testid="prescription-copy-panel">
      <div className={styles.panelHeader}>
        <Typography.Text strong>電子処方箋の控え（QRコードから読み取り）</Typography.Text>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: "exchange",
            label: "引換番号",
            children: (
              <Typography.Text
                strong
                copyable={{ text: copy.exchangeNumber, tooltips: ["引換番号をコピー", "コピーしました"] }}
              >
                {copy.exchangeNumber}
              </Typography.Text>
            ),
          },
          { key: "insurer", label: "保険者番号", children: copy.insurerNumber || "—" },
          {
            key: "card",
            label: "記号・番号",
            children: [card || "—", copy.branch && `（枝番 ${copy.branch}）`].filter(Boolean).join(""),
          },
          { key: "birth", label: "生年月日", children: formatRxDate(copy.birthDate) },
        ]}
      />
    </article>
  );
}
