import { Alert, Button, Drawer, Typography } from "antd";
import { apiErrorMessage } from "../../../lib/api/api-error";
import { useGetPickupsQuery } from "../api";
import { ReceptionTable } from "./reception-table";

const NO_ARRIVALS: ReadonlySet<string> = new Set();

interface PickupsProps {
  today: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Opens a reception's detail (the drawer closes first). */
  onSelect: (id: string) => void;
}

/**
 * 「本日お渡し予定 n件」 (docs/rules.md#across-days): the receptions whose pickup day is today and that are not handed
 * over (後で取りに来る for today, today's own, earlier ones due today), kept live; the list opens
 * from the button.
 */
export function Pickups({ today, open, onOpen, onClose, onSelect }: PickupsProps) {
  const { data, error, isLoading, refetch } = useGetPickupsQuery({ date: today });
  const receptions = data?.receptions ?? [];
  return (
    <>
      <Button size="large" onClick={onOpen} data-testid="pickups-button">
        {data ? `本日お渡し予定 ${receptions.length}件` : "本日お渡し予定"}
      </Button>
      <Drawer title="本日お渡し予定" placement="right" open={open} onClose={onClose} size={720} destroyOnHidden>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={apiErrorMessage(error)}
            action={<Button onClick={() => void refetch()}>再読み込み</Button>}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              お渡しの予定日が本日で、まだお渡ししていない受付です（後で取りに来る方を含みます）。
            </Typography.Paragraph>
            <ReceptionTable
              receptions={receptions}
              listDate={today}
              loading={isLoading}
              selectedId={undefined}
              arrivals={NO_ARRIVALS}
              emptyText="本日お渡し予定の受付はありません"
              compact
              onSelect={(id) => {
                onClose();
                onSelect(id);
              }}
            />
          </>
        )}
      </Drawer>
    </>
  );
}
