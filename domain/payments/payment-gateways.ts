import type { PaymentGateway, PaymentGateways, PaymentProvider } from "./payment-gateway.port.ts";
import { paymentProviderUnavailable } from "./payments.errors.ts";

/** The configured gateways, the first the default: each payment goes to the gateway of its provider. */
export function paymentGateways(gateways: readonly PaymentGateway[]): PaymentGateways {
  if (gateways.length === 0) throw new Error("at least one payment gateway is needed");
  const byProvider = new Map<string, PaymentGateway>(gateways.map((gateway) => [gateway.provider, gateway]));
  return {
    providers: [...byProvider.keys()] as PaymentProvider[],
    of(provider) {
      const gateway = byProvider.get(provider);
      if (!gateway) throw paymentProviderUnavailable(provider);
      return gateway;
    },
  };
}
