/** The slice of PayPal's JS SDK the checkout uses (Buttons with createOrder/onApprove). */
interface PayPalButtons {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
interface PayPalNamespace {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError: (error: unknown) => void;
  }): PayPalButtons;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

let loading: Promise<PayPalNamespace> | null = null;

/** Loads PayPal's JS SDK once, with the client id and the client token from GET /paypal/setup. */
export function loadPayPalSdk(clientId: string, clientToken: string): Promise<PayPalNamespace> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=USD&intent=capture&components=buttons`;
    script.dataset["clientToken"] = clientToken;
    script.async = true;
    script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error("PayPal SDK loaded without paypal")));
    script.onerror = () => {
      loading = null;
      reject(new Error("PayPal SDK failed to load"));
    };
    document.head.append(script);
  });
  return loading;
}
