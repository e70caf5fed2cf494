import { useEffect, useState } from "react";

/** A count that goes up every `ms` while the component is shown (the clock, the turning pages). */
export function useTicker(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((previous) => previous + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}
