import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, SoundOutlined } from "@ant-design/icons";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { WaitAction, type Reception } from "@pharmacy/contract/receptions/receptions";
import { STATUS_FLOW, nextStatus, previousStatus, statusRank } from "@pharmacy/contract/receptions/status-flow";
import { App, Button, Flex, Steps, Typography } from "antd";
import { useState } from "react";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useChangeWaitStateMutation, useUpdateReceptionMutation } from "../api";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { ADVANCE_LABELS, BACK_LABELS, STATUS_LABELS } from "../labels";
import { callableWith } from "../household";
import styles from "./reception-detail.module.css";

/**
 * Where the reception stands (確認中 → 調剤中 → 完了) and the buttons to move it a step. `household`: the
 * others sent with it from one phone (docs/rules.md#family), offered to be called with it.
 */
export function StatusActions({
  reception,
  household = [],
}: {
  reception: Reception;
  household?: readonly Reception[];
}) {
  const { message } = App.useApp();
  const [updateReception] = useUpdateReceptionMutation();
  const [saving, setSaving] = useState<ReceptionStatus | null>(null);
  const today = useBusinessToday();
  // the moves the contract's STATUS_MOVES allows, one step each way (none once handed over)
  const standing = { status: reception.status, handedOver: reception.handedOverAt !== undefined };
  const next = nextStatus(standing);
  // Opening today's own reception makes it 確認中; another day's (carried, or a past day's list) is moved on by hand.
  const canMoveOn = next !== undefined && (reception.status !== null || reception.receptionDate !== today);
  const previous = previousStatus(standing);
  const currentIndex = statusRank(reception.status) - 1;

  async function move(status: ReceptionStatus) {
    setSaving(status);
    try {
      await updateReception({ id: reception.id, status }).unwrap();
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Flex vertical gap={16} className={styles.statusBox}>
      <Steps
        size="small"
        current={currentIndex}
        aria-label="ステータス"
        items={STATUS_FLOW.map((status, index) => ({
          title: STATUS_LABELS[status],
          status:
            index < currentIndex || reception.status === "Completed"
              ? "finish"
              : index === currentIndex
                ? "process"
                : "wait",
        }))}
      />
      <Flex gap={12}>
        {previous && (
          <Button
            size="large"
            icon={<ArrowLeftOutlined aria-hidden />}
            className={styles.statusButton}
            loading={saving === previous}
            disabled={saving !== null}
            onClick={() => void move(previous)}
          >
            {BACK_LABELS[previous]}
          </Button>
        )}
        {next && canMoveOn && (
          <Button
            type="primary"
            size="large"
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
            className={styles.statusButtonMain}
            loading={saving === next}
            disabled={saving !== null}
            onClick={() => void move(next)}
          >
            {ADVANCE_LABELS[next]}
          </Button>
        )}
      </Flex>
      {reception.status === "Completed" && <HandOverActions reception={reception} household={household} />}
    </Flex>
  );
}

/**
 * A ready reception: call its number on the calling display, then mark the medicine handed over. With
 * others of its household ready too, 「まとめて呼び出す」 calls each of them, by number, as its own call
 * (each recorded as one), so the display shows all their numbers.
 */
function HandOverActions({ reception, household }: { reception: Reception; household: readonly Reception[] }) {
  const { message } = App.useApp();
  const [changeWaitState, { isLoading, originalArgs }] = useChangeWaitStateMutation();
  const [callingAll, setCallingAll] = useState(false);
  const together = [reception, ...callableWith(household)].sort((a, b) => a.receptionNumber - b.receptionNumber);

  async function run(action: WaitAction) {
    try {
      await changeWaitState({ id: reception.id, action }).unwrap();
      if (action === WaitAction.call) void message.success("呼び出しました。");
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    }
  }

  async function callTogether() {
    setCallingAll(true);
    try {
      for (const member of together) await changeWaitState({ id: member.id, action: WaitAction.call }).unwrap();
      void message.success(
        `受付番号 ${together.map((member) => member.receptionNumber).join("・")} を呼び出しました。`,
      );
    } catch (caught) {
      void message.error(apiErrorMessage(caught));
    } finally {
      setCallingAll(false);
    }
  }

  if (reception.handedOverAt) return <Typography.Text strong>お渡し済み</Typography.Text>;
  return (
    <Flex gap={12} align="center" wrap>
      <Button
        type="primary"
        size="large"
        icon={<SoundOutlined aria-hidden />}
        className={styles.statusButton}
        loading={isLoading && originalArgs?.action === WaitAction.call}
        disabled={isLoading}
        onClick={() => void run(WaitAction.call)}
      >
        {reception.calledAt ? "もう一度呼び出す" : "呼び出す"}
      </Button>
      {together.length > 1 && (
        <Button
          type="primary"
          size="large"
          icon={<SoundOutlined aria-hidden />}
          className={styles.statusButton}
          loading={callingAll}
          disabled={isLoading}
          onClick={() => void callTogether()}
          data-testid="call-household"
        >
          {`家族 ${together.length}件をまとめて呼び出す`}
        </Button>
      )}
      <Button
        size="large"
        icon={<CheckOutlined aria-hidden />}
        className={styles.statusButton}
        loading={isLoading && originalArgs?.action === WaitAction.hand_over}
        disabled={isLoading}
        onClick={() => void run(WaitAction.hand_over)}
      >
        お渡し済み
      </Button>
      {reception.calledAt && <Typography.Text type="secondary">呼び出し済み</Typography.Text>}
    </Flex>
  );
}
