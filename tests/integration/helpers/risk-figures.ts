/** The analytics summary's risk figures (issue 37) with no order held or decided and no chargeback. */
export const NO_RISK = {
  heldOrders: 0,
  approvedOrders: 0,
  rejectedOrders: 0,
  disputes: 0,
  reversals: 0,
  chargebackLosses: "0.00",
  todayHeldOrders: 0,
  todayChargebackLosses: "0.00",
};
