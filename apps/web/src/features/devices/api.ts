import { DeviceListSchema, type DeviceList } from "@pharmacy/contract/devices/devices";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

const LIST_TAG = { type: "Device", id: "LIST" } as const;

export const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DeviceList, void>({
      extraOptions: responds(DeviceListSchema),
      query: () => "/api/devices",
      providesTags: [LIST_TAG],
    }),
    /** Ends the device's session at once: the tablet shows the login next time it calls. */
    deleteDevice: build.mutation<void, string>({
      extraOptions: responds("none"),
      query: (id) => ({ url: `/api/devices/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const { useGetDevicesQuery, useDeleteDeviceMutation } = devicesApi;
