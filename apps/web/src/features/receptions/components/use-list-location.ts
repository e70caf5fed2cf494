import { getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { useBusinessToday } from "../../../lib/dates/use-business-today";
import { listDateOf } from "../list-search";

const routeApi = getRouteApi("/_authenticated/");

/**
 * What the main screen's address holds: the day listed (today unless `date` names another), the
 * reception open in the detail and whether the dates drawer is open; with the moves between them.
 */
export function useListLocation() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const today = useBusinessToday();
  const { date, notice } = listDateOf(search.date, today);

  const showReception = useCallback(
    (id: string | undefined) => void navigate({ search: (previous) => ({ ...previous, receptionId: id }) }),
    [navigate],
  );

  return {
    today,
    date,
    isToday: date === today,
    /** Why the `date` asked for is not the one listed. */
    dateNotice: notice,
    receptionId: search.receptionId,
    showDates: search.showDates,
    showReception,
    showDay(day: string | undefined) {
      void navigate({
        search: (previous) => ({
          ...previous,
          date: day === today ? undefined : day,
          showDates: false,
          receptionId: undefined,
        }),
      });
    },
    openDates() {
      void navigate({ search: (previous) => ({ ...previous, showDates: true }) });
    },
    closeDates() {
      void navigate({ search: (previous) => ({ ...previous, showDates: false }) });
    },
    dismissDateNotice() {
      void navigate({ search: (previous) => ({ ...previous, date: undefined }) });
    },
  };
}
