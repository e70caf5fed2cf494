import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";
import { DeviceKindSchema } from "../auth/roles.js";
import { IdSchema } from "../receptions/receptions.js";

export const DeviceNameSchema = textSchema("端末名を入力してください")
  .trim()
  .min(1, "端末名を入力してください")
  .max(50, "端末名は50文字以内で入力してください");

export const CreateDeviceSchema = z.strictObject({ kind: DeviceKindSchema, name: DeviceNameSchema });
export type CreateDeviceInput = z.input<typeof CreateDeviceSchema>;

export const DeviceSchema = z.object({
  id: z.uuid(),
  kind: DeviceKindSchema,
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().optional(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** POST /api/devices: the browser that asked keeps `deviceToken` as its refresh token and becomes the device. */
export const CreatedDeviceSchema = z.object({
  id: z.uuid(),
  kind: DeviceKindSchema,
  name: z.string(),
  deviceToken: z.string(),
});
export type CreatedDevice = z.infer<typeof CreatedDeviceSchema>;

export const DeviceListSchema = z.object({ devices: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const DeviceIdParamsSchema = z.strictObject({ id: IdSchema });
