import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { useEffect, useState } from "react";

const CHECK_EVERY_MS = 60_000;

/** Today's business day (YYYY-MM-DD, Asia/Tokyo), moving on at midnight while the screen stays open. */
export function useBusinessToday(): string {
  const [today, setToday] = useState(() => businessDateOf(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(businessDateOf(new Date())), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
