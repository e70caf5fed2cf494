import { useState } from "react";

/**
 * Whether an antd form differs from the values last saved. Compares normalised values, so typing a
 * change and typing it back is clean again (antd's "touched" would stay true).
 */
export function useFormDirty<V>(baseline: V, toComparable: (values: Partial<V>) => unknown) {
  const [current, setCurrent] = useState<Partial<V> | null>(null);
  const dirty = current !== null && JSON.stringify(toComparable(current)) !== JSON.stringify(toComparable(baseline));
  return {
    dirty,
    onValuesChange: (_changed: unknown, all: Partial<V>) => setCurrent(all),
    /** After a save or a reset: the form equals what is saved. */
    markClean: () => setCurrent(null),
  };
}
