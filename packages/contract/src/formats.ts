/** dayjs format strings of the brief, and the time zone every business day is counted in. */
export const TIME_FORMAT = "HH:mm";
export const DATE_TIME_FORMAT = "YYYY年MM月DD日 HH:mm";
export const DATE_FORMAT = "YYYY年MM月DD日";
export const API_DATE_FORMAT = "YYYY-MM-DD";
export const BUSINESS_TIME_ZONE = "Asia/Tokyo";

export const API_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
