import { lazy } from "react";
import { OptionalPiece } from "./optional-piece";
import type { HouseholdNumber } from "./household-numbers";

/** Fetched ahead by the form as soon as it holds a family: the numbers are then shown with the rest. */
export const loadHouseholdNumbers = () => import("./household-numbers");
const HouseholdNumbers = lazy(() => loadHouseholdNumbers().then((module) => ({ default: module.HouseholdNumbers })));

/** The household's numbers, loaded only for a send that had a household (the patient entry's budget). */
export function HouseholdNumbersWhenSent({ numbers }: { numbers: readonly HouseholdNumber[] }) {
  if (numbers.length === 0) return null;
  return (
    <OptionalPiece>
      <HouseholdNumbers numbers={numbers} />
    </OptionalPiece>
  );
}
