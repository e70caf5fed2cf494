import { textSchema } from "../shared/text.js";

/**
 * A patient's name as staff and the web form take it. Its own module: the patient's entry loads it
 * (public/public.ts) without the staff's reception and prescription schemas beside it.
 */
export const PatientNameSchema = textSchema("お名前を入力してください")
  .trim()
  .max(100, "お名前は100文字以内で入力してください");
