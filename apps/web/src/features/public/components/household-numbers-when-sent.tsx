import { lazy, Suspense } from "react";
import type { HouseholdNumber } from "./household-numbers";

const HouseholdNumbers = lazy(() =>
  import("./household-numbers").then((module) => ({ default: module.HouseholdNumbers })),
);

/** The household's numbers, loaded only for a send that had a household (the patient entry's budget). */
export function HouseholdNumbersWhenSent({ numbers }: { numbers: readonly HouseholdNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <HouseholdNumbers numbers={numbers} />
    </Suspense>
  );
}
