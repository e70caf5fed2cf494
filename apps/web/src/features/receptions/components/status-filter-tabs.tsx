import { Segmented } from "antd";
import { SHOWN_STATUS_LABELS } from "../labels";
import { STATUS_FILTERS, type StatusFilter } from "../status-filter";
import styles from "./receptions-page.module.css";

interface StatusFilterTabsProps {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
  /** The count under each filter; none until the day has loaded (a 0 would say the day is empty). */
  counts: Record<StatusFilter, number> | undefined;
}

/** すべて and one tab per shown status, each with its count. */
export function StatusFilterTabs({ value, onChange, counts }: StatusFilterTabsProps) {
  return (
    <Segmented<StatusFilter>
      block
      size="large"
      className={styles.filter}
      value={value}
      onChange={onChange}
      aria-label="ステータスで絞り込み"
      options={STATUS_FILTERS.map((filter) => ({
        value: filter,
        label: (
          <span className={styles.filterLabel}>
            {filter === "all" ? "すべて" : SHOWN_STATUS_LABELS[filter]}
            {counts && <span className={styles.filterCount}>{counts[filter]}</span>}
          </span>
        ),
      }))}
    />
  );
}
