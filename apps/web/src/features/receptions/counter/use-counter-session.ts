import { useEffect, useState } from "react";
import { useAppDispatch } from "../../../lib/store/store-hooks";
import { scansCleared } from "../scanned-prescriptions-slice";
import { ScanFiles } from "./scan-files";

/**
 * What the full-screen counter holds for as long as it is open: the staff screen behind it made inert,
 * and a fresh list of scanned prescriptions with their pictures, released when it closes.
 */
export function useCounterSession(): ScanFiles {
  const dispatch = useAppDispatch();
  const [files] = useState(() => new ScanFiles());

  // The staff list stays behind the full-screen counter: out of reach of a screen reader and the keyboard.
  useEffect(() => {
    const app = document.getElementById("root");
    app?.setAttribute("inert", "");
    return () => app?.removeAttribute("inert");
  }, []);

  // Each counter reception starts with an empty list of scanned prescriptions and leaves none behind.
  useEffect(() => {
    dispatch(scansCleared());
    return () => {
      files.releaseAll();
      dispatch(scansCleared());
    };
  }, [dispatch, files]);

  return files;
}
