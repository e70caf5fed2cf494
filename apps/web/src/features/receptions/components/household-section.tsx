import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { Button, Flex, Tag, Typography } from "antd";
import { listedNumber } from "../format";
import { householdLabel } from "../household";
import { listStatusOf, SHOWN_STATUS_LABELS, STATUS_COLORS } from "../labels";
import styles from "./reception-detail.module.css";

/**
 * The others one phone sent with this reception (「家族の分もまとめて」, docs/rules.md#family), each a link
 * that opens it.
 */
export function HouseholdSection({
  others,
  today,
  onSelect,
}: {
  others: readonly Reception[];
  today: string;
  onSelect: (id: string) => void;
}) {
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="detail-household" data-testid="detail-household">
      <Typography.Title level={2} id="detail-household" className={styles.heading}>
        {householdLabel(others.length)}
      </Typography.Title>
      <Flex vertical gap={4}>
        {others.map((other) => {
          const shown = listStatusOf(other);
          return (
            <Flex key={other.id} align="center" gap={8} wrap>
              <Button type="link" onClick={() => onSelect(other.id)} data-testid="household-link">
                {`受付番号 ${listedNumber(other, today)}${other.patientName ? ` ${other.patientName}` : ""}`}
              </Button>
              {shown !== "inProgress" && (
                <Tag color={STATUS_COLORS[shown]} className={styles.tag}>
                  {SHOWN_STATUS_LABELS[shown]}
                </Tag>
              )}
            </Flex>
          );
        })}
      </Flex>
    </section>
  );
}
