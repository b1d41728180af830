import { useEffect, useState } from "react";
import type { ShopSettings } from "#domain/shop-facts/shop-settings.ts";
import { api } from "#src/lib/api-client.ts";
import AnnouncementSettingsForm from "./AnnouncementSettingsForm.tsx";
import ShopFiguresForm from "./ShopFiguresForm.tsx";
import EndorsementsForm from "./EndorsementsForm.tsx";
import SupportHoursForm from "./SupportHoursForm.tsx";
import DeliveryHoursForm from "./DeliveryHoursForm.tsx";
import DeliveryMethodsForm from "./DeliveryMethodsForm.tsx";
import MinorsLimitForm from "./MinorsLimitForm.tsx";
import WebhooksSection from "./WebhooksSection.tsx";
import { useStore } from "@nanostores/react";
import { $adminAccess } from "#src/stores/admin-access.ts";

/**
 * The Settings tab (issue 36): what the shop tells shoppers in the owner's words. Each section is
 * its own form and saves on its own (PUT /api/admin/settings/<section>); add a section as another
 * component here.
 */
export default function SettingsTab() {
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  const [failed, setFailed] = useState(false);
  // Webhooks are the owner's alone (the server refuses anyone else; this only hides what they cannot use).
  const owner = useStore($adminAccess)?.permissions.includes("webhooks") ?? false;

  useEffect(() => {
    api.get<ShopSettings>("/api/admin/settings").then(setSettings, () => setFailed(true));
  }, []);

  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <div>
        <h2 id="settings-heading" className="text-xl font-bold">
          Settings
        </h2>
        <p className="mt-1 text-sm text-slate-300">
          What the shop tells shoppers. Anything left empty is not shown: the shop never shows a figure it cannot back.
        </p>
      </div>
      {failed && (
        <p className="text-red-300" role="alert">
          Settings could not be loaded.
        </p>
      )}
      {!settings && !failed && <p className="text-slate-300">Loading settings...</p>}
      {settings && (
        <>
          <AnnouncementSettingsForm initial={settings.announcement} />
          <SupportHoursForm initial={settings.support} />
          <DeliveryHoursForm />
          <DeliveryMethodsForm />
          <ShopFiguresForm initial={settings.figures} />
          <EndorsementsForm initial={settings.endorsements} />
          <MinorsLimitForm initial={settings.minors} />
          {owner && <WebhooksSection />}
        </>
      )}
    </section>
  );
}
