/** When staff members last had the panel's Support or Orders tab open. */
export interface StaffPresence {
  /**
   * Records `userId` as seen at `at`, unless already seen at or after `notBefore`: one write per
   * staff member per interval, however many tabs or heartbeats.
   */
  note(userId: string, at: Date, notBefore: Date): Promise<void>;
}
