import { orderDeliverySteps } from "#domain/fulfilment/delivery-steps.ts";
import { shortId } from "#domain/shared/short-id.ts";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import VerifyDeliverer from "./VerifyDeliverer.tsx";

/**
 * What the shopper does to receive a paid order, by its items' delivery methods (domain/fulfilment/delivery-steps.ts),
 * and while the delivery runs, the account that will trade with them and its phrase.
 */
export default function DeliverySteps({ order }: { order: OrderView }) {
  const lists = orderDeliverySteps({ status: order.status, paidAt: order.paidAt, robloxName: order.roblox.name, items: order.items, gamePass: order.gamePass });
  const verify = order.deliverer && <VerifyDeliverer deliverer={order.deliverer} orderLabel={`order #${shortId(order.id)}`} />;
  if (lists.length === 0) return verify || null;
  return (
    <>
      {verify}
      <section className="mt-3 rounded-lg border border-ink-700 p-3 text-sm" aria-label={`How you'll get order #${shortId(order.id)}`}>
        {lists.map((list) => (
          <div key={list.method} className="mt-2 first:mt-0">
            <h4 className="font-semibold text-white">How you'll get it: {list.label}</h4>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-300">
              {list.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {/* The order's own link: only its owner and staff ever receive it. */}
            {list.method === "private_server" && order.privateServerUrl ? (
              <p className="mt-2">
                <a className="font-semibold break-all text-sky-300 underline" href={order.privateServerUrl} rel="noopener noreferrer" target="_blank">
                  Join the private server
                </a>
              </p>
            ) : null}
          </div>
        ))}
      </section>
    </>
  );
}
