import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { messageOr, type Message } from "../../../lib/i18n/message";
import { ArrowLeftOutlined, ArrowRightOutlined } from "@ant-design/icons";
import { ExchangeNumberSchema } from "@pharmacy/contract/files/prescription-data";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useState } from "react";
import styles from "./counter-flow.module.css";

interface ExchangeStepProps {
  value: string;
  /** The value was read from a photographed 控え's QR code. */
  fromCopy?: boolean;
  /** The 引換番号 as the contract normalises it (half-width digits), "" when left empty. */
  onNext: (exchangeNumber: string) => void;
  onBack: () => void;
}

/** 「引換番号」 of an electronic prescription shown with 資格確認書・保険証; full-width digits are fine. */
export function ExchangeStep({ value, fromCopy = false, onNext, onBack }: ExchangeStepProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<Message>();
  const { r, m } = usePatientText();

  function next() {
    const parsed = ExchangeNumberSchema.safeParse(text);
    if (!parsed.success) {
      setError(messageOr("fields.exchangeDigits", parsed.error.issues[0]?.message ?? ""));
      return;
    }
    onNext(parsed.data);
  }

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Typography.Title level={2} className={styles.prompt} id="exchange-prompt">
        {r("counter.exchangeTitle")}
      </Typography.Title>
      <Typography.Paragraph className={styles.note}>{r("counter.exchangeLead")}</Typography.Paragraph>
      <Form layout="vertical" onFinish={next}>
        <Form.Item
          label={r("counter.exchangeLabel")}
          htmlFor="exchange-number"
          validateStatus={error ? "error" : undefined}
          help={error ? m(error) : fromCopy && text === value ? r("counter.exchangeRead") : undefined}
        >
          <Input
            id="exchange-number"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            className={styles.exchangeInput}
          />
        </Form.Item>
      </Form>
      <Flex justify="space-between" gap={16} className={styles.footer}>
        <Button size="large" icon={<ArrowLeftOutlined aria-hidden />} className={styles.footerButton} onClick={onBack}>
          {r("common.back")}
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          className={styles.footerButton}
          onClick={next}
        >
          {r("common.next")}
        </Button>
      </Flex>
    </Flex>
  );
}
