import { api } from "#src/lib/api-client.ts";
import { showToast, toastError } from "#src/stores/toast.ts";

/** Saves one Settings section; says so in a toast either way. True when saved. */
export async function saveSection(section: string, body: unknown, title: string): Promise<boolean> {
  try {
    await api.put(`/api/admin/settings/${section}`, body);
    showToast({ title, description: "Shoppers see it on the next page they open." });
    return true;
  } catch (error) {
    toastError(error, "Failed to save. Please try again.");
    return false;
  }
}

/** A datetime-local value (the admin's own time zone) as an ISO instant, or "" when empty. */
export function localToIso(value: string): string {
  return value ? new Date(value).toISOString() : "";
}

/** An ISO instant as a datetime-local value in the admin's own time zone. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
