import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { useMemo, useState } from "react";
import { useGetReceptionsQuery } from "../api";
import { countsByFilter, isShownIn, type StatusFilter } from "../status-filter";

/**
 * The receptions of `date` with the 持ち越し carried onto it (counted and searched with the day's own),
 * narrowed by the status filter and the search box.
 */
export function useDayReceptions(date: string) {
  const { data, error, isLoading, isFetching, refetch } = useGetReceptionsQuery({ date });
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [query, setQuery] = useState("");

  const receptions = useMemo(() => data?.receptions ?? [], [data]);
  // 持ち越し: earlier days' receptions carried onto today, counted and searched with today's.
  const carried = useMemo(() => data?.carried ?? [], [data]);
  const counts = useMemo(() => countsByFilter([...carried, ...receptions]), [receptions, carried]);
  const [visible, visibleCarried] = useMemo(() => {
    const shown = (reception: Reception) => isShownIn(reception, filter, query);
    return [receptions.filter(shown), carried.filter(shown)];
  }, [receptions, carried, filter, query]);

  return {
    data,
    error,
    isLoading,
    isFetching,
    refetch,
    receptions,
    carried,
    counts,
    visible,
    visibleCarried,
    filter,
    setFilter,
    query,
    setQuery,
    /** The filter or the search leaves receptions out. */
    narrowed: filter !== "all" || query.trim() !== "",
  };
}

export type DayReceptions = ReturnType<typeof useDayReceptions>;
