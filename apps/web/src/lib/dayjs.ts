import dayjs from "dayjs";
import "dayjs/locale/ja";

// Imported by the screens that format dates instead of main.tsx, so dayjs stays out of the login page's entry chunk.
dayjs.locale("ja");

export { dayjs };
