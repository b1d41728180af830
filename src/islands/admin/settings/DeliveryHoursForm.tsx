import { useEffect, useState, type FormEvent } from "react";
import { WEEKDAYS, type StaffedHours, type Weekday } from "#domain/fulfilment/staffed-hours.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { TextField } from "../../ui/text-field.tsx";

const DAY_NAMES: Record<Weekday, string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };
const WEEK: Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

const asText = (periods: StaffedHours["days"][Weekday]) => (periods ?? []).map(([start, end]) => `${start}-${end}`).join(", ");

/** "08:00-12:00, 13:00-22:00" as periods; null when a part is not two HH:MM times. */
function periodsOf(text: string): [string, string][] | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const periods: [string, string][] = [];
  for (const part of parts) {
    const [, start, end] = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(part) ?? [];
    if (start === undefined || end === undefined) return null;
    periods.push([start, end]);
  }
  return periods;
}

/**
 * The hours staff deliver (GET/PUT /api/admin/settings/delivery-hours): outside them the product
 * page and checkout say when delivery starts, and a paid order's promise counts from then.
 */
export default function DeliveryHoursForm() {
  const [timeZone, setTimeZone] = useState("UTC");
  const [days, setDays] = useState<Record<Weekday, string>>(() => Object.fromEntries(WEEKDAYS.map((d) => [d, ""])) as Record<Weekday, string>);
  const [errors, setErrors] = useState<Partial<Record<Weekday | "timeZone", string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<StaffedHours>("/api/admin/settings/delivery-hours").then(
      (hours) => {
        setTimeZone(hours.timeZone);
        setDays(Object.fromEntries(WEEKDAYS.map((d) => [d, asText(hours.days[d])])) as Record<Weekday, string>);
      },
      () => setErrors({ timeZone: "The delivery hours could not be loaded" }),
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const wrong: Partial<Record<Weekday, string>> = {};
    const parsed: StaffedHours["days"] = {};
    for (const day of WEEKDAYS) {
      const periods = periodsOf(days[day]);
      if (periods === null) wrong[day] = "Write periods as 08:00-22:00, separated by commas; leave it empty when nobody delivers";
      else if (periods.length > 0) parsed[day] = periods;
    }
    setErrors(wrong);
    const first = WEEK.find((d) => wrong[d]);
    if (first) return document.getElementById(`delivery-hours-${first}`)?.focus();
    setBusy(true);
    try {
      await api.put("/api/admin/settings/delivery-hours", { timeZone: timeZone.trim(), days: parsed });
      showToast({ title: "Delivery Hours Saved", description: "Orders paid from now on count from these hours." });
    } catch (error) {
      // The server names the day or the time zone in its message; shown at the time zone when it is about it.
      const message = errorMessage(error, "Failed to save. Please try again.");
      const day = WEEKDAYS.find((d) => message.startsWith(`${d}:`));
      setErrors(day ? { [day]: message } : { timeZone: message });
      document.getElementById(day ? `delivery-hours-${day}` : "delivery-hours-zone")?.focus();
    }
    setBusy(false);
  }

  return (
    <form className="card space-y-4 p-5" aria-labelledby="delivery-hours-heading" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="delivery-hours-heading" className="text-lg font-semibold">
        Delivery hours
      </h3>
      <p className="text-sm text-slate-300">
        When staff deliver. Outside these hours shoppers are told when delivery starts, and an order&apos;s promise counts from then. Leave every day empty to
        deliver around the clock.
      </p>
      <TextField
        id="delivery-hours-zone"
        label="Time zone (e.g. UTC, Europe/Berlin)"
        value={timeZone}
        maxLength={64}
        onValueChange={setTimeZone}
        error={errors.timeZone}
        announceError
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {WEEK.map((day) => (
          <TextField
            key={day}
            id={`delivery-hours-${day}`}
            label={DAY_NAMES[day]}
            value={days[day]}
            placeholder="Nobody delivers"
            maxLength={100}
            onValueChange={(value) => setDays((all) => ({ ...all, [day]: value }))}
            error={errors[day]}
            announceError
          />
        ))}
      </div>
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Save Delivery Hours
      </button>
    </form>
  );
}
