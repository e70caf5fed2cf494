import { QrcodeOutlined } from "@ant-design/icons";
import { closedDaysIn, closedDaysLabel, nextDispensingWindow } from "@pharmacy/contract/follow-ups/next-dispensing";
import { VALIDITY_FLAG_LABELS, validityFlagOf, type Rx } from "@pharmacy/contract/files/prescription-data";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { Button, Descriptions, Flex, Tag, Typography } from "antd";
import { useState } from "react";
import { QrDialog } from "./qr-dialog";
import {
  drugAmount,
  drugName,
  formatRxDate,
  nextDispensingText,
  rpQuantity,
  rpSplit,
  rpUsage,
  sexLabel,
  VALIDITY_FLAG_COLORS,
} from "./rx-format";
import styles from "./rx.module.css";
import { UnreadLines } from "./unread-lines";

interface RxPanelProps {
  rx: Rx;
  /** Which prescription of the reception it was read from (「処方箋 1」). */
  name: string;
  today: string;
  /** The day the medicine was dispensed: a refill or split code then gives the next dispensing's window. */
  dispensedOn?: string;
  /** The branch's hours: the next dispensing's closed days are flagged with them. */
  hours?: BusinessHours;
}

/**
 * The prescription as its 2D code holds it: who, where, when, until when, and every RP with its drugs;
 * first, the lines that were not read, if any.
 */
export function RxPanel({ rx, name, today, dispensedOn, hours }: RxPanelProps) {
  const [showQr, setShowQr] = useState(false);
  const next = dispensedOn ? nextDispensingWindow(rx, dispensedOn) : null;
  const closed = next && hours ? closedDaysLabel(next, closedDaysIn(next, hours), today) : "";
  const flag = rx.usableUntil ? validityFlagOf(rx.usableUntil, { date: today }) : null;
  const patient = [rx.patient.name, rx.patient.kana && `（${rx.patient.kana}）`].filter(Boolean).join("");
  const patientDetails = [sexLabel(rx.patient.sex), rx.patient.birthDate && `${formatRxDate(rx.patient.birthDate)}生`]
    .filter(Boolean)
    .join("・");

  return (
    <article className={styles.panel} aria-label={`${name}の処方内容`} data-testid="rx-panel">
      <Flex align="center" justify="space-between" gap={12} wrap className={styles.panelHeader}>
        <Typography.Text strong>{`${name}（QRコードから読み取り）`}</Typography.Text>
        <Button icon={<QrcodeOutlined aria-hidden />} onClick={() => setShowQr(true)}>
          QRを表示
        </Button>
      </Flex>
      <UnreadLines lines={rx.unknownRecords} />
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: "patient",
            label: "患者",
            children: (
              <>
                {patient || "—"}
                {patientDetails && <div className={styles.sub}>{patientDetails}</div>}
              </>
            ),
          },
          {
            key: "institution",
            label: "医療機関",
            children: (
              <>
                {rx.institution.name || "—"}
                {rx.institution.department && <div className={styles.sub}>{rx.institution.department}</div>}
              </>
            ),
          },
          { key: "doctor", label: "医師", children: rx.doctor.name || rx.doctor.kana || "—" },
          { key: "issued", label: "交付日", children: formatRxDate(rx.issuedOn) },
          {
            key: "usable",
            label: "使用期限",
            children: (
              <Flex align="center" gap={8} wrap>
                <span data-testid="rx-usable-until">{formatRxDate(rx.usableUntil)}</span>
                {flag && (
                  <Tag color={VALIDITY_FLAG_COLORS[flag]} className={styles.flag}>
                    {VALIDITY_FLAG_LABELS[flag]}
                  </Tag>
                )}
              </Flex>
            ),
          },
          ...(rx.refill
            ? [{ key: "refill", label: "リフィル", children: `リフィル処方箋（全${rx.refill.totalUses}回）` }]
            : []),
          ...(rx.splitDispensing
            ? [
                {
                  key: "split",
                  label: "分割調剤",
                  children: `分割調剤 ${rx.splitDispensing.total}回中 ${rx.splitDispensing.current}回目`,
                },
              ]
            : []),
          ...(next
            ? [
                {
                  key: "next",
                  label: "次回調剤",
                  children: (
                    <>
                      <Flex align="center" gap={8} wrap>
                        <span data-testid="rx-next-dispensing">{nextDispensingText(next, today)}</span>
                        {closed && (
                          <Tag color="orange" className={styles.flag} data-testid="rx-next-dispensing-closed">
                            {closed}
                          </Tag>
                        )}
                      </Flex>
                      <div className={styles.sub}>{`今回分がなくなる日 ${formatRxDate(next.runsOutOn)}`}</div>
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ol className={styles.rps} aria-label="処方">
        {rx.rps.map((rp) => (
          <li key={rp.rpNumber} className={styles.rp}>
            <Flex align="baseline" gap={8} wrap className={styles.rpHeader}>
              <span className={styles.rpNumber}>{`RP${rp.rpNumber}`}</span>
              <span>{rp.dosageForm}</span>
              <span className={styles.sub}>{rpQuantity(rp)}</span>
              {rp.split && <Tag className={styles.flag}>{rpSplit(rp.split)}</Tag>}
            </Flex>
            <ul className={styles.drugs}>
              {rp.drugs.map((drug, index) => (
                <li key={`${drug.code}-${index}`} className={styles.drug}>
                  <span className={styles.drugName}>{drugName(drug)}</span>
                  <span className={styles.amount}>{drugAmount(drug)}</span>
                  {drug.notes.length > 0 && <span className={styles.drugNotes}>{drug.notes.join("　")}</span>}
                </li>
              ))}
            </ul>
            {rpUsage(rp) && <div className={styles.usage}>{rpUsage(rp)}</div>}
          </li>
        ))}
      </ol>
      {rx.remarks.length > 0 && (
        <Typography.Paragraph className={styles.remarks}>{`備考：${rx.remarks.join("　")}`}</Typography.Paragraph>
      )}
      <QrDialog
        payload={rx.raw}
        caption={`${rx.patient.name || "患者名なし"}・${formatRxDate(rx.issuedOn)}交付・${rx.institution.name || "医療機関名なし"}`}
        open={showQr}
        onClose={() => setShowQr(false)}
      />
    </article>
  );
}
