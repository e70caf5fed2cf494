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
  const [error, setError] = useState<string>();

  function next() {
    const parsed = ExchangeNumberSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onNext(parsed.data);
  }

  return (
    <Flex vertical gap={24} className={styles.step}>
      <Typography.Title level={2} className={styles.prompt} id="exchange-prompt">
        電子処方箋の引換番号を入力してください
      </Typography.Title>
      <Typography.Paragraph className={styles.note}>
        医療機関で受け取った控え（処方内容の控え）に書かれている番号です。わからない場合は空欄のまま「次へ」を押してください。
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={next}>
        <Form.Item
          label="引換番号"
          htmlFor="exchange-number"
          validateStatus={error ? "error" : undefined}
          help={
            error ??
            (fromCopy && text === value
              ? "撮影した控えのQRコードから読み取りました。番号を確かめて「次へ」を押してください。"
              : undefined)
          }
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
          戻る
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ArrowRightOutlined aria-hidden />}
          iconPlacement="end"
          className={styles.footerButton}
          onClick={next}
        >
          次へ
        </Button>
      </Flex>
    </Flex>
  );
}
