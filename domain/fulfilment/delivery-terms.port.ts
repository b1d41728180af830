import type { StaffedHours } from "./staffed-hours.ts";
import type { DeliveryMethod } from "../catalogue/requirements.ts";

/** What an order's promise is made of when it is paid: its products' delivery times and the staffed hours. */
export interface DeliveryTerms {
  /** Each item's product's own delivery time in minutes as it stands (null: the shop's; a deleted product too). */
  productMinutes(orderId: string): Promise<(number | null)[]>;
  /** The owner's staffed hours; around the clock until saved. */
  staffedHours(): Promise<StaffedHours>;
  saveStaffedHours(hours: StaffedHours, by: string, at: Date): Promise<void>;
  /** The delivery methods the owner paused (checkout refuses them); none until saved. */
  pausedMethods(): Promise<DeliveryMethod[]>;
  savePausedMethods(methods: readonly DeliveryMethod[], by: string, at: Date): Promise<void>;
}
